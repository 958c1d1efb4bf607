#!/usr/bin/env bash
# `npm start`: install what is missing, build the web app if needed, then run the
# server, the embedded database and the web app on one port.
# REDIS_URL=redis://127.0.0.1:6379 serves the quote stream from STREAM_WORKERS worker processes
# (one per core by default) on the same port, sharing rooms through that Redis; unset, one process.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
ensure_node_modules
ensure_web_build
exec node --import tsx server/main.ts
