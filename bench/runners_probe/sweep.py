"""Synthetic launch lines with something around the program (bench/runners_probe): which words
survive a port, which are named in a note (NOTE), lost silently (LOST) or refused/failed (EXC).

    PYTHONPATH=$PWD python bench/runners_probe/sweep.py perlmutter polaris
"""

import sys

from maple_flow import port

HDR1 = (
    "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks=1\n#SBATCH --gres=gpu:1\n"
    "#SBATCH -t 01:00:00\n\n"
)
HDR4 = (
    "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gres=gpu:4\n"
    "#SBATCH -t 01:00:00\n\n"
)
LINES = [
    (HDR1, "python train.py --lr 1 | tee log.txt", ["| tee log.txt"]),
    (HDR1, "python train.py --lr 1 2>&1 | tee -a log.txt", ["2>&1 | tee -a log.txt"]),
    (HDR1, "srun python train.py --lr 1 |& tee log.txt", ["|& tee log.txt"]),
    (HDR1, "timeout 10h python train.py --lr 1", ["timeout 10h"]),
    (HDR1, "stdbuf -oL python train.py --lr 1", ["stdbuf -oL"]),
    (
        HDR1,
        "env OMP_NUM_THREADS=8 CUDA_LAUNCH_BLOCKING=1 python train.py --lr 1",
        ["OMP_NUM_THREADS=8", "CUDA_LAUNCH_BLOCKING=1"],
    ),
    (HDR1, "OMP_NUM_THREADS=8 python train.py --lr 1", ["OMP_NUM_THREADS=8"]),
    (HDR1, "cd src && python train.py --lr 1", ["cd src"]),
    (HDR1, "python train.py --lr 1 || exit 1", ["|| exit 1"]),
    (HDR1, "time python train.py --lr 1", ["time"]),
    (HDR1, "/usr/bin/time -v python train.py --lr 1", ["/usr/bin/time -v"]),
    (HDR1, "nohup python train.py --lr 1 > out.log 2>&1", ["nohup", "> out.log 2>&1"]),
    (HDR1, "conda run -n myenv python train.py --lr 1", ["conda run -n myenv"]),
    (
        HDR1,
        "conda run --no-capture-output -n myenv python train.py --lr 1",
        ["conda run --no-capture-output -n myenv"],
    ),
    (HDR1, "micromamba run -n myenv python train.py --lr 1", ["micromamba run -n myenv"]),
    (HDR1, "poetry run python train.py --lr 1", ["poetry run"]),
    (HDR1, "pixi run python train.py --lr 1", ["pixi run"]),
    (HDR1, "pipenv run python train.py --lr 1", ["pipenv run"]),
    (HDR1, "hatch run python train.py --lr 1", ["hatch run"]),
    (HDR1, "rye run python train.py --lr 1", ["rye run"]),
    (HDR1, "python3.10 train.py --lr 1", ["python3.10"]),
    (HDR1, "python3 -u train.py --lr 1", ["-u"]),
    (HDR1, "$PYTHON train.py --lr 1", ["$PYTHON"]),
    (HDR1, "${CONDA_PREFIX}/bin/python train.py --lr 1", ["${CONDA_PREFIX}/bin/python"]),
    (HDR1, "/home/u/venv/bin/python train.py --lr 1", ["/home/u/venv/bin/python"]),
    (HDR1, "numactl --cpunodebind=0 python train.py --lr 1", ["numactl --cpunodebind=0"]),
    (HDR1, "source env.sh && python train.py --lr 1", ["source env.sh"]),
    (HDR1, "module load cuda && python train.py --lr 1", []),
    (HDR1, "echo start; python train.py --lr 1", ["echo start"]),
    (HDR1, "srun nsys profile -o prof python train.py --lr 1", ["nsys profile -o prof"]),
    (HDR4, "srun python train.py --lr 1 2>&1 | tee log.txt", ["2>&1 | tee log.txt"]),
    (HDR4, "OMP_NUM_THREADS=8 srun python train.py --lr 1", ["OMP_NUM_THREADS=8"]),
    (HDR4, "srun env OMP_NUM_THREADS=8 python train.py --lr 1", ["OMP_NUM_THREADS=8"]),
    (HDR4, "srun uv run python train.py --lr 1 | tee log.txt", ["uv run", "| tee log.txt"]),
    (HDR4, "timeout 10h srun python train.py --lr 1", ["timeout 10h"]),
    (HDR4, "srun timeout 10h python train.py --lr 1", ["timeout 10h"]),
    (HDR4, "srun stdbuf -oL python train.py --lr 1", ["stdbuf -oL"]),
    (HDR4, "cd src && srun python train.py --lr 1", ["cd src"]),
    (HDR4, "srun python train.py --lr 1 || exit 1", ["|| exit 1"]),
    (HDR4, "srun conda run -n myenv python train.py --lr 1", ["conda run -n myenv"]),
    (HDR4, "srun poetry run python train.py --lr 1", ["poetry run"]),
    (
        HDR4,
        "srun apptainer exec --nv img.sif env OMP_NUM_THREADS=8 python train.py --lr 1",
        ["OMP_NUM_THREADS=8"],
    ),
    (HDR4, "srun singularity exec --nv img.sif stdbuf -oL python train.py --lr 1", ["stdbuf -oL"]),
    (
        HDR4,
        "torchrun --nproc_per_node=4 train.py --lr 1 2>&1 | tee log.txt",
        ["2>&1 | tee log.txt"],
    ),
    (HDR4, "OMP_NUM_THREADS=8 torchrun --nproc_per_node=4 train.py --lr 1", ["OMP_NUM_THREADS=8"]),
    (HDR4, "source env.sh && torchrun --nproc_per_node=4 train.py --lr 1", ["source env.sh"]),
    (HDR4, "timeout 10h torchrun --nproc_per_node=4 train.py --lr 1", ["timeout 10h"]),
    (HDR4, "poetry run torchrun --nproc_per_node=4 train.py --lr 1", ["poetry run"]),
    (HDR4, "pixi run torchrun --nproc_per_node=4 train.py --lr 1", ["pixi run"]),
    (HDR4, "conda run -n env torchrun --nproc_per_node=4 train.py --lr 1", ["conda run -n env"]),
    (HDR4, "torchrun --nproc_per_node=4 train.py --lr 1 > log.txt 2>&1", ["> log.txt 2>&1"]),
    (HDR4, "stdbuf -oL -eL torchrun --nproc_per_node=4 train.py --lr 1", ["stdbuf -oL -eL"]),
]
targets = sys.argv[1:] or ["perlmutter", "polaris"]
bad = 0
for hdr, line, keep in LINES:
    for t in targets:
        try:
            r = port(hdr + line + "\n", t)[t]
        except Exception as e:
            print(f"EXC  {t:10} {line!r}: {type(e).__name__}: {str(e)[:150]}")
            bad += 1
            continue
        if r.status == "refused":
            print(f"REF  {t:10} {line!r}")
            continue
        s = r.script
        launch = [x for x in s.splitlines() if "train.py" in x]
        missing = [k for k in keep if k not in s]
        prog_ok = any("--lr 1" in x for x in launch)
        if missing or not prog_ok:
            named = [k for k in missing if any(k in n for n in r.notes)]
            tag = "NOTE" if missing and len(named) == len(missing) else "LOST"
            print(
                f"{tag} {t:10} {line!r}: missing={missing} prog_ok={prog_ok} | "
                f"{' / '.join(launch)[:200]}"
            )
            bad += 1
print("bad", bad, "of", len(LINES) * len(targets))
