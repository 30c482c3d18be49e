#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools cannot download browsers here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's chromium for the browser tests..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium
