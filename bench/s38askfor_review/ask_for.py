"""s38askfor: the missing value of every ask label of the released log sets (`expect.ask_for`).

Each entry names what the case's own log, script, `what` (and bench/s38relabel_review/
label-decisions.md for the 47 s38relabel cases) say only the user has; a list holds the need
names that mean that value (maple's question must name one). Applied once by apply_ask_for.py.
"""

ACCOUNT = ["account"]
ACCOUNT_OR_PARTITION = ["account", "partition"]
WALLTIME = ["walltime", "time"]
COUNT = ["count", "cpus_per_task", "ntasks", "ntasks_per_node"]
NODES = ["nodes", "count"]
SUBMIT_LIMIT = ["qos", "account"]  # wait/cancel, or another QOS/account
ENV = ["path", "python_path", "program_path"]  # where the environment/program is
ENV_OR_MODULE = [*ENV, "tool_module", "module"]
PROGRAM = ["path", "program_path"]
MODULE = ["module"]
PREREQ = ["prerequisite_module", "module"]
MPI = ["mpi_module", "module"]
PYMOD = ["python_module", "module"]
IMAGE = ["container_image", "image"]
IMAGE_PATH = ["path", "container_image", "image"]
TMPDIR = ["apptainer_tmpdir", "cache_dir", "writable_dir", "storage_dir"]
CONFIG = ["config", "path"]
STORAGE = ["storage_dir", "path"]

