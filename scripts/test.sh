#!/usr/bin/env bash
# `npm test`: every test, on a fresh machine too. Installs npm packages and Debian's
# chromium when missing, starts PostgreSQL and Redis when they are down, checks types and
# translation catalogs, builds the app, then runs the web, server (PGlite and
# PostgreSQL) and end-to-end (Chromium) suites.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
ensure_node_modules
ensure_chromium
ensure_postgres
ensure_redis

log "type-checking"
npx tsc --noEmit -p tsconfig.json

# Extraction keeps the catalogs in step with the source; the catalog check then fails
# on any message that is not translated in every language.
log "extracting translatable messages"
npx lingui extract --clean >/dev/null

log "building the web app for the end-to-end tests"
npm run build

mkdir -p tests/output
log "running the test suites"
status=0
# Server logs of this run only: the log check below reads every file in the folder.
rm -rf tests/output/server-logs
npx vitest run --reporter=default --reporter=json --outputFile.json=tests/output/vitest.json "$@" || status=$?
node scripts/summarize-tests.mjs tests/output/vitest.json || true
log "checking the server logs for personal data"
node --import tsx scripts/check-logs.mjs || status=1
exit $status
