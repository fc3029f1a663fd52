#!/bin/bash
# runall.sh TAG : harness runs of realport, unseen..unseen6 and the port probes into /tmp/h9ps/TAG/
cd "$(dirname "$0")/../.."
T=/tmp/h9ps/$1; mkdir -p $T
PY="env PYTHONPATH=$PWD /work/main/.venv/bin/python"
$PY bench/realport/run.py --cache /work/cache/realport --out $T --name realport >/dev/null 2>&1
for s in unseen unseen2 unseen3 unseen4 unseen5 unseen6; do
  $PY bench/realport/run.py --cases bench/$s/cases.yaml --cache /work/cache/$s --out $T --name $s >/dev/null 2>&1; done
for s in portcmd:portcmd_probe portcont:portcont_probe portfix2:portfix2_probe portfix_probe:portfix_probe portres:portres_probe portshapes:portshapes_probe; do
  c=${s%%:*}; b=${s#*:}
  $PY bench/realport/run.py --cases bench/$b/cases.yaml --cache /work/cache/$c --out $T --name $b >/dev/null 2>&1; done
$PY bench/portsilent_probe/run.py --cache /work/cache/portsilent --out $T/portsilent.json
echo done $1
