import hashlib, yaml, json, pathlib
C = []
def case(id, kind, source, thread_site, what, cluster, script, log, expect, replace=None, directives=None):
    d = {"id": id, "split": "tune" if int(hashlib.sha256(id.encode()).hexdigest(), 16) % 2 == 0 else "heldout",
         "kind": kind, "source": source, "thread_site": thread_site, "what": what, "cluster": cluster,
         "script": script}
    if directives: d["directives"] = directives
    if replace: d["replace"] = replace
    d["log"] = log; d["expect"] = expect
    C.append(d)
ASK_ENV = {"families": ["environment", "launcher", "modules", "user"], "ask": True}
case("mae119-sbatch-gpus-per-node-unrecognized", "script", "https://github.com/facebookresearch/mae/issues/119",
     "submitit-generated sbatch script with `#SBATCH --gpus-per-node=8` on a Slurm that does not know the option",
     "the option spelling is unknown to this Slurm; the line at fault is the `--gpus-per-node` directive, the same request in the spelling every Slurm knows is `--gres=gpu:8`; assumed shape - a one-node srun job, diagnosed as on Delta",
     "delta", "srun_python.sh", "sbatch: unrecognized option '--gpus-per-node=8'\n",
     {"families": ["scheduler", "devices", "resources"], "fix": r"(?m)^\+#SBATCH --gres=gpu:8"},
     replace=[["#SBATCH --gpus-per-node=4", "#SBATCH --gpus-per-node=8"]])
case("robertslab1516-modulefile-path-unknown", "script", "https://github.com/RobertsLab/resources/issues/1516",
     "mox (UW Hyak) job script loads `gscratch/srlab/programs/stacks-2.62` as a module; the program is then not found",
     "the module named does not exist on the site (a directory path given as a module name); only the user knows which module or path holds the program: ask; assumed shape - a one-node job, diagnosed as on Anvil",
     "anvil", "torchrun_single.sh",
     "ERROR: Unable to locate a modulefile for 'gscratch/srlab/programs/stacks-2.62'\n/var/spool/slurm/d/job3603507/slurm_script: line 54: process_radtags: command not found\n",
     ASK_ENV, replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                        "module load gscratch/srlab/programs/stacks-2.62\nprocess_radtags -1 R1.fq.gz -2 R2.fq.gz -o ./out"]])
case("ds3308-deepspeed-command-not-found", "script", "https://github.com/deepspeedai/DeepSpeed/issues/3308",
     "BELLE fine-tuning script `deepspeed main.py ...`; deepspeed was pip-installed with --user and is not in the active conda env",
     "the launcher command is not on PATH in the job (not installed in the environment the job uses); which environment holds it only the user knows: ask; assumed shape - a one-node deepspeed job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "training_scripts/single_node/run_FT.sh: line 17: deepspeed: command not found\n",
     ASK_ENV, replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                        "deepspeed main.py --sft_only_data_path BELLE/train_2M_CN.json --zero_stage 3 --deepspeed"]])
case("ds3240-deepspeed-command-not-found-run13b", "script", "https://github.com/deepspeedai/DeepSpeed/issues/3240",
     "DeepSpeed-Chat step1 single-GPU script `deepspeed --num_gpus 1 main.py ...`; deepspeed not found",
     "the launcher command is not on PATH in the job; ask which environment provides it; assumed shape - a one-node deepspeed job, diagnosed as on Perlmutter",
     "perlmutter", "torchrun_single.sh",
     "/Users/houhaoyu/Desktop/DeepSpeedExamples/applications/DeepSpeed-Chat/training/step1_supervised_finetuning/training_scripts/single_gpu/run_1.3b.sh: line 18: deepspeed: command not found\n",
     ASK_ENV, replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                        "deepspeed --num_gpus 1 main.py --model_name_or_path facebook/opt-1.3b --gradient_accumulation_steps 8 --lora_dim 128 --zero_stage 0 --deepspeed --output_dir ./output"]])
case("timellm149-accelerate-command-not-found", "script", "https://github.com/KimMeen/Time-LLM/issues/149",
     "Time-LLM run script `accelerate launch ...`; the package imports (`from accelerate import Accelerator` works) but the command is not found",
     "the package is installed but its entry point is not on PATH; the launcher started through the interpreter (`python -m accelerate.commands.launch`) works; assumed shape - a one-node accelerate job, diagnosed as on Delta",
     "delta", "accelerate.sh", "accelerate: command not found\n",
     {"families": ["environment", "launcher"], "fix": r"(?m)^\+.*python3? -m accelerate\.commands\.launch"})
