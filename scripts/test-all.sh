#!/usr/bin/env bash
# Everything CI runs, from a fresh clone on a fresh machine (as root): system packages, npm packages,
# PostgreSQL, then lint, types, the web and Storybook builds, every test suite, the unit and PDF suites again over
# a maintainer's variant schema files (issue 34). The stress suite runs with the others.
# This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ci/install-system-deps.sh
source scripts/ci/start-postgres.sh
npm ci --no-audit --no-fund
# Lint and the type check are one thread each: side by side on CI's two cores.
npm run lint & lint=$!
npm run typecheck & types=$!
wait "$lint"
wait "$types"
# Built once up front, so the browser suites' servers never rebuild dist/web while another serves it.
npm run build
npm run build-storybook
# Every suite and the stress suite in one run, so the two workers stay busy to the end.
npm test -- --project stress
bash scripts/ci/variant-pass.sh
