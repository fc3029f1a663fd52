#!/bin/bash
# Port every probe script to its targets with the code at $1 (a checkout); outputs under $2.
# usage: bash bench/s26runs_probe/run_probe.sh CODE_DIR OUT_DIR
code=$1; out=$2; mkdir -p "$out"
cache=/work/cache/s26runs_probe
for f in "$cache"/*.sh; do
  id=$(basename "$f" .sh)
  for t in polaris perlmutter delta; do
    (cd "$code" && PYTHONPATH=$code /work/main/.venv/bin/python -m maple_flow.cli port "$f" --to "$t" \
       -o "$out/$id" >"$out/${id}__$t.txt" 2>&1; echo "rc=$?" >>"$out/${id}__$t.txt"; \
       [ -f "$out/$id/$t.sh" ] && { echo "SCRIPT:"; cat "$out/$id/$t.sh"; } >>"$out/${id}__$t.txt")
  done
done