ASK_FOR: dict[str, list[str]] = {
    "entity_probe/robertslab1516-modulefile-path-unknown": ["module", "tool_module", *PROGRAM],
    "entity_probe/ds3308-deepspeed-command-not-found": ENV_OR_MODULE,
    "entity_probe/ds3240-deepspeed-command-not-found-run13b": ENV_OR_MODULE,
    "entity_probe/timellm149-accelerate-command-not-found": ENV,
    "entity_probe/horovod1068-program-missing-on-rank-host": PROGRAM,
    "entity_probe/robertslab1758-modulefile-bio-unknown": ["module", "tool_module", *PROGRAM],
    "entity_probe/mixtral23-torchrun-command-not-found": ENV,
    "entity_probe/glem11-torchrun-absolute-path-not-found": ENV,
    "entity_probe/r4cker17-modules-unknown-and-cd-missing": ["module", "path"],
    "entity_probe/allele10-singularity-image-path-missing": IMAGE_PATH,
    "entity_probe/slotfill5-venv-activate-missing": ENV,
    "entity_probe/darshan38-home-venv-activate-missing": ENV,
    "launchernf_probe/accel2192-srun-accelerate-venv-node-local": ENV,
    "launchernf_probe/accel3237-srun-accelerate-env-not-activated": ENV,
    "launchernf_probe/ds4189-deepspeed-not-found-pip3-install": ENV,
    "launchernf_probe/ds1927-deepspeed-and-ds-report-not-found": ENV,
    "launchernf_probe/oc563-program-starts-torchrun-not-on-path": ENV,
    "launchernf_probe/lf5216-sudo-drops-env-path-torchrun": ENV,
    "launchernf_probe/tllm20-accelerate-not-found-venv-not-activated": ENV,
    "launchernf_probe/flagai553-torchrun-not-found-zh-locale": ENV,
    "launchernf_probe/cscwrap30-container-python-not-in-path": ENV,
    "launchernf_probe/ds2934-deepspeed-command-not-found-path": ENV,
    "reallogs/arjuna-17-invalid-account": ACCOUNT,
    "reallogs/arjuna-225-no-account": ACCOUNT,
    "reallogs/picongpu-2931-account-variable": ACCOUNT,
    "reallogs/operon-8-gpu32-account": ACCOUNT,
    "reallogs/awsome-245-torchrun-not-found": ENV_OR_MODULE,
    "reallogs/cscfi-1-execve-torchrun": ENV_OR_MODULE,
    "reallogs/tinyllava-130-gated": ["hf_token_file", "hf_token"],
    "reallogs/neosapiens-3-gated-401": ["hf_token_file", "hf_token"],
    "reallogs11/apptainer546-pull-tmp-full-cachedir": TMPDIR,
    "reallogs11/pyxis66-container-name-without-image-new-job": IMAGE,
    "reallogs12/rcacutils2-partition-ai-billing-minutes": ACCOUNT_OR_PARTITION,
    "reallogs12/firm3d57-perlmutter-lmod-cray-hdf5-prereqs": PREREQ,
    "reallogs12/itwinai414-salloc-doc-account-not-users": ACCOUNT,
    "reallogs15/tsn42-mpirun-caffe-binary-wrong-build-dir": PROGRAM,
    "reallogs16/verkko209-sbatch-must-specify-account": ACCOUNT,
    "reallogs19/isaaclab316-sbatch-no-account-no-partition-defaults": ACCOUNT_OR_PARTITION,
    "reallogs2/arjuna-47-account-renamed": ACCOUNT,
    "reallogs2/sdf-5-shared-account": ACCOUNT,
    "reallogs2/alcf-568-rejected-destinations": ["queue"],
    "reallogs2/kokkos-1508-module-prereq": PREREQ,
    "reallogs22/polarisnote-qsub-account-name-required": ACCOUNT,
    "reallogs29/spitblocker-srun-python-not-found-venv-not-active-in-job": ENV,
    "reallogs29/saejobscript-gpu-partition-needs-named-gpu-account": ACCOUNT,
    "reallogs29/cosmosrlnotes-gb300-sm103-nvrtc-arch-unsupported-run-on-gb200":
        [*IMAGE, "partition"],
    "reallogs3/radical1079-bank-limit": ACCOUNT,
    "reallogs3/dask458-pbs-project-required": ACCOUNT,
    "reallogs3/gadi1-project-variable": ACCOUNT,
    "reallogs3/e3sm1172-project-no-allocation": ACCOUNT,
    "reallogs30/seasmfemtacc-gmsh-not-on-path-module-load-gmsh": ENV_OR_MODULE,
    "reallogs31/vllmpathfix-srun-bash-lc-vllm-command-not-found-venv-binary": ENV,
    "reallogs32/uclfaq-qlogic-built-binary-started-by-other-mpirun-not-started-through-mpirun":
        MPI,
    "reallogs33/stampede3sfnolog-torchrun-yaml-config-path-missing-on-launch-line": CONFIG,
    "reallogs33/geofloodstampede-taudem-not-on-path-ibrun-hydra-unrecognized-argument":
        ENV_OR_MODULE,
    "reallogs33/geofloodstampede-grass76-start-script-not-on-path": ENV_OR_MODULE,
    "reallogs34/midwaybyt5-sbatch-rejected-account-is-not-specified": ACCOUNT,
    "reallogs34/unigeams-lmod-module-exists-but-needs-intel-compilers-impi-first": PREREQ,
    "reallogs35/csrrunbook-deepspeed-not-on-path-training-env-not-activated": ENV_OR_MODULE,
    "reallogs4/batchtools41-empty-cpus-per-task": COUNT,
    "reallogs4/azhop853-empty-ntasks-per-node": COUNT,
    "reallogs4/esmtools543-ntasks-zero": COUNT,
    "reallogs4/canu1776-pbs-account-missing": ACCOUNT,
    "reallogs6/dax504-qos-grp-gres-limit": [*SUBMIT_LIMIT, "gres", "count"],
    "reallogs6/shifter224-image-by-id-lookup-failed": IMAGE,
    "reallogs7/milatools113-qos-min-cpu-not-satisfied": ["cpus_per_task", "count", "qos"],
    "reallogs7/technotes7-qos-max-submit-per-user": SUBMIT_LIMIT,
    "reallogs8/cbio256-pbs-walltime-exceeded": WALLTIME,
    "reallogs8/spparks9-hydra-execvp-relative-executable": PROGRAM,
    "reallogs8/canu617-qsub-walltime-required-8-core-nodes": WALLTIME,
    "reallogs9/sheffield1892-lmod-unknown-module-version-suffix": MODULE,
    "repair8_probe/batchtools199-qos-submit-limit-2k-jobs": SUBMIT_LIMIT,
    "repair8_probe/jade78-qos-jobs-per-user-lowered": SUBMIT_LIMIT,
    "repair8_probe/sisyphus241-assoc-max-submit": SUBMIT_LIMIT,
    "repair8_probe/sos898-qos-submit-limit-482-jobs": SUBMIT_LIMIT,
    "repairfix_probe/radical1396-lmod-exists": PREREQ,
    "repairfix_probe/gwf166-none-node-count": NODES,
    "repairrec_probe/seml-42-partition-not-permitted": ACCOUNT_OR_PARTITION,
    "repairrec_probe/picongpu-2954-account-not-in-group": ACCOUNT,
    "repairrec_probe/caper-35-account-partition-swapped": ACCOUNT_OR_PARTITION,
    "repairrec_probe/lmod-823-cupy-needs-compiler": PREREQ,
    "repairsched_probe/sdfdocs6-srun-invalid-account": ACCOUNT,
    "repairsched_probe/cscs553-srun-account-prefix": ACCOUNT,
    "repairsched_probe/nsdm4-account-variable": ACCOUNT,
    "repairsched_probe/iitd5-pbs-budget-project": ACCOUNT,
    "repairsched_probe/trilinos8851-lmod-unknown-timestamped": MODULE,
    "repairsched_probe/areal328-singularity-no-image": IMAGE_PATH,
    # the module tree for `module use` (a path), not a module name
    "s18repairscript_probe/vscdocs440-module-unknown-needs-module-use":
        ["module_path", "module_tree", "path"],
    "s19repairbreadth_probe/cbio4-qsub-cannot-locate-feasible-nodes":
        ["select", "constraint", "nodes", "value"],
    "s19repairbreadth_probe/olcf23-not-member-of-account": ACCOUNT,
    "s19repairbreadth_probe/qe32-mpirun-executable-not-found-pwx": ENV_OR_MODULE,
    "s19repairbreadth_probe/mpijl237-mpirun-executable-not-found-julia": ENV_OR_MODULE,
    # the launcher option that takes no value (the program ./picongpu is there)
    "s19repairbreadth_probe/picongpu1984-mpiexec-executable-is-an-option-value":
        ["option_value", "option_spelling", "value"],
    "s19repairbreadth_probe/fastpm101-mpirun-cannot-access-executable": PROGRAM,
    "s19repairbreadth_probe/hyphy1751-mpirun-cannot-access-unbuilt-binary": PROGRAM,
    "s19repairbreadth_probe/ds3669-hostfile-bad-entry": ["hostfile"],
    "s19repairdocs_probe/aurora-julia-depot-not-exported-in-job":
        ["julia_depot_path", *STORAGE],
    "s20repair11held_probe/pyxis172-named-container-from-login-node": IMAGE,
    "s20repair11held_probe/ctatmut93-singularity-sandbox-tmp-full": TMPDIR,
    "s21pbscat_probe/lsknet112-dist-train-unset-gpu-num": CONFIG,
    "s21pbscat_probe/bpr44-dist-train-no-arguments": CONFIG,
    "s21rl16tune_probe/autosubmit576-empty-wallclock-time-directive": WALLTIME,
    "s21slurmcat_probe/desispec2618-dependency-not-a-job-id": ["dependency"],
    "s23logscript_probe/alpinedoc-time-now-required": WALLTIME,
    "s23logscript_probe/babs118-princeton-test-job-no-time-limit": WALLTIME,
    "s25logs_probe/taudem145-hydra-execvp-program-name-case": PROGRAM,
    "s25logs_probe/allegro-qsub-account-name-required": ACCOUNT,
    "s27census_probe/yhrun-node-count-range-colon": NODES,
    "s28r2logs_probe/linevulnote-small-cpu-allocation-fails-building-roberta": ["mem"],
    "s28rscript2_probe/mpasnote-anvil-mpiexec-not-found-env-not-sourced": MPI,
    "s30gpu_probe/accelerate-config-file-relative-missing": CONFIG,
    "s30gpu_probe/accelerate-old-config-error-names-default": CONFIG,
    "s30rscript_probe/abdn-example-save-dir-home-path-of-another-layout-permission-denied":
        ["writable_dir", *STORAGE],
    "s31site2_probe/pmnote-salloc-interactive-gpu-policy-rejection-cause-unshown":
        ["account", "qos"],
    "s32b1_probe/dagrecovery-allocation-failure-dependency-on-completed-job": ["dependency"],
    "s32b1_probe/tier1pilot-cpu-submitter-stale-afterok-dependency": ["dependency"],
    "s32b1_probe/e38chains-completed-job-not-valid-afterok-directive": ["dependency"],
    "s32b1_probe/lambda-runbook-exclude-decommissioned-node": ["exclude_nodes", "nodelist"],
    "s32b1_probe/gfm-wrapper-hardcoded-exclude-unknown-node": ["exclude_nodes", "nodelist"],
    "s32b1_probe/vista-tapis-requested-reservation-invalid": ["reservation"],
    "s32b1_probe/metoffice-rose-qsub-pbsinvalidproject-trustzone": ACCOUNT,
    "s32b1_probe/nci-are-qsub-not-member-of-project": ACCOUNT,
    "s32b2_probe/levante-mpi4py-libmpi40-no-rpath": [*MPI, "path"],
    "s32b2_probe/pcluster-nccltests-libmpi40-opt-amazon": [*MPI, "path"],
    "s32b2_probe/python-lmod-hier-gcccore-spider": PREREQ,
    "s32cmd_probe/longbench102-client-asks-a-path-the-server-does-not-serve":
        ["model_path", "path", "value"],
    "s32cmd_probe/jarvisvla5-served-name-not-a-model": ["model_path", "path"],
    "s32cmd_probe/llamafactory3790-right-name-not-installed-on-path": ENV,
    "s32cmd_probe/sstviz-srun-python-login-env-not-carried": ENV,
    "s32gpu_probe/himloco14-nvrtc-arch-4090-pyxis-image": IMAGE,
    "s32sched_probe/arforfoz-srun-mpi-pmix-named-build-lacks-it":
        ["value", "mpi_type", "mpi_module"],
    "s32wrong_probe/ucdfarm-tutorial-helloworld-no-time-refused": WALLTIME,
    "s33b3_probe/enroot-whiteout-lustre-temp-path-vllm-import": ["enroot_temp_path"],
    "s33b3_probe/enroot-whiteout-nfs-project-temp-path": ["enroot_temp_path"],
    "s33b3_probe/enroot-whiteout-fsx-lustre-hyperpod": ["enroot_temp_path"],
    "s33b3_probe/lookalike-singularity-pull-tmp-full-assemblyqc": TMPDIR,
    "s33vala_probe/lifesimnote-sbatch-cores-placeholder-in-directive": COUNT,
    "s33vala_probe/hpcworkflows-snakemake-wildcard-ntasks-not-in-script": COUNT,
    "s33vala_probe/matsimjob-al-driver-vasp-steps-two-nodes-in-one-node-job": NODES,
    "s33valb_probe/ttu-r-project-prereq-no-options-lookalike": PREREQ,
    "s33valb_probe/uppmax-samtools-hidden-no-options-lookalike": PREREQ,
    # the cause is elsewhere than the hook: which environment/conda the job must use
    "s33valb_probe/orcalab-install-hook-already-sourced-lookalike": ENV,
    "s34ctr2_probe/lrzjobcomment-lrz-cpu-default-qos-gpu-needs-qos-cpu": ["qos"],
    "s34ctr2_probe/uzhnotes-lowprio-two-day-time-over-qos-invalid-qos":
        ["qos", *WALLTIME, "partition"],
    "s34ctr2_probe/coaretable-wrong-qos-name-gpu-partition-default-qos": ["qos"],
    "s34ctr2_probe/pcqoswalkthrough-interactive-qos-grptres-four-gpus-five-asked":
        ["qos", "gres", "count"],
    # no account named: the account, not the QOS
    "s34ctr_probe/lumibatch-no-account-job-violates-qos-policy": ACCOUNT,
    "s34ctr_probe/cscroihu-no-account-assoc-max-submit-job-limit": ACCOUNT,
    "s34nofix_probe/vaspnotes-anvil-mpirun-not-found-no-mpi-module": MPI,
    "s34nofix_probe/ezpznotes-delta-mpiexec-not-on-path-load-mpi-module": MPI,
    "s34nofix_probe/fenixdocs-anvil-mpiexec-not-found-tests": MPI,
    "s34nofix_probe/sgeqa-modulefile-missing-then-mpirun-not-found": MPI,
    "s34notes_probe/notes-expflow-invalid-account-partition": ACCOUNT_OR_PARTITION,
    "s34notes_probe/notes-slurm-limits-probe-qosmaxgrespereuser-five-gpus":
        ["qos", "gres", "count"],
    "s34notes_probe/notes-multitenant-qos-gpu-cap-16-of-8": ["qos", "gres", "count"],
    "s34notes_probe/notes-student-cluster-qos-max-cpu-per-job": ["qos", "cpus_per_task", "count"],
    "s34rl34_probe/cliharness-sbatch-account-is-not-specified": ACCOUNT,
    "s34wrong_probe/interproscan-envmodules-application-module-unknown": ["module", "tool_module"],
    "s34wrong_probe/blast-lmod-application-module-version-unknown": ["module", "tool_module"],
    "s34wrong_probe/bizzare-envmodules-unknown-name-stderr": ["module", "tool_module"],
    "s35lmod_probe/envmod123-prereq-one-of-prgenv": PREREQ,
    "s35lmod_probe/vsc198-toolchain-version-conflict": PREREQ,
    "s35nccl_probe/sglang3820-nccl-socketpollconnect-113-no-route": ["nccl_socket_ifname"],
    "s35rl34_probe/grasssession-grass78-start-script-not-on-path": ENV_OR_MODULE,
    "s35rl34_probe/rgrass-initgrass-g-gisenv-not-on-path": ENV_OR_MODULE,
    "s35rl36_probe/scoop79-venv-python-libpython36m-module-not-loaded-remote-workers": PYMOD,
    "s35rl36_probe/radicalpilot2606-frontera-virtualenv-libpython37m-missing": PYMOD,
    "s35rl36_probe/gumby53-das4-venv-python-libpython27-missing": PYMOD,
    "s35sched_probe/pbsworks-training-can-never-run-ncpus": ["select", "ncpus", "count"],
    "s35submit_probe/bluewaters-no-allocation-for-project-account": ACCOUNT,
    "s36ctr_probe/grudocs-apptainer-bind-source-aws-missing": ["bind", "path"],
    "s36ctr_probe/bottorff-snakemake-sif-path-missing-under-scratch": IMAGE_PATH,
    "s36ctr_probe/dfastvrl-singularity-image-name-tag-colon-missing": IMAGE_PATH,
    "s36ctr_probe/pyxisnote-container-save-directory-missing": ["path", "writable_dir"],
    "s36fs_probe/kaggleposework-bash-work-unbound-variable-define-work": STORAGE,
    "s36fs_probe/sam3countdelta-scratch-unbound-variable-not-on-cluster": STORAGE,
    "s36fs_probe/saellava-scratch-not-set-guard-polaris": STORAGE,
    "s36fs_probe/acesweep-pscratch-unbound-cron-submission-perlmutter": STORAGE,
    "s36rl3536_probe/cluster-notes-ml-python-every-job-libpython312": PYMOD,
    "s36rl3536_probe/hpc-docs-module-purge-before-venv-libpython310": PYMOD,
    "s36rl37_probe/leonardonotes-boost-qos-bprod-min-cpu-not-satisfied":
        ["cpus_per_task", "count", "qos"],
    "s36rl37_probe/hsgbench-qos-minimum-four-gpus-qosmingres": ["gres", "count", "qos"],
    # the log's own line: highmem needs --mem of at least 100 G (or another partition)
    "s36rl37_probe/labguide-highmem-pending-qosmingres-mem-minimum": ["mem", "partition"],
    "s36rl37_probe/masldnotes-bigmem-500g-minimum-qosminmemory": ["mem", "partition"],
    "s36rl39_probe/uppmax-teaching-samtools-hidden-behind-bioinfo-tools": PREREQ,
    "s36rl39_probe/fusioncatcher-rackham-biopython-legacy-wording": PREREQ,
    "s36rl39_probe/lmodzh-openmpi-wrapped-module-name-next-line": PREREQ,
    "s37notprec_probe/virtuallab-salome-nv-glibc-234-libglx": ["library_path", "path"],
    "s37notprec_probe/salomemeca-recipe-nv-glibc-238-session-server": ["library_path", "path"],
    "s37notprec_probe/celeritas-larg4-nv-glibc-238-straight-quotes": ["library_path", "path"],
    "s37notprec_probe/barnchallenge-singularity-nv-libgldispatch-glibc":
        ["library_path", "path"],
    "s37notprec_probe/sptag-mpi-search-libmkl-oneapi-not-sourced-bridges2":
        ["oneapi_module", "module", "path"],
    "s37notprec_probe/ipexllm-qlora-xpu-libmkl-oneapi-env-not-set-delta":
        ["oneapi_module", "module", "path"],
    "s37notprec_probe/lossdatamodule-prefetch-error-with-launch-line-zero-workers":
        ["num_workers", "count", "value"],
    "s37rl3840_probe/r09smoke-env-torchrun-no-such-file-venv-bin-not-on-path": ENV,
}
