#!/usr/bin/env bash
# wrk, the HTTP load generator of the tracking_endpoints bench
# (tests/bench/bench_tracking_endpoints.py), from Debian's package. Only when missing; the
# install needs root. Quiet and safe to run every time; prints wrk's path.
set -euo pipefail

if command -v wrk >/dev/null; then
    command -v wrk
    exit 0
fi
command -v apt-get >/dev/null || { echo "wrk needs Debian's wrk package (apt-get)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "wrk is missing: run 'apt-get install -y wrk' as root" >&2; exit 1; }
# A fresh package list only when the cached one cannot find the package.
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
command -v wrk
