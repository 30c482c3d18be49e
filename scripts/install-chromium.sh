#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools cannot download browsers here). A CJK
# font comes with it, so Traditional Chinese pages render as text, not boxes, in screenshots.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh-tw 2>/dev/null)" ]; then need+=(fonts-wqy-microhei); fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${need[*]} (Debian) for the browser tests..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
command -v chromium
