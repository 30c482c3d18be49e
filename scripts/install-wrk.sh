#!/usr/bin/env bash
# `npm run bench` measures throughput with wrk; install it with apt when it is missing.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
echo "Installing wrk for the benchmarks..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
command -v wrk