case("horovod1068-program-missing-on-rank-host", "script", "https://github.com/horovod/horovod/issues/1068",
     "mpirun -np 2 -H master:1,slave0:1 ... python tensorflow_mnist.py; the program file is not found where a rank runs",
     "the program path on the launch line does not exist in the ranks' working directory; where the file lives only the user knows: ask; assumed shape - a Polaris mpiexec job, diagnosed as on Polaris",
     "polaris", "pbs_mpiexec.sh",
     "python: can't open file 'tensorflow_mnist.py': [Errno 2] No such file or directory\n--------------------------------------------------------------------------\nPrimary job  terminated normally, but 1 process returned\na non-zero exit code. Per user-direction, the job has been aborted.\n",
     {"families": ["environment", "launcher", "user", "program"], "ask": True},
     replace=[["python train.py", "python tensorflow_mnist.py"]])
case("cascast3-srun-unrecognized-quotatype", "script", "https://github.com/OpenEarthLab/CasCast/issues/3",
     "CasCast eval script runs `srun ... --quotatype=auto ...`, an option of the authors' own Slurm build",
     "the srun option is unknown to this srun; the line at fault is the srun line, the fix drops the option there; assumed shape - a one-node srun job, diagnosed as on Delta",
     "delta", "srun_python.sh", "srun: unrecognized option '--quotatype=auto'\n",
     {"families": ["launcher", "scheduler"], "fix": r"(?m)^\+srun python -u train\.py"},
     replace=[["srun python -u train.py", "srun --quotatype=auto python -u train.py"]])
case("openllava14-srun-unrecognized-quotatype-reserved", "script", "https://github.com/xiaoachen98/Open-LLaVA-NeXT/issues/14",
     "Open-LLaVA-NeXT training via `srun ... --quotatype=reserved`; the reporter's srun does not know the option",
     "the srun option is unknown to this srun; drop it from the srun line; assumed shape - srun torchrun on two nodes, diagnosed as on Perlmutter",
     "perlmutter", "srun_torchrun.sh", "srun: unrecognized option '--quotatype=reserved'\n",
     {"families": ["launcher", "scheduler"], "fix": r"(?m)^\+srun torchrun"},
     replace=[["srun torchrun", "srun --quotatype=reserved torchrun"]])
case("robertslab1758-modulefile-bio-unknown", "script", "https://github.com/RobertsLab/resources/issues/1758",
     "hisat2 job script on mox loads a module `bio` the cluster does not have; the helper - modules are not used there",
     "the module named does not exist on the site; only the user knows where the program comes from: ask; assumed shape - a one-node job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "ERROR: Unable to locate a modulefile for 'bio'\n",
     {"families": ["modules", "environment", "user"], "ask": True},
     replace=[["torchrun --standalone", "module load bio\ntorchrun --standalone"]])
case("mixtral23-torchrun-command-not-found", "script", "https://github.com/HIT-SCIR/Chinese-Mixtral-8x7B/issues/23",
     "scripts/train-pt.sh with torch 2.x installed in a container; `torchrun: command not found`; the maintainer suggests `python -m torch.distributed.run`",
     "the torchrun entry point is not on PATH; start the launcher through the interpreter; assumed shape - a one-node torchrun job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "torchrun: command not found\n",
     {"families": ["environment", "launcher"], "fix": r"(?m)^\+.*python3? -m torch\.distributed\.run"})
case("glem11-torchrun-absolute-path-not-found", "script", "https://github.com/AndyJZhao/GLEM/issues/11",
     "GLEM builds `CUDA_VISIBLE_DEVICES=0 /home/gyn/miniconda/envs/ct/bin/torchrun ...`; the file does not exist in that env",
     "the launcher path written in the script does not exist; which environment/path is right only the user knows: ask; assumed shape - a one-node torchrun job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "sh: 1: /home/gyn/miniconda/envs/ct/bin/torchrun: not found\n",
     {"families": ["environment", "launcher", "user"], "ask": True},
     replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
               "/home/gyn/miniconda/envs/ct/bin/torchrun --master_port=44135 --nproc_per_node=1 src/models/LMs/trainLM.py -mDeberta --epochs=4"]])
