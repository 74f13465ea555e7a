#!/usr/bin/env bash
# PostgreSQL (already running) + N game server workers + HAProxy in front, started and stopped
# together: Ctrl-C (or SIGTERM to this script) stops all of them; so does either one ending.
#
#   deploy/run.sh postgresql://USER@HOST/DATABASE [WORKERS=2] [FIRST_PORT=8765] [LISTEN=127.0.0.1:8080]
#
# The workers listen on 127.0.0.1:FIRST_PORT.. (only HAProxy reaches them); players connect to
# ws://LISTEN. State (the written haproxy.cfg, the workers' folders and logs) goes to
# $JJ_STATE (default: /tmp/jayden-jazz-cluster-$USER). PYTHON picks the interpreter that has the
# game installed with its server-pg extra (default: python3).
set -euo pipefail
store=${1:?"usage: $0 postgresql://USER@HOST/DATABASE [WORKERS] [FIRST_PORT] [LISTEN]"}
workers=${2:-2}
port=${3:-8765}
listen=${4:-127.0.0.1:8080}
here=$(cd "$(dirname "$0")" && pwd)
state=${JJ_STATE:-/tmp/jayden-jazz-cluster-${USER:-$(id -un)}}
python=${PYTHON:-python3}
command -v haproxy >/dev/null || { echo "run.sh: haproxy is not installed (apt-get install haproxy)" >&2; exit 2; }
mkdir -p "$state"

backends=()
for ((i = 0; i < workers; i++)); do backends+=(--backend "127.0.0.1:$((port + i))"); done
"$python" -m jayden_jazz.net proxy-config "${backends[@]}" --listen "$listen" \
    --template "$here/haproxy.cfg" --out "$state/haproxy.cfg"
haproxy -c -q -f "$state/haproxy.cfg"

pids=()
stop() {
    trap - INT TERM EXIT
    kill -TERM "${pids[@]}" 2>/dev/null || true
    wait "${pids[@]}" 2>/dev/null || true
}
trap stop INT TERM EXIT
"$python" -m jayden_jazz.net serve --workers "$workers" --port "$port" --store "$store" \
    --data "$state/data" --log "$state/serve.log" &
pids+=($!)
# the workers first: HAProxy's health checks would mark them down while they start
for ((i = 0; i < 600; i++)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$((port + workers - 1))") 2>/dev/null && break
    kill -0 "${pids[0]}" 2>/dev/null || exit 2
    sleep 0.1
done
haproxy -db -f "$state/haproxy.cfg" &
pids+=($!)
echo "run.sh: players connect to ws://$listen (workers on 127.0.0.1:$port..$((port + workers - 1)); state in $state)"
wait -n "${pids[@]}"
