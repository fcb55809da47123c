#!/usr/bin/env bash
# Issue 34: the unit and PDF suites once more with a maintainer's variant files added to schemas/ (a proforma with a
# required field, a sales return, a third business unit), in a scratch copy of the checkout so nothing here changes.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar --exclude=./node_modules --exclude=./.git --exclude=./dist --exclude=./storybook-static -cf - . | tar -xf - -C "$scratch"
# Hard links: the same packages, no second install.
cp -al node_modules "$scratch/node_modules"
cd "$scratch"
npx tsx scripts/schema-variants.ts
npm run gen
npx vitest run --project unit --project pdf
