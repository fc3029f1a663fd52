"""Rendered launch lines start real torchrun / accelerate / DeepSpeed ranks (gloo, CPU).

Fake site launchers fan the wrapped command out to one process per task (node or rank) on
this host, with the rank variables the site's launcher would set; everything after them is
real. About a minute, so it runs only with MAPLE_SLOW=1 (the twin tests run it for real).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from launch_cases import case, spec_for

from maple_flow.render import render

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("MAPLE_SLOW") != "1", reason="set MAPLE_SLOW=1"),
]

FANOUT = """#!/bin/bash
while [ $# -gt 0 ]; do case "$1" in bash|torchrun) break;; esac; shift; done
n=$NNODES; [ "$MAPLE_MODE" = rank ] && n=$NRANKS
pids=()
for ((i=0; i<n; i++)); do
  PMI_RANK=$i PALS_RANKID=$i PALS_LOCAL_RANKID=$((i % GPUS_PER_NODE)) SLURM_NODEID=$i \\
    OMPI_COMM_WORLD_RANK=$i "$@" & pids+=($!)
done
rc=0; for p in "${pids[@]}"; do wait "$p" || rc=1; done; exit $rc
"""
APP = """import os, sys, torch, torch.distributed as dist
if os.environ.get("APP") == "deepspeed":
    import deepspeed; deepspeed.init_distributed(dist_backend="gloo")
elif os.environ.get("APP") == "accelerate":
    from accelerate import Accelerator; Accelerator(cpu=True)
else:
    dist.init_process_group("gloo")
t = torch.ones(1); dist.all_reduce(t)
line = f"RANK {dist.get_rank()} {dist.get_world_size()} {int(t.item())} {sys.argv[1:]}\\n"
os.write(1, line.encode())  # one write: lines of concurrent ranks do not interleave
dist.destroy_process_group()
"""
CASES = ["perlmutter-pytorch-ddp", "lonestar6-deepspeed-zero3", "vista-accelerate-ddp",
         "polaris-pytorch-fsdp", "aurora-accelerate-ddp"]


def _bin(root: Path) -> Path:
    tools = root / "bin"
    tools.mkdir()
    venv = Path(sys.executable).parent
    files = {name: FANOUT for name in ("srun", "mpiexec", "ibrun", "mpirun")}
    files.update({name: "#!/bin/bash\n" for name in ("module", "conda")})
    files["scontrol"] = "#!/bin/bash\necho localhost\necho localhost\n"
    for name in ("python", "python3"):
        files[name] = f'#!/bin/bash\nexec {sys.executable} "$@"\n'
    for name in ("torchrun", "accelerate"):
        files[name] = f'#!/bin/bash\nexec {venv / name} "$@"\n'
    for name, text in files.items():
        (tools / name).write_text(text)
        (tools / name).chmod(0o755)
    return tools


@pytest.mark.parametrize("template_id", CASES)
def test_ranks_start_and_all_reduce(template_id: str, tmp_path: Path) -> None:
    template, profile = case(template_id)
    profile = profile.model_copy(update={"node": profile.node.model_copy(update={"domain": ""})})
    (tmp_path / "app.py").write_text(APP)
    (tmp_path / "nodefile").write_text("localhost\nlocalhost\n")
    per_node = 1 if profile.gpu.per_node == 1 else 2
    spec = spec_for(template, profile, nodes=2, gpus_per_node=per_node,
                    entrypoint=str(tmp_path / "app.py"), args=["a b", "$(x)"],
                    env={"APP": template.framework, "SCRATCH": str(tmp_path)})
    (tmp_path / "maple-venv" / "bin").mkdir(parents=True)
    (tmp_path / "maple-venv" / "bin" / "activate").write_text("")
    (tmp_path / "job.sh").write_text(render(spec, profile, template))
    env = {**os.environ, "PATH": f"{_bin(tmp_path)}:/usr/bin:/bin", "SLURM_JOB_ID": "31",
           "SLURM_JOB_NODELIST": "n[1-2]", "PBS_JOBID": "32.pbs", "SCRATCH": str(tmp_path),
           "PBS_NODEFILE": str(tmp_path / "nodefile"), "PBS_O_WORKDIR": str(tmp_path),
           "MAPLE_MODE": "rank" if profile.launch.style == "rank-per-gpu" else "node"}
    proc = subprocess.run(["bash", str(tmp_path / "job.sh")], env=env, capture_output=True,
                          text=True, timeout=150, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = sorted(line for line in proc.stdout.splitlines() if line.startswith("RANK "))
    world = spec.ranks
    assert lines == sorted(f"RANK {r} {world} {world} ['a b', '$(x)']" for r in range(world))
