#!/usr/bin/env bash
# Installs the Debian prerequisites authz-bench builds against, when they are missing.
#
#   scripts/bootstrap.sh            libssl-dev pkg-config zlib1g-dev
#   scripts/bootstrap.sh EXTRA...   the same plus EXTRA packages (for example valgrind)
#
# As root it runs apt-get itself (one `apt-get update`, then `apt-get install`); otherwise it prints
# the exact command to run and exits 1. It also checks that a Swift 6 toolchain is on PATH.
set -euo pipefail

packages=(libssl-dev pkg-config zlib1g-dev "$@")

missing=()
for p in "${packages[@]}"; do
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
