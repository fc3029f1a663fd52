#!/bin/bash
# usage: run_probe.sh CODE_DIR OUTDIR  (CODE_DIR holds maple_flow/; scripts in /work/cache/s29port_probe)
here=$(dirname "$(readlink -f "$0")"); cd "$1"; mkdir -p "$2"
run(){ PYTHONPATH=$PWD timeout 120 /work/main/.venv/bin/python -m maple_flow.cli port /work/cache/s29port_probe/$1.sh --to $2 > $3/${1}__$2.txt 2>&1; }
while read -r c t1 t2 t3; do
  for t in $t1 $t2 $t3; do run "$c" "$t" "$2" & done; wait
done < <(grep -v '^#' "$here/targets.txt")