case("r4cker17-modules-unknown-and-cd-missing", "script", "https://github.com/rr1859/R.4Cker/issues/17",
     "reduced_genome.sh loads `bedtools` and `kent` modules that do not exist and cds into a placeholder folder; the maintainer - install the tools and change the folder name on line 11",
     "modules the site does not have and a directory that does not exist; only the user knows the values: ask; assumed shape - a one-node job, diagnosed as on Stampede3",
     "stampede3", "torchrun_single.sh",
     "Lmod has detected the following error:  The following module(s) are unknown: \"bedtools\"\n\n   Please check the spelling or version number. Also try \"module spider ...\"\n\nLmod has detected the following error:  The following module(s) are unknown: \"kent\"\n\n   Please check the spelling or version number. Also try \"module spider ...\"\n\nreduced_genome.sh: line 11: cd: folder_for_analysis: No such file or directory\n",
     {"families": ["modules", "environment", "user"], "ask": True},
     replace=[["torchrun --standalone", "module load bedtools\nmodule load kent\ncd folder_for_analysis\ntorchrun --standalone"]])
case("allele10-singularity-image-path-missing", "script", "https://github.com/biocorecrg/allele_specific_RNAseq/issues/10",
     "`singularity exec -e ./asrnaseq_0.2.simg parseVCF.py ...`; the image file is elsewhere",
     "the container image path in the script does not exist; ask for the image's path; assumed shape - a one-node job, diagnosed as on Anvil",
     "anvil", "torchrun_single.sh",
     "ERROR  : Image path ./asrnaseq_0.2.simg doesn't exist: No such file or directory\nABORT  : Retval = 255\n",
     {"families": ["environment", "launcher", "user"], "ask": True},
     replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
               "singularity exec -e ./asrnaseq_0.2.simg parseVCF.py -1 CAST_EiJ -2 129S1_SvImJ -i VCF/mgp.v5.merged.snps_all.dbSNP142.vcf.gz -o VCF/CAST_EiJ-129S1_SvImJ.vcf -g genome/GRCm38_68.fa"]])
case("slotfill5-venv-activate-missing", "script", "https://github.com/sz128/slot_filling_and_intent_detection_of_SLU/issues/5",
     "path.sh sources the author's virtualenv `~/ve3_cu90_pt_1.0/bin/activate`, which the user does not have",
     "the environment path the script activates does not exist; ask for the user's environment; assumed shape - a one-node srun job, diagnosed as on Delta",
     "delta", "srun_python.sh", "./path.sh: line 2: /home/xx/ve3_cu90_pt_1.0/bin/activate: No such file or directory\n",
     {"families": ["environment", "user"], "ask": True},
     replace=[["export MASTER_ADDR", "source /home/xx/ve3_cu90_pt_1.0/bin/activate\nexport MASTER_ADDR"]])
case("pointnext163-python-file-run-as-command", "script", "https://github.com/guochengqian/PointNeXt/issues/163",
     "the command runs `examples/classification/main.py --cfg ...` as an executable; the maintainer - run Python files through python",
     "a .py file started as a command (not executable); the launch line runs it through the interpreter; assumed shape - a one-node job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "/bin/bash: line 1: examples/classification/main.py: Permission denied\n",
     {"families": ["environment", "launcher"], "fix": r"(?m)^\+.*python3? examples/classification/main\.py"},
     replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
               "examples/classification/main.py --cfg cfgs/s3dis/pointnext-s.yaml"]])
case("sparkrun275-gloo-ifname-missing-interface", "script", "https://github.com/spark-arena/sparkrun/issues/275",
     "sparkrun injects `GLOO_SOCKET_IFNAME=eth0`; the DGX Spark nodes have no eth0 (enP7s7)",
     "the interface named in the script's GLOO_SOCKET_IFNAME does not exist on the nodes; set one the site has, or drop the setting so Gloo picks; assumed shape - srun torchrun on two nodes, diagnosed as on Delta",
     "delta", "srun_torchrun.sh", "RuntimeError: Unable to find address for: eth0\n",
     {"families": ["environment", "rendezvous", "backend"], "fix": r"(?m)^-export GLOO_SOCKET_IFNAME=eth0"},
     replace=[["export MASTER_PORT=29500", "export MASTER_PORT=29500\nexport GLOO_SOCKET_IFNAME=eth0"]])
case("darshan38-home-venv-activate-missing", "script", "https://github.com/darshan315/flow_past_cylinder_by_DRL/issues/38",
     "python_job.sh sources `~/venv/bin/activate`; the venv lives in the repository's subfolder",
     "the environment path the script activates does not exist; ask; assumed shape - a one-node srun job, diagnosed as on Anvil",
     "anvil", "srun_python.sh",
     "/var/tmp/slurmd_spool/job1636351/slurm_script: line 8: /home/y0095063/venv/bin/activate: No such file or directory\n",
     {"families": ["environment", "user"], "ask": True},
     replace=[["export MASTER_ADDR", "source ~/venv/bin/activate\nexport MASTER_ADDR"]])
