#!/usr/bin/env bash
# Copies this checkout into DIR (empty or new) with issue 34's maintainer variants added to its schemas/ (the
# proforma with a required Vehicle No., a note type, a third business unit: scripts/schema-variants.ts) and its
# generated files made again. The packages are hard links, not a second install; the checkout itself is untouched.
set -euo pipefail
dir=${1:?usage: variant-checkout.sh DIR}
cd "$(dirname "$0")/../.."
mkdir -p "$dir"
tar --exclude=./node_modules --exclude=./.git --exclude=./dist --exclude=./storybook-static --exclude=./.test-artifacts -cf - . |
  tar -xf - -C "$dir"
cp -al node_modules "$dir/node_modules"
cd "$dir"
npx tsx scripts/schema-variants.ts
npm run gen
