set -x
PY=/work/main/.venv/bin/python
W=/work/wt/s15-nolaunch
for side in before after; do
  if [ $side = before ]; then R=/tmp/nlbase; else R=$W; fi
  cd $R
  PYTHONPATH=$R $PY bench/realport/run.py --cache /work/cache/realport --out /tmp/nlrun --name rp_$side > /tmp/nlrun/rp_$side.log 2>&1
  for u in unseen7 unseen8 unseen9; do
    PYTHONPATH=$R $PY bench/realport/run.py --cases $W/bench/$u/cases.yaml --cache /work/cache/$u --out /tmp/nlrun --name ${u}_$side > /tmp/nlrun/${u}_$side.log 2>&1
  done
done
echo done
