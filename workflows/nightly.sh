#!/usr/bin/env bash
# Nightly revalidation: verify every launch template on every cluster's endpoint (the local
# twin by default, a Globus Compute endpoint where $MAPLE_ENDPOINTS says so) and keep the
# dated matrix. Scheduled by workflows/maple-nightly.cron; exit status 1 when a cell fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${MAPLE_NIGHTLY_DIR:-out/nightly}/$(date -u +%Y-%m-%d)"
if [ "$(id -u)" = 0 ] && [ -z "${MAPLE_ENDPOINTS:-}" ]; then
  .venv/bin/maple twin up
fi
exec .venv/bin/maple revalidate --out "$out" "$@"
