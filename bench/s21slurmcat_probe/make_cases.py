# ruff: noqa: E501 (data: messages, regexes and sources, one entry a line)
"""Writes cases.yaml: new real public logs carrying catalogue messages (format of
bench/reallogs13/cases.yaml). Split by sha256(id) parity: even -> tune, odd -> heldout.
Written before any run of maple on them. Run: python make_cases.py
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import yaml

NBSP = "\u00a0"
C = [
    dict(id="desispec2618-dependency-not-a-job-id", kind="script",
         source="https://github.com/desihub/desispec/issues/2618",
         thread_site="NERSC Perlmutter, DESI pipeline resubmitting jobs with sbatch --dependency=afterok:1:1:1:1:1 (not real job ids); sbatch refuses the dependency",
         what="the job names a dependency on job ids that are not jobs; only the user knows which job it must wait for, so the answer asks (catalogue: ESLURM_DEPENDENCY slurm_errno.c:387); assumed shape - the dependency as a header directive of the srun_python job, diagnosed as on Perlmutter",
         cluster="perlmutter", script="srun_python.sh", directives=["#SBATCH --dependency=afterok:1:1:1:1:1"],
         log="ERROR:processing.py:755:submit_batch_script: psfnight-20240627-00240282-a0123456789.slurm   err.output='sbatch: error: Batch job submission failed: Job dependency problem\\n'\n",
         expect={"families": ["scheduler"], "ask": True, "ask_for": ["dependency"]}),
    dict(id="mgss81-nbsp-in-partition-directive", kind="script",
         source="https://github.com/GenomicsAotearoa/metagenomics_summer_school/issues/81",
         thread_site="NeSI Mahuika (Slurm), a course job script copied from a web page; sbatch rejects a directive; a maintainer finds non-breaking spaces (cat -v shows M-BM-) in the --partition line",
         what="the --partition directive carries non-breaking spaces between the option and its value, so sbatch reads an unknown directive; the fix writes the line with plain spaces (catalogue: sbatch/opt.c:685); assumed shape - that line in the srun_python job, with a partition of Delta in place of milan, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", directives=[f"#SBATCH --partition {NBSP} {NBSP} gpuA100x4"],
         log="sbatch: error: Invalid directive found in batch script:  \n",
         expect={"families": ["scheduler"], "fix": r"(?m)^\+#SBATCH --partition[ =]+gpuA100x4\s*$"}),
    dict(id="smk342-ntasks-per-gpu-with-cpus-per-task", kind="script",
         source="https://github.com/snakemake/snakemake-executor-plugin-slurm/issues/342",
         thread_site="Slurm 24.05, a GPU job submitted with --ntasks-per-gpu 1 --cpus-per-task 1 --gres gpu:1; the srun inside fails (reproduced with sbatch ... --wrap 'srun -n1 nvidia-smi')",
         what="the job asks for --ntasks-per-gpu together with --cpus-per-task; from Slurm 24.05 the step's srun reads SLURM_TRES_PER_TASK (cpu) and SLURM_NTASKS_PER_GPU and refuses both; the fix drops --ntasks-per-gpu (tasks per node instead) (catalogue: slurm_opt.c:5260); assumed shape - srun_python job with --ntasks-per-gpu=1 in place of --ntasks-per-node=4, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#SBATCH --ntasks-per-node=4", "#SBATCH --ntasks-per-gpu=1"]],
         log="srun: fatal: SLURM_TRES_PER_TASK is mutually exclusive with --ntasks-per-gpu and SLURM_NTASKS_PER_GPU\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^-#SBATCH --ntasks-per-gpu"}),
    dict(id="submitit1758-wckey-unknown", kind="script",
         source="https://github.com/facebookincubator/submitit/issues/1758",
         thread_site="a university Slurm cluster; DINO's run_with_submitit.py writes #SBATCH --wckey=submitit and sbatch refuses it; removing the wckey from the sbatch file gets past submission",
         what="the job names a wckey the site does not define (or does not track); the fix drops the --wckey directive (catalogue: ESLURM_INVALID_WCKEY slurm_errno.c:431); assumed shape - the wckey directive in the srun_torchrun job, diagnosed as on Delta",
         cluster="delta", script="srun_torchrun.sh", directives=["#SBATCH --wckey=submitit"],
         log="sbatch: error: Batch job submission failed: Invalid wckey specification\nsubprocess.CalledProcessError: Command '['sbatch', '/mydir/checkpoint/experiments/submission_file_611ca66d3a6a43f69bab82264c3d6afc.sh']' returned non-zero exit status 1.\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^-#SBATCH --wckey"}),
    dict(id="moss109-mem-directive-left-empty", kind="script",
         source="https://github.com/silx-kit/jupyterhub_moss/issues/109",
         thread_site="a Slurm cluster behind JupyterHub (jupyterhub_moss batch template with #SBATCH --mem={memory}); in simple mode the memory field is empty; removing the --mem line gets past submission",
         what="the template wrote --mem with no value; the fix drops the empty directive (catalogue: slurm_opt.c:2450); assumed shape - `#SBATCH --mem=` in the srun_python job, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", directives=["#SBATCH --mem="],
         log="sbatch: error: Invalid --mem specification\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^-#SBATCH --mem="}),
    dict(id="crew22-mem-per-cpu-fraction", kind="script",
         source="https://github.com/wlandau/crew.cluster/issues/22",
         thread_site="a Slurm cluster; crew.cluster writes #SBATCH --mem-per-cpu=1.5G from slurm_memory_gigabytes_per_cpu = 1.5; the reporter suggests whole megabytes (3072M style)",
         what="Slurm reads memory sizes as whole numbers with a unit; 1.5G is refused; the fix writes the same size in whole megabytes (1536M) (catalogue: slurm_opt.c:299, COMMON_MBYTES_OPTION); assumed shape - the directive in the srun_python job, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", directives=["#SBATCH --mem-per-cpu=1.5G"],
         log="sbatch: error: Invalid --mem-per-cpu specification\n",
         expect={"families": ["scheduler", "resources"], "fix": r"(?m)^\+#SBATCH --mem-per-cpu=1536M?\s*$"}),
    dict(id="flow517-blank-line-before-shebang", kind="script",
         source="https://github.com/glotzerlab/signac-flow/issues/517",
         thread_site="a Slurm cluster; the signac-flow .sh template had an extra line at the top, before #!/bin/bash; sbatch refuses the script",
         what="the first line of the script is not the #! line; the fix removes what precedes it (catalogue: sbatch.c:691); assumed shape - a blank first line before the srun_python job's #!/bin/bash, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh", replace=[["#!/bin/bash\n", "\n#!/bin/bash\n"]],
         log="sbatch: error: This does not look like a batch script.  The first\nsbatch: error: line must start with #! followed by the path to an interpreter.\nsbatch: error: For instance: #!/bin/sh\n",
         expect={"families": ["scheduler"], "fix": r"(?m)^-\s*$|^\+#!/bin/bash"}),
    dict(id="snparcher202-distribution-from-site-wrapper", kind="not_script",
         source="https://github.com/harvardinformatics/snparcher/issues/202",
         thread_site="LSU HPC (Slurm 23.11); snakemake's SLURM executor submits sbatch ... --wrap=\"... python -m snakemake ...\"; a site optimisation of the sbatch command strips the quotes of --wrap, so sbatch reads the wrapped command's -m as its own -m/--distribution",
         what="the job script names no --distribution; the site's sbatch wrapper broke the --wrap quoting, which no change to the job script mends; assumed shape - the srun_python job unchanged, diagnosed as on Delta",
         cluster="delta", script="srun_python.sh",
         log="SLURM job submission failed. The error message was sbatch: error: Invalid --distribution specification\n"),
]
for c in C:
    c["split"] = "tune" if int(hashlib.sha256(c["id"].encode()).hexdigest(), 16) % 2 == 0 else "heldout"
order = ["id", "split", "kind", "source", "thread_site", "what", "cluster", "script", "directives",
         "replace", "log", "expect"]
cases = [{k: c[k] for k in order if k in c} for c in C]
head = Path(__file__).with_name("cases_header.txt").read_text(encoding="utf-8")
Path(__file__).with_name("cases.yaml").write_text(
    head + yaml.safe_dump({"schema": 1, "cases": cases}, sort_keys=False, width=110, allow_unicode=True),
    encoding="utf-8")
print({c["id"]: c["split"] for c in cases})
