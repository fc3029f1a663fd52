#!/usr/bin/env bash
# The GPU measurements of issue 18 (point 3) in one run on a machine with an NVIDIA GPU:
#   1. the four verification mini-apps via torchrun, one rank per GPU (NCCL), with their
#      performance probes and the findings verification would give (bench/miniapps.py);
#   2. the triples throughput curve of a small training task with `maple triples --on local`
#      and the proposal of `maple triples --measure` (bench/triples_curve/run.py).
# Results go to DIR (default $OUT, else /tmp/maple-gpu), named by nothing but their content:
# the device is inside each JSON. Python packages maple_flow needs beyond the machine's own can
# travel as wheels in .whl/ (installed to /tmp/site, put first on PYTHONPATH).
#
#     [SKIP_MINIAPPS=1] bash bench/gpu_checks.sh [DIR] [TASKS] [NPPN-LIST] [EPOCHS]
set -u
dir=${1:-${OUT:-/tmp/maple-gpu}}
tasks=${2:-12}
nppn=${3:-1,3,6,12}
epochs=${4:-3}
mkdir -p "$dir"
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD
if compgen -G ".whl/*.whl" > /dev/null; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
        --target /tmp/site .whl/*.whl || exit 3
    export PYTHONPATH=/tmp/site:$PWD
fi
nvidia-smi > "$dir/nvidia-smi.txt" 2>&1
python3 -c 'import torch; c = torch.cuda.is_available(); print("torch", torch.__version__,
  "cuda", torch.version.cuda, "nccl", c and torch.cuda.nccl.version(), c and torch.cuda.get_device_name())' || exit 4
python3 -c "import maple_flow, pydantic; print(\"maple_flow\", maple_flow.__version__, \"pydantic\", pydantic.__version__)" && python3 -m maple_flow.cli triples --help > /dev/null || exit 5
if [ "${SKIP_MINIAPPS:-0}" != 1 ]; then
start=$SECONDS
timeout 240 python3 bench/miniapps.py -o "$dir/miniapps.json" > /dev/null
echo "miniapps rc=$? in $((SECONDS - start)) s"
python3 - "$dir/miniapps.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(d["meta"])
for app, r in d["miniapps"].items():
    x = r["detail"][0]
    step = [p and p["step_s"] for p in x["perf"]]
    print(app, "ok" if r["all_ok"] else "FAILED", r["wall_s_median"], "s", x["devices"],
          x["backend"], "step_s", step, x["findings"], x["reasons"], x["output_tail"][-800:])
PY
fi
start=$SECONDS
timeout 400 python3 bench/triples_curve/run.py --tasks "$tasks" --nppn "$nppn" --epochs "$epochs" \
    -o "$dir/triples_curve.json"
echo "triples rc=$? in $((SECONDS - start)) s"
