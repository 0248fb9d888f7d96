#!/usr/bin/env bash
# Prints the path of an nginx binary, installing Debian's nginx package
# first when none is found and this runs as root with apt-get (as
# with-postgres.sh does for PostgreSQL). Used by the two-instance soak
# (apps/api/bench/bench-soak.mjs --instances=2), which runs nginx in the
# foreground with a configuration of its own; the package's service is
# never started (a policy-rc.d refusing it is put in place for the install
# when the machine has none). Exits 1 with a message on stderr when nginx
# can't be had; the soak then uses its Node proxy.
set -euo pipefail

log() { printf '[ensure-nginx] %s\n' "$*" >&2; }

find_nginx() {
  if [ -n "${NGINX_BIN:-}" ] && [ -x "$NGINX_BIN" ]; then
    echo "$NGINX_BIN"
    return 0
  fi
  if command -v nginx >/dev/null 2>&1; then
    command -v nginx
    return 0
  fi
  if [ -x /usr/sbin/nginx ]; then
    echo /usr/sbin/nginx
    return 0
  fi
  return 1
}

if find_nginx; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  log "nginx not found, and this is not root with apt-get: install nginx (Debian/Ubuntu: sudo apt-get install nginx-light or nginx) or set NGINX_BIN."
  exit 1
fi

log "nginx not found; installing Debian's nginx package (apt-get)..."
export DEBIAN_FRONTEND=noninteractive
POLICY=/usr/sbin/policy-rc.d
ADDED_POLICY=0
if [ ! -e "$POLICY" ]; then
  # Keep the package's service from starting on port 80 during the install.
  printf '#!/bin/sh\nexit 101\n' >"$POLICY"
  chmod 755 "$POLICY"
  ADDED_POLICY=1
fi
cleanup() {
  if [ "$ADDED_POLICY" -eq 1 ]; then rm -f "$POLICY"; fi
}
trap cleanup EXIT

if ! apt-get install -y --no-install-recommends nginx >&2; then
  apt-get update >&2
  apt-get install -y --no-install-recommends nginx >&2 || {
    log "apt-get install nginx failed; see the output above."
    exit 1
  }
fi

find_nginx || {
  log "nginx was installed but is not on PATH nor at /usr/sbin/nginx."
  exit 1
}
