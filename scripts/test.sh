#!/usr/bin/env bash
# The test command of the README: install everything (Python environment, the twin's Debian
# packages), start the twin, then lint, type-check and run the whole test suite, the twin's
# integration tests and the real multi-process launches included.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
.venv/bin/ruff check .
.venv/bin/mypy maple_flow
if [ "$(id -u)" = 0 ]; then
  .venv/bin/maple twin install
  started=$(.venv/bin/python -c 'from maple_flow.twin import Twin; print(not Twin().running())')
  .venv/bin/maple twin up
  if [ "$started" = True ]; then
    trap '.venv/bin/maple twin down >/dev/null 2>&1 || true' EXIT
  fi
fi
MAPLE_SLOW=1 .venv/bin/pytest -q -p no:cacheprovider -rs "$@"