case("pepper187-sif-image-corrupted", "not_script", "https://github.com/kishwarshafin/pepper/issues/187",
     "the pulled pepper .sif opens as corrupted (wrong partition size) after several re-pulls",
     "the image file named by the script exists but is corrupted: not a script fix (re-pull / site storage); assumed shape - a one-node job, diagnosed as on Anvil",
     "anvil", "torchrun_single.sh",
     "FATAL:   could not open image docker_images/pepper_deepvariant_r0.8.sif: SIF image docker_images/pepper_deepvariant_r0.8.sif is corrupted: wrong partition size\n",
     {}, replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                   "singularity exec --nv docker_images/pepper_deepvariant_r0.8.sif run_pepper_margin_deepvariant call_variant -b in.bam -f ref.fa -o out -t 8 --ont_r9_guppy5_sup"]])
case("mmbs1-keyerror-in-training-program", "not_script", "https://github.com/gevaertlab/MultiModalBrainSurvival/issues/1",
     "2_HistoPath_train.py fails on a batch key missing from the user's config/data",
     "a KeyError inside the user's program (the file the script starts); not the launch script; assumed shape - a one-node srun job, diagnosed as on Delta",
     "delta", "srun_python.sh",
     "Traceback (most recent call last):\n   File \"2_HistoPath_train.py\", line 610, in <module>\n     main()\n   File \"2_HistoPath_train.py\", line 591, in main\n     target_label=config.get('target_label', 'vital_status'),\n   File \"2_HistoPath_train.py\", line 313, in train_model\n     survival_bin = batch_dict['survival_bin'].to(device).long()\nKeyError: 'survival_bin'\n",
     {}, replace=[["srun python -u train.py --batch-size 256 --epochs 32",
                   "srun python -u 2_HistoPath_train.py --config /path/to/config_ffpe_train.json"]])
case("featint3-config-key-nonexistent", "not_script", "https://github.com/hli2020/feature_intertwiner/issues/3",
     "`python main.py ... --config_file=configs/105/meta_105_quick_1.yaml` fails on a config key; the reporter - my mistake",
     "the program rejects a key of the user's config file (named on the launch line); not the launch script; assumed shape - a one-node job, diagnosed as on Delta",
     "delta", "torchrun_single.sh", "KeyError: 'Non-existent config key: TRN'\n",
     {}, replace=[["torchrun --standalone --nnodes=1 --nproc_per_node=4 train.py --config configs/small.yaml",
                   "python main.py --device_id=3,4 --phase=train --config_name=None --debug=0 --config_file=configs/105/meta_105_quick_1.yaml"]])
head = """# entity probe (issue 17, helper s17-entity): real excerpts whose error line names something the
# job script contains - a module, an option spelling, a launcher command or path, an environment
# path, a container image, an interface in an environment variable - and that the repair loop
# answered "not recognised" one phrasing at a time. Same format as bench/repair11_probe/cases.yaml;
#   PYTHONPATH=$PWD /work/main/.venv/bin/python bench/reallogs/run.py --cases bench/entity_probe/cases.yaml \\
#       --name entity --show-heldout --out bench/entity_probe/results-NAME
# Each log is the error text a user posted in the public thread of `source` (claimed in
# /work/wt/claimed_threads.txt as "s17-entity"; none cited under bench/ or templates/ when taken).
# Scripts: bench/reallogs/scripts/ (edited as each case says). Expectations written before any
# run. Split fixed before any run by hash: int(sha256(id), 16) % 2 == 0 -> tune, else heldout.
"""
out = pathlib.Path("/work/wt/entity/bench/entity_probe/cases.yaml")
out.write_text(head + yaml.safe_dump({"schema": 1, "cases": C}, sort_keys=False, width=110, allow_unicode=True))
# cache: the excerpts with their sources
cache = pathlib.Path("/work/cache/entity")
rows = []
for c in C:
    p = cache / f"{c['id']}.log"; p.write_text(c["log"])
    rows.append({"id": c["id"], "source": c["source"], "sha256": hashlib.sha256(c["log"].encode()).hexdigest(), "split": c["split"]})
(cache / "sources.json").write_text(json.dumps(rows, indent=1))
import collections
print(collections.Counter((c["split"], c["kind"]) for c in C))
