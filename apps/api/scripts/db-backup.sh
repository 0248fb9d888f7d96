#!/usr/bin/env bash
# Backs up or restores the server's database, whichever engine it uses:
#
#   npm run db:backup -- <file>     # writes <file>
#   npm run db:restore -- <file>    # replaces the database with <file>'s
#
# - DATABASE_URL set (PostgreSQL): pg_dump in its custom format, restored
#   with pg_restore --clean --if-exists (objects dropped and made again, in
#   one transaction). Runs while the server runs (pg_dump reads one
#   consistent snapshot). pg_dump/pg_restore come from $PG_BIN, else the
#   newest /usr/lib/postgresql/<version>/bin, else PATH; the server's major
#   version must not be newer than theirs.
# - Otherwise (PGlite): a gzip tar of PGLITE_DATA_DIR (default .data/pglite,
#   relative to the working directory, as the server reads it). PGlite is
#   one process's database: STOP THE SERVER FIRST, for the backup and the
#   restore. A restore moves the current folder aside to <dir>.before-restore-<time>
#   rather than deleting it.
set -euo pipefail
log() { printf '[db-backup] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

[ "$#" -eq 2 ] || die "usage: $0 backup|restore <file>"
action=$1
file=$2
case "$action" in backup | restore) ;; *) die "usage: $0 backup|restore <file>" ;; esac

pg_tool() {
  local name=$1 dir
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/$name" ]; then
    echo "$PG_BIN/$name"
    return 0
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5 -n -r); do
    if [ -x "$dir/$name" ]; then
      echo "$dir/$name"
      return 0
    fi
  done
  command -v "$name" || die "$name was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) or set PG_BIN."
}

if [ -n "${DATABASE_URL:-}" ]; then
  if [ "$action" = backup ]; then
    "$(pg_tool pg_dump)" --format=custom --no-owner --file="$file" "$DATABASE_URL"
    log "PostgreSQL backed up to $file"
  else
    [ -s "$file" ] || die "$file does not exist or is empty."
    "$(pg_tool pg_restore)" --clean --if-exists --no-owner --single-transaction \
      --exit-on-error --dbname="$DATABASE_URL" "$file"
    log "PostgreSQL restored from $file"
  fi
  exit 0
fi

dir=${PGLITE_DATA_DIR:-.data/pglite}
case "$dir" in memory://*) die "PGLITE_DATA_DIR=$dir is in memory: there is nothing on disk to back up." ;; esac
if [ "$action" = backup ]; then
  [ -f "$dir/PG_VERSION" ] || die "$dir holds no PGlite database (no PG_VERSION)."
  tmp="$file.partial"
  tar -czf "$tmp" -C "$dir" .
  mv "$tmp" "$file"
  log "PGlite ($dir) backed up to $file; the server must have been stopped."
else
  [ -s "$file" ] || die "$file does not exist or is empty."
  tar -tzf "$file" ./PG_VERSION >/dev/null 2>&1 || die "$file is not a PGlite backup (no PG_VERSION inside)."
  staging="$dir.restoring-$$"
  rm -rf "$staging"
  mkdir -p "$staging"
  tar -xzf "$file" -C "$staging"
  if [ -e "$dir" ]; then
    aside="$dir.before-restore-$(date -u +%Y%m%dT%H%M%SZ)"
    mv "$dir" "$aside"
    log "the database that was there is kept in $aside"
  fi
  mv "$staging" "$dir"
  log "PGlite ($dir) restored from $file; start the server."
fi
