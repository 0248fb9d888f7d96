#!/usr/bin/env bash
# Runs a command (the api tests) with a throwaway PostgreSQL server:
#
#   scripts/with-postgres.sh vitest run
#
# 1. Finds initdb and pg_ctl: in $PG_BIN, else the newest
#    /usr/lib/postgresql/<version>/bin (Debian, Ubuntu), else on PATH.
#    When they are missing and this runs as root on Debian/Ubuntu, installs
#    the `postgresql` package with apt-get; otherwise stops with a message
#    saying how to get them.
# 2. Creates a cluster in a new temporary directory (initdb -U postgres
#    --auth=trust, no fsync), starts it on a free loopback port with its unix
#    socket in that directory too, and exports
#    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres.
#    PostgreSQL refuses to run as root, so as root the server runs as the
#    `postgres` user (or a dedicated system user, created when missing) and
#    owns the temporary directory.
# 3. Runs the command, then stops the server and deletes the directory,
#    whatever the outcome (also on Ctrl-C), and exits with the command's status.
#
# When TEST_DATABASE_URL is already set, the command runs against that server
# instead (its user needs CREATEDB) and nothing is started.
set -euo pipefail

log() { printf '[with-postgres] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

if [ "$#" -eq 0 ]; then
  die "usage: $0 <command> [arguments...]"
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  log "TEST_DATABASE_URL is set; using that server."
  exec "$@"
fi

find_pg_bin() {
  local dir
  # Newest version first: /usr/lib/postgresql/17/bin before .../15/bin.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return 0
  fi
  return 1
}

install_postgres() {
  if [ "$(id -u)" -ne 0 ]; then
    die "PostgreSQL's initdb and pg_ctl were not found. Install the server (Debian/Ubuntu: sudo apt-get install postgresql; macOS: brew install postgresql), set PG_BIN to the folder holding initdb and pg_ctl, or set TEST_DATABASE_URL to a server whose user may CREATE DATABASE."
  fi
  command -v apt-get >/dev/null 2>&1 ||
    die "PostgreSQL's initdb and pg_ctl were not found and apt-get is not available. Install the PostgreSQL server, or set PG_BIN or TEST_DATABASE_URL."
  log "PostgreSQL not found; installing Debian's postgresql package (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y --no-install-recommends postgresql >&2; then
    apt-get update >&2
    apt-get install -y --no-install-recommends postgresql >&2 ||
      die "apt-get install postgresql failed; see the output above."
  fi
}

if [ -n "${PG_BIN:-}" ]; then
  [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/pg_ctl" ] || die "PG_BIN=$PG_BIN holds no initdb and pg_ctl."
  PG_BIN_DIR="$PG_BIN"
else
  PG_BIN_DIR="$(find_pg_bin)" || {
    install_postgres
    PG_BIN_DIR="$(find_pg_bin)" || die "postgresql was installed but initdb and pg_ctl are still not found under /usr/lib/postgresql/*/bin."
  }
fi

# Who runs the server: this user, or an unprivileged one when this is root.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  PG_USER=postgres
  if ! id -u "$PG_USER" >/dev/null 2>&1; then
    PG_USER=collective-pgtest
    if ! id -u "$PG_USER" >/dev/null 2>&1; then
      log "creating system user $PG_USER to run PostgreSQL (it refuses to run as root)"
      useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER" ||
        die "could not create the user $PG_USER; create an unprivileged user named postgres."
    fi
  fi
  command -v runuser >/dev/null 2>&1 || die "runuser (util-linux) is needed to run PostgreSQL as $PG_USER."
  RUN_AS=(runuser -u "$PG_USER" --)
fi

free_port() {
  # process.stdout.write, not console.log: FORCE_COLOR (set by Nx) colours numbers.
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});"
}

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/collective-pg.XXXXXX")"
DATA_DIR="$WORK_DIR/data"
SOCKET_DIR="$WORK_DIR/socket"
LOG_FILE="$WORK_DIR/postgres.log"
STARTED=0

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$STARTED" -eq 1 ]; then
    (cd "$WORK_DIR" && "${RUN_AS[@]}" "$PG_BIN_DIR/pg_ctl" -D "$DATA_DIR" -m immediate -w stop >/dev/null 2>&1) ||
      log "warning: pg_ctl stop failed; the server may still be running from $DATA_DIR"
  fi
  rm -rf "$WORK_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$SOCKET_DIR"
if [ "${#RUN_AS[@]}" -gt 0 ]; then
  chown -R "$PG_USER" "$WORK_DIR"
fi
chmod 700 "$WORK_DIR"

# The server user may not be allowed into the caller's working directory.
(cd "$WORK_DIR" && "${RUN_AS[@]}" "$PG_BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust \
  --encoding=UTF8 --locale=C --no-sync >"$WORK_DIR/initdb.log" 2>&1) || {
  cat "$WORK_DIR/initdb.log" >&2
  die "initdb failed (output above)."
}

PORT=""
for attempt in 1 2 3; do
  PORT="$(free_port)"
  if (cd "$WORK_DIR" && "${RUN_AS[@]}" "$PG_BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 30 \
    -o "-p $PORT -k $SOCKET_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >"$WORK_DIR/pg_ctl.log" 2>&1); then
    STARTED=1
    break
  fi
  log "starting PostgreSQL on port $PORT failed (attempt $attempt)"
done
if [ "$STARTED" -ne 1 ]; then
  cat "$WORK_DIR/pg_ctl.log" "$LOG_FILE" >&2 2>/dev/null || true
  die "could not start PostgreSQL (output above)."
fi

VERSION="$("$PG_BIN_DIR/postgres" --version 2>/dev/null || echo PostgreSQL)"
log "$VERSION running on 127.0.0.1:$PORT (data in $DATA_DIR, removed afterwards)"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"

# In the background so a TERM from Nx or CI can be passed on; the shell waits.
set +e
"$@" &
CHILD=$!
trap 'kill -TERM "$CHILD" 2>/dev/null; wait "$CHILD"; exit 130' INT
trap 'kill -TERM "$CHILD" 2>/dev/null; wait "$CHILD"; exit 143' TERM
wait "$CHILD"
status=$?
set -e
exit "$status"
