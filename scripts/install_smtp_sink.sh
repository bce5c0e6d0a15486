#!/usr/bin/env bash
# Postfix's C `smtp-sink` for the send_throughput bench (tests/bench/bench_send_throughput.py).
# Not an MTA: the binary and the Postfix libraries it links are taken out of Debian's
# `postfix` package into .data/smtp-sink/ (dpkg-deb -x), so nothing is installed system-wide
# and no Postfix ever listens on port 25. Quiet and safe to run every time; prints the
# path of the wrapper that runs it.
#
#   bash scripts/install_smtp_sink.sh   ->  .data/smtp-sink/smtp-sink
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=.data/smtp-sink
WRAPPER=$TARGET/smtp-sink

runs() { case "$("$WRAPPER" 2>&1 || true)" in *usage*) return 0 ;; *) return 1 ;; esac; }

if [ -x "$WRAPPER" ] && runs; then
    echo "$WRAPPER"
    exit 0
fi
if [ -x /usr/sbin/smtp-sink ]; then  # a system Postfix already ships it
    mkdir -p "$TARGET"
    printf '#!/bin/sh\nexec /usr/sbin/smtp-sink "$@"\n' >"$WRAPPER"
    chmod +x "$WRAPPER"
    echo "$WRAPPER"
    exit 0
fi
command -v apt-get >/dev/null || { echo "smtp-sink needs Debian's postfix package (apt-get)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt-get download needs no root; a fresh package list does, and is only tried when the
# cached one cannot find the package.
if ! (cd "$work" && apt-get download postfix >/dev/null 2>&1); then
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
    fi
    (cd "$work" && apt-get download postfix >/dev/null)
fi
rm -rf "$TARGET.tmp"
mkdir -p "$TARGET.tmp"
dpkg-deb -x "$work"/postfix_*.deb "$TARGET.tmp/root"
mkdir -p "$TARGET.tmp/lib"
cp "$TARGET.tmp/root/usr/sbin/smtp-sink" "$TARGET.tmp/smtp-sink.bin"
cp -a "$TARGET.tmp/root/usr/lib/postfix/." "$TARGET.tmp/lib/"
rm -rf "$TARGET.tmp/root"
cat >"$TARGET.tmp/smtp-sink" <<'EOF'
#!/bin/sh
here=$(dirname "$(readlink -f "$0")")
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/smtp-sink.bin" "$@"
EOF
chmod +x "$TARGET.tmp/smtp-sink"
rm -rf "$TARGET"
mv "$TARGET.tmp" "$TARGET"
runs || { echo "smtp-sink does not run: $("$WRAPPER" 2>&1 | head -3)" >&2; exit 1; }
echo "$WRAPPER"
