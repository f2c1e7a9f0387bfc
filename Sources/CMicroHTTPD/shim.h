#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
/* Swift's Glibc module leaves out epoll and eventfd, which HangUpWatcher waits with: one descriptor for the
 * sockets of suspended connections, which MHD does not watch while they are suspended. */
#include <sys/epoll.h>
#include <sys/eventfd.h>

/* MHD_start_daemon and MHD_get_daemon_info are C variadic functions, which Swift cannot call. These wrappers
 * fix the one set of options the render service starts with and the one piece of information it reads. */

/* A daemon on `address` (a sockaddr_in6 when `ipv6`) with its own polling threads (`threads` of them, each with its own epoll or poll set), connections
 * that may be suspended while their answer is made elsewhere (which needs the inter-thread channel), at most
 * `connection_limit` connections (more are closed at once), `timeout_seconds` of inactivity before a
 * connection is closed (a slow client), and `memory_limit` bytes per connection for the request line and
 * headers (MHD answers 414 or 431 past it). `uri_log` sees each request's raw target before MHD decodes it;
 * what it returns is the request's context pointer. */
static inline struct MHD_Daemon *cmhd_start(
    const struct sockaddr *address, int ipv6, unsigned int threads, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    void *(*uri_log)(void *context, const char *uri, struct MHD_Connection *connection), void *uri_context) {
    return MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC
            | (ipv6 ? MHD_USE_IPv6 : 0),
        0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_context,
        MHD_OPTION_END);
}

/* The port the daemon listens on (the one the system picked for port 0); 0 when MHD cannot say. */
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* MHD_RESPMEM_MUST_COPY: the response copies the body, so the caller's buffer may go away. */
static inline enum MHD_ResponseMemoryMode cmhd_must_copy(void) { return MHD_RESPMEM_MUST_COPY; }

/* The socket of `connection` (MHD_get_connection_info is variadic); -1 when MHD cannot say. */
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
