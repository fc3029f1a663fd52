#!/usr/bin/env bash
# The test command of the README: install everything (Python environment, the twin's Debian
# packages), then lint, type-check and run the whole test suite, twin integration tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
if [ "$(id -u)" = 0 ]; then
  .venv/bin/maple twin install
fi
.venv/bin/ruff check .
.venv/bin/mypy maple_flow
exec .venv/bin/pytest -q -p no:cacheprovider "$@"
