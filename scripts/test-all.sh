#!/usr/bin/env bash
# Everything CI runs, from a fresh clone on a fresh machine (as root): system packages, npm packages,
# PostgreSQL, then lint, types, the generated files' freshness and the bundle tests over the shipped schemas, then
# the web build and every suite (stress last) with a maintainer's variant schema files added.
# This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ci/install-system-deps.sh
source scripts/ci/start-postgres.sh
# better-sqlite3 compiles from source at every `npm ci` (about 75 s of one core): through ccache, a machine that
# compiled the same version before takes the objects from its cache (~/.cache/ccache) in about 3 s.
export CC="ccache cc" CXX="ccache c++" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=true
npm ci --no-audit --no-fund
# Lint and the type check are one thread each: side by side on CI's two cores.
npm run lint & lint=$!
npm run typecheck & types=$!
wait "$lint"
wait "$types"
# The shipped schemas: src/generated is theirs, fresh; the bundle tests (their own production builds: each screen
# carries its own bill type, and a variant checkout's types add nothing to the others' screens).
# Every other suite runs once, in the variant pass below, where the shipped types are all there as well.
npx vitest run --project unit --project e2e tests/unit/generated.test.ts tests/e2e/bundle.test.ts
# Every suite, then stress on its own, over the shipped schemas plus a maintainer's variant files (issue 34), in a scratch
# copy: the eight types are all there, so this one pass tests them and shows that a new document type, a required
# field of its own and a third unit need no change to the tests. The bundle tests are the shipped schemas' (above).
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
bash scripts/ci/variant-checkout.sh "$scratch"
cd "$scratch"
# The scratch data directories of the suites (SQLite with synchronous=FULL, one per test file) on tmpfs when the machine has room:
# the same fsync calls, answered from memory instead of waiting for the disk.
if [ "$(df --output=avail -k /dev/shm 2>/dev/null | tail -n 1)" -gt 4000000 ] 2>/dev/null; then export TMPDIR=/dev/shm; fi
# Built once up front, so the browser suites' servers never rebuild dist/web while another serves it. Storybook's
# build is tests/storybook/built-storybook.test.ts's, beside the other files rather than before them all.
npm run build
npx vitest run --project unit --project api --project pdf --project component --project storybook --project e2e \
  --exclude '**/e2e/bundle.test.ts'
npx vitest run --project stress
