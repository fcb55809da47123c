#!/usr/bin/env bash
# Debian packages the tests need: Chromium (benches, screenshots) and its headless shell (browser tests), PostgreSQL (the second storage),
# poppler-utils (pdftotext), qpdf (PDF checks) and ccache (test-all.sh compiles better-sqlite3 through it).
# Needs root; skips what is already installed.
set -euo pipefail
packages=(chromium chromium-headless-shell postgresql poppler-utils qpdf ccache)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
