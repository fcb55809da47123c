#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster and creates the test role and database.
# Source it: it exports TEST_DATABASE_URL for the storage suites.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
pg_lsclusters -h | awk '{print $2}' | grep -qx main || pg_createcluster "$version" main >/dev/null
pg_ctlcluster "$version" main start 2>/dev/null || pg_ctlcluster "$version" main status >/dev/null
for _ in $(seq 1 30); do runuser -u postgres -- pg_isready -q && break; sleep 1; done
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_roles WHERE rolname = 'billing'" | grep -q 1 ||
  runuser -u postgres -- psql -qc "CREATE ROLE billing LOGIN SUPERUSER PASSWORD 'billing'"
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname = 'billing_test'" | grep -q 1 ||
  runuser -u postgres -- createdb -O billing billing_test
# The test role's commits do not wait for the disk: the suites check what a server sees, never a power cut of
# PostgreSQL itself, and a file's migrations and seeding are hundreds of commits. Only this role is changed.
runuser -u postgres -- psql -qc "ALTER ROLE billing SET synchronous_commit = off"
export TEST_DATABASE_URL=postgres://billing:billing@127.0.0.1:5432/billing_test
echo "PostgreSQL $version ready: $TEST_DATABASE_URL"
