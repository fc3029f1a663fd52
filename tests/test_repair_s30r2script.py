"""Script-side causes the log alone leaves to the site (issue 17, s30-s30r2script):

- Slurm's "Invalid node name specified" with a script whose ``--exclude`` names one node: the
  directive is dropped; with several names, or a ``--nodelist``, the user is asked; with
  ``srun -x NAME=VALUE`` (Open MPI's way to pass a variable) the variable is exported;
- NCCL's IB memory registration failing on a job of one node: NCCL_IB_DISABLE=1; on several
  nodes, or where the script already sets NCCL's transports, the not-script record stands;
- a CA-bundle variable the log names as a missing file: unset when the job inherits it, asked
  when the script sets it, left alone when the log does not name it;
- a rendezvous port drawn at random on the launch line (``$((29400 + RANDOM % 1000))``): a new
  MASTER_PORT is given where the launcher reads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from repair_result import first_diagnosis as _first
from repair_result import proposed_diff as _diff

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair import patch_launch as pl
from maple_flow.repair.patch import _srun_env_export
from maple_flow.repair.script_facts import holds
from maple_flow.repair.text import FixNotApplicable

SCRIPTS = Path(__file__).resolve().parent.parent / "bench" / "reallogs" / "scripts"
SINGLE = (SCRIPTS / "torchrun_single.sh").read_text(encoding="utf-8")
SRUN_PY = (SCRIPTS / "srun_python.sh").read_text(encoding="utf-8")
SRUN_TORCHRUN = (SCRIPTS / "srun_torchrun.sh").read_text(encoding="utf-8")
INVALID_NODE = "sbatch: error: Batch job submission failed: Invalid node name specified\n"
IB_REG = ("misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot "
          "allocate memory\n")


def _exclude(value: str) -> str:
    return SINGLE.replace("#SBATCH --time", f"#SBATCH {value}\n#SBATCH --time")


def test_one_stale_excluded_node_drops_the_directive() -> None:
    result = diagnose_log(_exclude("--exclude=h100-dev-12-007"), INVALID_NODE, "delta", None,
                          False)
    assert "-#SBATCH --exclude=h100-dev-12-007" in _diff(result)


@pytest.mark.parametrize(("directive", "record", "need"), [
    ("--exclude=gpu017,gpu023", "slurm-exclude-list-unknown-node", "exclude_nodes"),
    ("-x gpu[01-04]", "slurm-exclude-list-unknown-node", "exclude_nodes"),
    ("--nodelist=gpub073", "slurm-nodelist-unknown-node", "nodelist"),
])
def test_a_list_or_a_nodelist_asks_which_nodes(directive: str, record: str, need: str) -> None:
    result = diagnose_log(_exclude(directive), INVALID_NODE, "delta", None, False)
    assert result.get("proposed") is None
    first = _first(result)
    assert first["record_id"] == record and need in str(first.get("needs"))


def test_no_node_list_in_the_script_gets_no_node_fix() -> None:
    result = diagnose_log(SINGLE, INVALID_NODE, "delta", None, False)
    assert "exclude" not in _diff(result) and "nodelist" not in _diff(result)


def test_srun_x_assignment_is_exported_instead() -> None:
    script = SRUN_PY.replace("srun python", "srun -x NCCL_DEBUG=ERROR --exclude=FOO=1 python")
    out = _srun_env_export(script)
    assert "export NCCL_DEBUG=ERROR\n" in out and "export FOO=1\n" in out
    assert "\nsrun python -u train.py" in out
    result = diagnose_log(script, "srun: error: Unable to allocate resources: Invalid node name "
                          "specified\n", "delta", None, False)
    assert "+export NCCL_DEBUG=ERROR" in _diff(result)


def test_srun_x_node_names_are_not_assignments() -> None:
    script = SRUN_PY.replace("srun python", "srun -x gpu017,gpu023 python")
    assert pl.srun_exclude_assignments(script) == []
    with pytest.raises(FixNotApplicable):
        _srun_env_export(script)


@pytest.mark.parametrize(("script", "one"), [
    (SINGLE, True),
    (SRUN_TORCHRUN, False),                                   # two nodes
    (SINGLE.replace("#SBATCH --nodes=1\n", ""), False),        # no node count: not taken as one
    (SINGLE.replace("--nnodes=1", "--nnodes=2"), False),      # the launcher spans two
])
def test_job_on_one_node_fact(script: str, one: bool) -> None:
    assert holds("job_on_one_node", script) is one


def test_ib_registration_on_one_node_disables_ib() -> None:
    result = diagnose_log(SINGLE, IB_REG, "delta", None, False)
    assert "+export NCCL_IB_DISABLE=1" in _diff(result)


@pytest.mark.parametrize("script", [
    SRUN_TORCHRUN,                                                    # two nodes need the NIC
    SINGLE.replace("torchrun", "export NCCL_SHM_DISABLE=1\ntorchrun"),  # IB forced on purpose
])
def test_ib_registration_elsewhere_stays_the_sites(script: str) -> None:
    result = diagnose_log(script, IB_REG, "delta", None, False)
    assert result.get("proposed") is None
    assert _first(result)["record_id"] == "ib-locked-memory-limit"


def _apptainer(extra: str = "") -> str:
    return SINGLE.replace("torchrun --standalone", f"{extra}apptainer exec --nv img.sif torchrun "
                          "--standalone")


CERT_LOG = "FileNotFoundError: [Errno 2] No such file or directory (SSL_CERT_FILE)\n"


def test_inherited_ca_variable_is_unset() -> None:
    result = diagnose_log(_apptainer(), CERT_LOG, "delta", None, False)
    assert "+unset SSL_CERT_FILE" in _diff(result)


def test_ca_variable_the_script_sets_is_asked() -> None:
    script = _apptainer("export REQUESTS_CA_BUNDLE=/etc/pki/ca.pem\n")
    log = "OSError: REQUESTS_CA_BUNDLE=/etc/pki/ca.pem does not exist\n"
    result = diagnose_log(script, log, "delta", None, False)
    assert result.get("proposed") is None
    first = _first(result)
    assert first["record_id"] == "ca-bundle-variable-path-missing"
    assert "ca_bundle_path" in str(first.get("needs"))


def test_a_bare_errno_2_names_no_ca_variable() -> None:
    result = diagnose_log(_apptainer(), "FileNotFoundError: [Errno 2] No such file or directory\n",
                          "delta", None, False)
    assert "SSL_CERT_FILE" not in _diff(result)


def test_random_launch_port_is_pointed_at_master_port() -> None:
    script = SINGLE.replace("torchrun --standalone --nnodes=1",
                            "torchrun --nnodes=1 --master_port=$((29400 + RANDOM % 1000))")
    log = ("torch.distributed.DistNetworkError: ... port: 30000 ... EADDRINUSE, address already "
           "in use\n")
    diff = _diff(diagnose_log(script, log, "delta", None, False))
    assert '--master_port="$MASTER_PORT"' in diff and "+export MASTER_PORT=" in diff
    assert pl.point_at_master_port("torchrun --master_port=$SOME_PORT x.py\n") == (
        "torchrun --master_port=$SOME_PORT x.py\n")  # a variable's port is its own
