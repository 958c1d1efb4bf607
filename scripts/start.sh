#!/usr/bin/env bash
# `npm start`: install what is missing, build the web app if needed, then run the
# server, the embedded database and the web app on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure.sh
ensure_node_modules
ensure_web_build
exec node --import tsx server/main.ts
