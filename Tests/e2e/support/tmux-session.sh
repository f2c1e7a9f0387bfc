# Shared set-up of the end-to-end scripts that drive chat-tui inside tmux; `source` it with a session name.
# Provides: root, bin (the debug chat-tui), tmp (removed on exit), session, tmx (tmux on a private socket),
# fail, ok/checks, wait_for TEXT [SECONDS], wait_gone TEXT [SECONDS], wait_settled [SECONDS], stop_server, and
# cleanup, which also calls extra_cleanup if the script defines one.
name=${1:?usage: source tmux-session.sh NAME}
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
root=$(pwd)
bin=$root/.build/debug/chat-tui
tmp=$(mktemp -d)
# The app keeps its last session per fixture under XDG_STATE_HOME: each script gets its own, so no run restores
# another's parameters.
export XDG_STATE_HOME=$tmp/state
session="chat-tui-$name-$$"
socket="chat-tui-$name-$$"
tmx() { tmux -L "$socket" "$@"; }
cleanup() {
  if declare -F extra_cleanup >/dev/null; then extra_cleanup; fi
  tmx kill-server 2>/dev/null || true
  # An app ended by the hang-up may still be saving its session under $tmp (it does on SIGHUP): try again.
  for _ in 1 2 3 4 5 6 7 8 9 10; do rm -rf "$tmp" 2>/dev/null && break; sleep 0.2; done
}
trap cleanup EXIT
# Ends the tmux server and waits until its socket is gone: killing is asynchronous, and a session started at once
# on the same socket would reach the dying server ("server exited unexpectedly").
stop_server() { local i=0
  tmx kill-server 2>/dev/null || true
  while [ -S "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket" ] && [ $i -lt 100 ]; do i=$((i+1)); sleep 0.05; done; }
fail() { echo "FAIL: $*"; tmx capture-pane -p -t "$session" 2>/dev/null | grep -v '^$' | tail -30 || true; exit 1; }
checks=0
ok() { checks=$((checks+1)); }
# Waits until the plain screen text contains TEXT, polling every 0.1 s for up to SECONDS (default 20).
wait_for() { local text=$1 limit=${2:-20} i=0
  until tmx capture-pane -p -t "$session" 2>/dev/null | grep -qF -- "$text"; do
    i=$((i+1)); [ $i -gt $((limit*10)) ] && return 1; sleep 0.1; done; }
# Waits until the plain screen text no longer contains TEXT, for up to SECONDS (default 20).
wait_gone() { local text=$1 limit=${2:-20} i=0
  while tmx capture-pane -p -t "$session" 2>/dev/null | grep -qF -- "$text"; do
    i=$((i+1)); [ $i -gt $((limit*10)) ] && return 1; sleep 0.1; done; }
# Waits until the app has drawn what it was working on: no "composing" placeholder is left and two captures of the
# screen (colours included) 0.2 s apart agree, for up to SECONDS (default 20).
wait_settled() { local limit=${1:-20} i=0 last="" now
  until now=$(tmx capture-pane -e -p -t "$session" 2>/dev/null) && [ "$now" = "$last" ] && [[ $now != *composing* ]]; do
    last=$now; i=$((i+1)); [ $i -gt $((limit*5)) ] && return 1; sleep 0.2; done; }
