#!/usr/bin/env bash
# Fails early, with a clear message, when a port that `make run` needs is already taken
# (usually an earlier `make run` still running), instead of one honcho process dying
# and taking the others down with it.
set -euo pipefail
busy=0
for port in "$@"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "error: something already listens on 127.0.0.1:$port (an earlier 'make run'?)." >&2
        echo "       Stop it, or choose another port: make run PORT=8001 EMAIL_PORT=1026" >&2
        busy=1
    fi
done
exit "$busy"
