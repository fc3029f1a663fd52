# ruff: noqa: E501
"""Write cases.yaml of the s34held probe (split by sha256(id) parity, fixed before any run)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
APPT_FIX = r"(?m)^\+\s*(module|ml)\s+(load\s+)?\S*apptainer"
NO_APPT = ("module load apptainer\n", "")

CASES = [
    # ---- container runtime only behind a module (script: load it in the job script)
    dict(id="ollamartx-apptainer-module-not-loaded-on-compute-node", kind="script",
         source="find_string:51793797467", cluster="lonestar6", script="apptainer_srun_torchrun.sh",
         thread_site="a serving project's Slurm README, troubleshooting: apptainer: command not found - Apptainer module not loaded on the compute node; add module load apptainer to the sbatch",
         what="the sbatch runs apptainer with no module load; mapped to Lonestar6 (TACC: tacc-apptainer module)",
         replace=[NO_APPT], log="apptainer: command not found\n",
         expect={"families": ["modules", "containers"], "fix": APPT_FIX}),
    dict(id="engagingcalib-apptainer-not-found-after-one-second", kind="script",
         source="find_string:70953947012", cluster="stampede3", script="apptainer_srun_torchrun.sh",
         thread_site="a research log on MIT Engaging (Slurm): job failed on node1602 after one second with apptainer: command not found; the shared Apptainer 1.4.2 installation is now selected explicitly",
         what="the job starts the image with no container runtime selected; mapped to Stampede3 (tacc-apptainer)",
         replace=[NO_APPT],
         log="25112692 failed on node1602 after one second with\n`apptainer: command not found`\n",
         expect={"families": ["modules", "containers"], "fix": APPT_FIX}),
    dict(id="tuftspax-apptainer-bare-node-forgot-module", kind="script",
         source="find_string:62646019333", cluster="aurora", script="pbs_aurora_mpiexec.sh",
         thread_site="a Tufts cluster runbook table: `apptainer: command not found` in job - forgot `module load apptainer/...` on the bare node",
         what="the PBS job starts apptainer under mpiexec without the container modules; mapped to Aurora (spack-pe-gcc, apptainer modules)",
         replace=[("python train.py", "apptainer exec pointcept.sif python train.py")],
         log="/var/spool/pbs/mom_priv/jobs/8123.aurora-pbs-0001.SC: line 15: apptainer: command not found\n",
         expect={"families": ["modules", "containers"], "fix": APPT_FIX}),
    dict(id="tjpguide-missing-module-load-apptainer-err-file", kind="script",
         source="find_string:55049024837", cluster="polaris", script="pbs_mpiexec.sh",
         thread_site="a pipeline's HPC guide table: Missing `module load apptainer` - `apptainer: command not found` - Load module: `module load apptainer`",
         what="the job runs the image without the container module; mapped to Polaris (module use /soft/modulefiles; spack-pe-base, apptainer)",
         replace=[("python train.py", "apptainer exec --nv tjp.sif python train.py")],
         log="apptainer: command not found\n",
         expect={"families": ["modules", "containers"], "fix": APPT_FIX}),
    # ---- PALS reports a node failure (not the script)
    dict(id="abacusnodes-pals-shepherd-sig9-rank15-collateral", kind="not_script",
         source="find_string:61706975988", cluster="aurora", script="pbs_aurora_mpiexec.sh",
         thread_site="a simulation project's node-replacement notes for Aurora: shepherd died from signal 9 is the initiating death (node SIGKILLed), rank N died from signal 15 the collateral teardown",
         what="a node of the job went bad; the launcher tears the others down", replace=[],
         log="x4117c0s6b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9\nx4115c5s4b0n0.hsn.cm.aurora.alcf.anl.gov: rank 12 died from signal 15\n",
         expect={}),
    dict(id="agpt20b-node-fail-after-step-364-shepherd", kind="not_script",
         source="find_string:65770079044", cluster="aurora", script="pbs_aurora_mpiexec.sh",
         thread_site="a training log table: NODE_FAIL after step 364 (`shepherd died from signal 9` on `x4406c6s7b0n0`, exit -20)",
         what="a recurring Aurora bad-node failure after hours of training", replace=[],
         log="**NODE_FAIL** after step 364 (`shepherd died from signal 9` on `x4406c6s7b0n0`, exit -20)\n",
         expect={}),
    dict(id="abacusnodes-pals-ping-rpc-timeout-node-silent", kind="not_script",
         source="find_string:61706975988", cluster="aurora", script="pbs_aurora_mpiexec.sh",
         thread_site="the same notes: ping RPC timeout from <h> after 120s - palsd stopped getting answers; the node went silent",
         what="a node stopped answering the PALS daemon", replace=[],
         log="ping RPC timeout from x4504c5s1b0n0 after 120s\n", expect={}),
    dict(id="ezpzfailover-docs-shepherd-swap-host", kind="not_script",
         source="find_string:69094151551", cluster="aurora", script="pbs_aurora_mpiexec.sh",
         thread_site="a failover tool's failure taxonomy: `<host>: shepherd died from signal 9` - swap that host",
         what="a node killed under PALS; the tool swaps the host", replace=[],
         log="x4502c1s3b0n0.hsn.cm.aurora.alcf.anl.gov: shepherd died from signal 9\nx4001c5s4b0n0.hsn.cm.aurora.alcf.anl.gov: rank 0 died from signal 15\n",
         expect={}),
    # ---- backward on a non-scalar output (not the script: the program)
    dict(id="autogradtable-nonscalar-backward", kind="not_script",
         source="find_string:67284316799", cluster="delta", script="torchrun_single.sh",
         thread_site="a PyTorch troubleshooting table: grad can be implicitly created only for scalar outputs - non-scalar backward - .backward(torch.ones_like(loss)) or .mean()",
         what="the program calls backward on a vector loss", replace=[],
         log="RuntimeError: grad can be implicitly created only for scalar outputs\n", expect={}),
    dict(id="fastainotes-yt-backward-vector", kind="not_script",
         source="find_string:41624894564", cluster="delta", script="srun_python.sh",
         thread_site="course notes: yt = f(xt); yt.backward() -> RuntimeError",
         what="backward on a vector output in the user's code", replace=[],
         log=">>> yt.backward()\n\nRuntimeError: grad can be implicitly created only for scalar outputs\n",
         expect={}),
    dict(id="autogradnotes-w-backward-needs-gradient", kind="not_script",
         source="find_string:15421412519", cluster="bridges2", script="srun_python.sh",
         thread_site="autograd notes: w.backward() # RuntimeError: grad can be implicitly created only for scalar outputs; w.backward(torch.tensor([1., 1., 1.]))",
         what="the program's backward needs a gradient argument", replace=[],
         log="    w.backward()\n  File \"/opt/conda/lib/python3.10/site-packages/torch/_tensor.py\", line 522, in backward\nRuntimeError: grad can be implicitly created only for scalar outputs\n",
         expect={}),
    dict(id="softmaxnotes-p-backward-nonscalar", kind="not_script",
         source="find_string:28420072694", cluster="perlmutter", script="srun_python.sh",
         thread_site="notes on softmax gradients: p.backward() raises RuntimeError: grad can be implicitly created only for scalar outputs",
         what="backward on a probability vector in the program", replace=[],
         log="# RuntimeError: grad can be implicitly created only for scalar outputs\n", expect={}),
]


def main() -> None:
    out = []
    for case in CASES:
        split = "tune" if int(hashlib.sha256(case["id"].encode()).hexdigest(), 16) % 2 == 0 \
            else "heldout"
        row = {"id": case["id"], "split": split}
        row.update({k: v for k, v in case.items() if k != "id"})
        row["replace"] = [list(r) for r in case["replace"]]
        out.append(row)
    header = ("# s34held probe: NEW real excerpts of the held-out miss classes of reallogs31/32\n"
              "# (container runtime behind a module; PALS node failure; backward on a non-scalar),\n"
              "# written before any run. Run with bench/reallogs/run.py --cases this file.\n")
    (HERE / "cases.yaml").write_text(header + yaml.safe_dump({"schema": 1, "cases": out},
                                     sort_keys=False, allow_unicode=True, width=200))


if __name__ == "__main__":
    main()
