#!/usr/bin/env bash
# Prints the nginx configuration of docs/SERVICE.md for a cache in front of chat-tui serve replicas:
#   service-nginx-conf.sh FOLDER LISTEN_PORT REPLICA_PORT...
# FOLDER holds nginx's pid, logs, temporary files and the cache (it must exist; on tmpfs, such as /dev/shm,
# a hit reads no disk). NGINX_WORKERS sets worker_processes (default 2: one per core of this machine).
# Shared by Tests/e2e/service-nginx.sh and bench/service.sh.
set -euo pipefail
folder=$1; listen=$2; shift 2
# nginx started as root hands its workers to `nobody`, which could not write into a private folder.
[ "$(id -u)" -eq 0 ] && echo "user root;"
cat <<CONF
worker_processes ${NGINX_WORKERS:-2};
daemon off;
pid $folder/nginx.pid;
error_log $folder/nginx-error.log warn;
events { worker_connections 1024; }
http {
    access_log $folder/nginx-access.log;
    # A hit is a cached file sent as it is: descriptors kept open between hits, the kernel copies the body,
    # and a client's connection serves many requests.
    open_file_cache max=10000 inactive=60s;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 10000;
    client_body_temp_path $folder/body;
    proxy_temp_path $folder/proxy;
    fastcgi_temp_path $folder/fastcgi;
    uwsgi_temp_path $folder/uwsgi;
    scgi_temp_path $folder/scgi;

    # Keyed by the URL: a signed composite URL names its bytes, a fixture URL is revalidated with its ETag.
    proxy_cache_path $folder/cache levels=1:2 keys_zone=avatars:10m max_size=1g inactive=7d use_temp_path=off;

    upstream chat_tui {
CONF
for port in "$@"; do
  echo "        server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"
done
cat <<CONF
        keepalive 32;
    }

    server {
        listen 127.0.0.1:$listen;
        location / {
            proxy_pass http://chat_tui;
            proxy_http_version 1.1;
            proxy_set_header Connection "";

            proxy_cache avatars;
            proxy_cache_key \$request_uri;
            # A burst of misses for one URL sends one request upstream; the others wait for its answer.
            proxy_cache_lock on;
            proxy_cache_lock_timeout 60s;
            proxy_cache_lock_age 60s;
            # If-None-Match towards the replicas when a fixture avatar's max-age has passed.
            proxy_cache_revalidate on;
            proxy_cache_use_stale error timeout updating http_502 http_503;

            # A replica that dies or is overloaded loses no request: GET is retried on the next one.
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 2s;
            proxy_read_timeout 60s;

            add_header X-Cache-Status \$upstream_cache_status always;
        }
    }
}
CONF
