#!/usr/bin/env bash
# Everything CI runs, from a fresh clone on a fresh machine (as root): system packages, npm packages,
# PostgreSQL, then lint, types, the Storybook build and every test suite. This is the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ci/install-system-deps.sh
source scripts/ci/start-postgres.sh
npm ci --no-audit --no-fund
npm run lint
npm run typecheck
npm run build-storybook
npm test
