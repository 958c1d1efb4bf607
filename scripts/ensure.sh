# Shared by start.sh and test.sh: bring a fresh machine to the point where the app
# runs. Each step does nothing when its part is already there.

log() { printf '\033[1m[ledgerline]\033[0m %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root for: $*"; return 1
  fi
}

ensure_node_modules() {
  # npm writes node_modules/.package-lock.json on every install: older than the lockfile means stale.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm packages (npm ci)"
    npm ci --no-audit --no-fund
  fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_chromium() {
  # grep reads the whole list (no -q): with pipefail, a grep that stops early makes fc-list die of
  # SIGPIPE and the check fail, and the packages were installed again on every run.
  if ! command -v chromium >/dev/null || ! fc-list 2>/dev/null | grep -i 'noto.*cjk' >/dev/null; then
    log "installing Debian's chromium and CJK fonts for the browser tests"
    apt_install chromium fonts-noto-cjk
  fi
}

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return 0; fi
  if ! command -v pg_ctlcluster >/dev/null; then
    log "installing PostgreSQL"
    apt_install postgresql
  fi
  log "starting PostgreSQL on 127.0.0.1:5432"
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && return 0
    sleep 1
  done
  log "PostgreSQL did not come up on 127.0.0.1:5432"
  return 1
}

# The multi-process quote stream's tests (server/market/stream/cluster/) share rooms through a real Redis.
ensure_redis() {
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then return 0; fi
  if ! command -v redis-server >/dev/null; then
    log "installing Redis"
    apt_install redis-server
  fi
  log "starting Redis on 127.0.0.1:6379"
  # Daemonized by hand: a container has no systemd, and the tests need nothing persisted.
  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
  for _ in $(seq 1 30); do
    redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return 0
    sleep 1
  done
  log "Redis did not come up on 127.0.0.1:6379"
  return 1
}

# Builds the web app when it is missing or older than any of its sources.
ensure_web_build() {
  local stamp=dist/web/index.html
  if [ ! -f "$stamp" ] || [ -n "$(find src workers locales index.html vite.config.ts lingui.config.ts contract -newer "$stamp" -type f 2>/dev/null | head -n 1)" ]; then
    log "building the web app"
    npm run build
  fi
}
