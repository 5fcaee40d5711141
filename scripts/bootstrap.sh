#!/usr/bin/env bash
# Installs the Debian prerequisites authz-bench builds against, when they are missing.
#
#   scripts/bootstrap.sh            libssl-dev pkg-config zlib1g-dev
#   scripts/bootstrap.sh --tests    the same, plus what the test suite calls: the openssl CLI,
#                                   HdrHistogram's Python port (pip package hdrhistogram), prometheus_client and
#                                   chromium (renders the HTML report headless)
#   scripts/bootstrap.sh EXTRA...   the same plus EXTRA Debian packages (for example valgrind)
#
# As root it runs apt-get itself (one `apt-get update`, then `apt-get install`); otherwise it prints
# the exact command to run and exits 1. It also checks that a Swift 6 toolchain is on PATH.
set -euo pipefail

tests=0
extra=()
for arg in "$@"; do
  if [ "$arg" = "--tests" ]; then tests=1; else extra+=("$arg"); fi
done
packages=(libssl-dev pkg-config zlib1g-dev ${extra[@]+"${extra[@]}"})
if [ "$tests" -eq 1 ]; then packages+=(openssl python3 python3-pip chromium); fi

missing=()
for p in "${packages[@]}"; do
  # python3/pip may come from elsewhere than Debian (pyenv): a working command is enough.
  case "$p" in
    python3) command -v python3 >/dev/null 2>&1 && continue ;;
    python3-pip) python3 -m pip --version >/dev/null 2>&1 && continue ;;
    openssl) command -v openssl >/dev/null 2>&1 && continue ;;
    chromium) { command -v chromium || command -v chromium-browser; } >/dev/null 2>&1 && continue ;;
  esac
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "bootstrap: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "bootstrap: missing Debian packages: ${missing[*]}" >&2
    echo "bootstrap: run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "bootstrap: no 'swift' on PATH; install a Swift 6 toolchain (https://www.swift.org/install/linux/)" >&2
  exit 1
fi
major=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\)\..*/\1/p' | head -n1)
if [ -z "$major" ] || [ "$major" -lt 6 ]; then
  echo "bootstrap: authz-bench needs a Swift 6 toolchain; found: $(swift --version 2>&1 | head -n1)" >&2
  exit 1
fi

if [ "$tests" -eq 1 ] && ! python3 -c 'import hdrh, prometheus_client' >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "bootstrap: installing HdrHistogram's Python port and prometheus_client (pip install hdrhistogram prometheus-client)" >&2
    python3 -m pip install --quiet --disable-pip-version-check hdrhistogram prometheus-client >/dev/null 2>&1 \
      || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages hdrhistogram prometheus-client
  else
    echo "bootstrap: the interoperability tests need HdrHistogram's Python port and prometheus_client; run:" >&2
    echo "  python3 -m pip install --user hdrhistogram prometheus-client" >&2
    exit 1
  fi
fi
