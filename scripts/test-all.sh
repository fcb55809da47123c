#!/usr/bin/env bash
# Everything CI runs, from a fresh clone on a fresh machine (as root): system packages, npm packages,
# PostgreSQL, then lint, types, the web and Storybook builds, every test suite, the unit and PDF suites again over
# a maintainer's variant schema files (issue 34), and the stress suite.
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
npm test
bash scripts/ci/variant-pass.sh
npm run test:stress
