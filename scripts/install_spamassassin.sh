#!/usr/bin/env bash
# Debian's SpamAssassin for the deliverability test (tests/marketing/delivery/
# test_spam_score.py scores every stock template's message with `spamassassin -L -t`).
# Installs only when missing and only when we may (root); quiet; safe to run every time.
set -euo pipefail

say() { printf '==> %s\n' "$*"; }

if command -v spamassassin >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing Debian spamassassin for the spam-score test"
    export DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes
    apt-get update -qq
    # The rules ship with the package (no sa-update, no network at test time); the daemon
    # is not needed: the test runs `spamassassin` itself.
    apt-get install -y -qq --no-install-recommends spamassassin >/dev/null
else
    say "WARNING: spamassassin is missing and we are not root; the spam-score test will fail." \
        "Install it with: sudo apt-get install spamassassin"
fi
