"""Entity-anchored diagnosis (maple_flow/repair/entity.py): an error line that names something
the script contains finds that line through scriptparse, and the answer edits it or asks."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.errors import MapleError
from maple_flow.knowledge.clusters import get_profile
from maple_flow.repair import FailureEvidence, load_knowledge_base
from maple_flow.repair.classify import classify
from maple_flow.repair.entity import same_thing, script_entities
from maple_flow.repair.patch_entity import replace_word, run_through_interpreter

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n"


def _first(script: str, log: str, cluster: str = "delta") -> list:
    ev = FailureEvidence(cluster=cluster, scheduler="slurm", stderr=log, script=script)
    return classify(ev, profile=get_profile(cluster))


def test_script_entities_read_through_scriptparse() -> None:
    script = (HEAD + "module load bedtools\nsource ~/venv/bin/activate\n"
              "export GLOO_SOCKET_IFNAME=eth0\nsrun --quotatype=auto python -u train.py\n")
    found = {(e.kind, e.text, e.line) for e in script_entities(script)}
    assert ("module", "bedtools", 4) in found
    assert ("path", "~/venv/bin/activate", 5) in found
    assert ("env_value", "eth0", 6) in found
    assert ("option", "--quotatype", 7) in found and ("value", "auto", 7) in found
    assert ("command", "python", 7) in found and ("path", "train.py", 7) in found
    assert ("option", "--gpus-per-node", 3) in found


def test_same_thing_reads_paths_relative_to_home_and_cwd() -> None:
    assert same_thing("/home/u1/venv/bin/activate", "~/venv/bin/activate", "path")
    assert same_thing("./img.simg", "img.simg", "path")
    assert same_thing("/work/run/configs/a.yaml", "configs/a.yaml", "path")
    assert not same_thing("/home/u1/other/bin/activate", "~/venv/bin/activate", "path")
    assert not same_thing("eth1", "eth0", "env_value")


def test_a_missing_path_the_script_sources_asks_for_it() -> None:
    script = HEAD + "source /home/xx/ve3_cu90/bin/activate\nsrun python -u train.py\n"
    log = "./path.sh: line 2: /home/xx/ve3_cu90/bin/activate: No such file or directory\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"] is None and "needs from you: path" in data["why_none"]
    assert "the line at fault is line 4 of the script" in data["why_none"]
    answered = diagnose_log(script, log, "delta", None, False,
                            answers={"path": "/u/me/envs/torch/bin/activate"})
    assert "+source /u/me/envs/torch/bin/activate" in answered["proposed"]["diff"]
    assert "-source /home/xx/ve3_cu90/bin/activate" in answered["proposed"]["diff"]


def test_a_python_file_run_as_a_command_is_run_through_python() -> None:
    script = HEAD + "examples/main.py --cfg cfgs/a.yaml\n"
    data = diagnose_log(script, "/bin/bash: line 1: examples/main.py: Permission denied\n",
                        "delta", None, False)
    assert data["proposed"]["record_id"] == "entity-python-file-run-as-command"
    assert "+python examples/main.py --cfg cfgs/a.yaml" in data["proposed"]["diff"]


def test_an_interface_the_nodes_lack_is_unset_whatever_the_variable() -> None:
    script = (HEAD + "export MY_IFACE=eth0\nexport GLOO_SOCKET_IFNAME=$MY_IFACE\n"
              "export TP_SOCKET_IFNAME=ib7\nsrun python train.py\n")
    data = diagnose_log(script, "RuntimeError: Unable to find address for: ib7\n", "delta",
                        None, False)
    assert data["proposed"]["record_id"] == "entity-env-interface-not-found"
    assert "-export TP_SOCKET_IFNAME=ib7" in data["proposed"]["diff"]


def test_a_missing_program_asks_before_a_module_load_is_dropped() -> None:
    script = HEAD + "module load gscratch/srlab/programs/stacks-2.62\nprocess_radtags -o out\n"
    log = ("ERROR: Unable to locate a modulefile for 'gscratch/srlab/programs/stacks-2.62'\n"
           "/var/spool/slurm/d/job1/slurm_script: line 54: process_radtags: command not found\n")
    data = diagnose_log(script, log, "anvil", None, False)
    assert data["proposed"] is None and "needs from you: path" in data["why_none"]


@pytest.mark.parametrize("log", [
    "bash: line 3: data/: No such file or directory\n",  # nothing of the script
    "train.py: Permission denied\n",  # named on two lines of the script
])
def test_nothing_anchored_when_the_thing_is_not_at_one_line(log: str) -> None:
    script = HEAD + "python train.py --epochs 1\npython train.py --epochs 2\n"
    assert not [d for d in _first(script, log) if d.record_id.startswith("entity-")]


def test_an_exception_of_the_program_is_never_anchored() -> None:
    script = HEAD + "srun python -u 2_train.py --config conf.json\n"
    log = ("./setup.sh: line 3: conf.json: No such file or directory\n"
           "Traceback (most recent call last):\n  File \"2_train.py\", line 313, in train\n"
           "    survival_bin = batch['survival_bin']\nKeyError: 'survival_bin'\n")
    assert not [d for d in _first(script, log) if d.record_id.startswith("entity-")]


def test_anchored_records_never_act_on_their_phrase_alone() -> None:
    records = [r for r in load_knowledge_base().records if r.anchor]
    assert {r.id for r in records} >= {"entity-script-path-missing",
                                       "entity-script-command-not-found"}
    script = HEAD + "srun python main_prog.py\n"  # names none of the examples' things
    for record in records:
        for line in record.examples:
            assert not [d for d in _first(script, line + "\n") if d.record_id == record.id]


def test_replace_word_quotes_and_refuses() -> None:
    text = "#!/bin/bash\nsource ~/venv/bin/activate\n"
    assert replace_word(text, 2, "~/venv/bin/activate", "/a b/act") == \
        "#!/bin/bash\nsource '/a b/act'\n"
    with pytest.raises(MapleError):
        replace_word(text, 2, "venv", "x")  # not a whole word of the line
    with pytest.raises(MapleError):
        replace_word(text, 9, "x", "y")


def test_run_through_interpreter_only_for_the_command_of_the_line() -> None:
    assert run_through_interpreter("a.py x\n", 1, "a.py", "python") == "python a.py x\n"
    assert run_through_interpreter("srun -n 4 a.py\n", 1, "a.py", "python") == \
        "srun -n 4 python a.py\n"
    assert run_through_interpreter("python a.py\n", 1, "a.py", "python") == "python a.py\n"
    with pytest.raises(MapleError):
        run_through_interpreter("cp a.py b/\n", 1, "a.py", "python")


def test_an_unknown_module_in_a_new_phrasing_swaps_to_the_sites_or_asks() -> None:
    script = HEAD + "module load cuda/11.7\nmodule load bio\nsrun python train.py\n"
    data = diagnose_log(script, "Module 'cuda/11.7' not found: check the module name\n",
                        "delta", None, False)
    assert data["proposed"]["record_id"] == "entity-module-unknown-site-family"
    assert "-module load cuda/11.7" in data["proposed"]["diff"]
    assert "+module load cuda" in data["proposed"]["diff"]
    data = diagnose_log(script, "Module 'bio' not found: check the module name\n", "delta",
                        None, False)
    assert data["proposed"] is None and "needs from you: module" in data["why_none"]


def test_a_rejected_directive_value_asks_for_the_value() -> None:
    script = HEAD + "#SBATCH --qos=amd-burst-qos\nsrun python train.py\n"
    log = "sbatch: error: message: \"QOS 'amd-burst-qos' does not exist\"\n"
    data = diagnose_log(script, log, "delta", None, False)
    assert data["proposed"] is None and "needs from you: value" in data["why_none"]
    answered = diagnose_log(script, log, "delta", None, False, answers={"value": "normal"})
    assert "+#SBATCH --qos=normal" in answered["proposed"]["diff"]


def test_a_thing_inside_a_bash_c_body_is_found_at_its_own_line() -> None:
    script = (HEAD + 'srun -l bash -c "\nsource /x/venv/bin/activate\n'
              'torchrun --nproc_per_node=4 train.py\n"\n')
    log = "bash: line 1: /x/venv/bin/activate: No such file or directory\n"
    data = diagnose_log(script, log, "perlmutter", None, False)
    assert "line 5 of the script" in data["why_none"]
    answered = diagnose_log(script, log, "perlmutter", None, False,
                            answers={"path": "/y/env/bin/activate"})
    assert "+source /y/env/bin/activate" in answered["proposed"]["diff"]


def test_a_program_run_through_a_bash_c_exec_wrapper_is_found_and_asked_for() -> None:
    """`srun bash -c '...; exec "$@"' NAME nsys profile python x.py`: the words after NAME run a
    program (found by verifying a real port on the twin: bash's `exec: nsys: not found`)."""
    script = (HEAD + "srun --ntasks=4 bash -c 'export RANK=$SLURM_PROCID; exec \"$@\"' rank \\\n"
              "    nsys profile -o out python train.py\n")
    found = {(e.kind, e.text) for e in script_entities(script)}
    assert ("command", "nsys") in found and ("path", "train.py") in found
    log = ("rank: line 1: exec: nsys: not found\n"
           "srun: error: n1: tasks 0-3: Exited with exit code 127\n")
    best = _first(script, log)[0]
    assert best.record_id == "entity-script-command-not-found" and best.needs == ["path"]
