# ruff: noqa: E501
"""Failures that are not the launch script's, read by the STRUCTURE of the log (s23, helper
s23lognot): the worker's own exception after a launcher's summary traceback (torch's spawn and
elastic agents print their own frames first), messages that compare two of the program's values
or are Python's own type errors, an ``assert`` statement of an installed library's own source,
a file the program opens itself that the job script names nowhere; a similarity match's script
fix does not outweigh such a reading. Guards: an ``assert`` or message naming ranks, devices or
the world size, a relative path, a path the script names (or a directory of it), a path of the
system or the software, the launch veto; the fabric's EIO is no file-system fault; the job
script's own failing line keeps "not the script" from a program's or library's record. Each test
fails without its rule."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.repair.classify import script_line_failed
from maple_flow.repair.kb import load_knowledge_base
from maple_flow.repair.matching import unprefixed_lines
from maple_flow.repair.structure import CATEGORIES, read

SRUN = """#!/bin/bash
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
srun python -u train.py --config configs/base.yaml
"""
SRUN_DATA = SRUN.replace("--config configs/base.yaml", "--data /lus/u/seg_corpus/v2")

SPAWN_SUMMARY = """Traceback (most recent call last):
  File "/home/u/proj/main.py", line 229, in <module>
    Solver.main()
  File "/opt/env/lib/python3.10/site-packages/torch/multiprocessing/spawn.py", line 203, in join
    raise ProcessRaisedException(msg, error_index, failed_process.pid)
torch.multiprocessing.spawn.ProcessRaisedException:

-- Process 1 terminated with the following error:
ValueError: Expected input batch_size (512) to match target batch_size (0).
"""
TYPE_IN_LIBRARY = """  File "/opt/env/lib/python3.10/dist-packages/transformers/configuration_utils.py", line 70, in get
    cfg["_hash"] = h
TypeError: 'str' object does not support item assignment
"""
LIBRARY_ASSERT = """Traceback (most recent call last):
  File "/opt/env/lib/python3.9/site-packages/torch/utils/data/dataloader.py", line 357, in _next_index
    return next(self._sampler_iter)
  File "/opt/env/lib/python3.9/site-packages/torch/utils/data/sampler.py", line 208, in __iter__
    for idx in self.sampler:
  File "/opt/env/lib/python3.9/site-packages/audiokit/data/bucket.py", line 80, in __iter__
    assert len(batches) == self.num_batches
AssertionError
"""
LIBRARY_ASSERT_LAUNCH = LIBRARY_ASSERT.replace(
    "assert len(batches) == self.num_batches", "assert self.world_size == len(self.ranks)")
MISSING_INDEX = ("c001: FileNotFoundError: [Errno 2] No such file or directory: "
                 "'/lus/u/corpus-cache/9f2c1e_sample_idx.npy'\n")
MISSING_RELATIVE = ("FileNotFoundError: [Errno 2] No such file or directory: "
                    "'data/prepared/train_0.npy'\n")
MISSING_NAMED = ("FileNotFoundError: [Errno 2] No such file or directory: "
                 "'/lus/u/seg_corpus/v2/train/0007.png'\n")
MISSING_SOFTWARE = ("FileNotFoundError: [Errno 2] No such file or directory: "
                    "'/opt/env/lib/python3.10/site-packages/apex/amp/lists.json'\n")
MISSING_AND_LAUNCH = MISSING_INDEX + "KeyError: 'LOCAL_RANK'\n"
FABRIC_EIO = ("MPICH ERROR [Rank 9] [job id 1.0] [nid01] - Abort(1): Fatal error in PMPI_Waitall:"
              " Other MPI error, error stack:\n"
              "MPIDI_OFI_handle_cq_error(1062): OFI poll failed (ofi_events.c:1064:"
              "MPIDI_OFI_handle_cq_error:Input/output error - CANCELED)\n")
SCRIPT_LINE = """/var/spool/slurmd/job771/slurm_script: line 14: nodes.txt: No such file or directory
Traceback (most recent call last):
  File "/opt/app/pkg/convert/image_handler.py", line 38, in <module>
    sys.exit(-1)
NameError: name 'sys' is not defined
"""


def test_worker_exception_after_a_spawn_summary_is_the_programs() -> None:
    reading = read(SPAWN_SUMMARY)
    assert reading is not None and reading.category == "program"


def test_python_type_error_inside_a_library_is_the_programs() -> None:
    reading = read(TYPE_IN_LIBRARY)
    assert reading is not None and reading.category == "program"


def test_a_library_assert_statement_is_its_own_check() -> None:
    reading = read(LIBRARY_ASSERT)
    assert reading is not None and reading.category == "internal"
    assert "assert len(batches)" in reading.evidence[0]
    assert read(LIBRARY_ASSERT_LAUNCH) is None


def test_a_missing_file_of_the_program_is_not_the_scripts() -> None:
    log = unprefixed_lines(MISSING_INDEX)
    reading = read(log, SRUN)
    assert reading is not None and reading.category == "datapath"
    assert reading.record_id == "structure-program-file-missing"
    assert read(log) is None  # without the script it cannot be checked


@pytest.mark.parametrize(("log", "script"), [
    (MISSING_RELATIVE, SRUN),  # the job's working directory is the script's
    (MISSING_NAMED, SRUN_DATA),  # under a directory the script gives the program
    (MISSING_SOFTWARE, SRUN),  # the software's installation
    (MISSING_AND_LAUNCH, SRUN),  # the launch veto
])
def test_a_missing_file_the_script_may_have_given_is_left_to_the_records(
        log: str, script: str) -> None:
    reading = read(log, script)
    assert reading is None or reading.category != "datapath"


def test_the_fabrics_eio_is_no_file_system_fault() -> None:
    reading = read(FABRIC_EIO)
    assert reading is None or reading.category != "filesystem"


def test_the_new_record_is_advice_only() -> None:
    record = load_knowledge_base().get(CATEGORIES["datapath"])
    assert not record.script_problem and not record.fix and record.advice


def test_repair_answers_not_script_for_the_programs_missing_file() -> None:
    result = diagnose_log(SRUN, MISSING_INDEX, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert result["not_script"]["record_id"] == "structure-program-file-missing"
    assert not result.get("diff")


def test_a_worker_exception_outweighs_a_similar_launcher_summary() -> None:
    log = TYPE_IN_LIBRARY + (
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 "
        "(pid: 3172) of binary: /usr/bin/python\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n")
    result = diagnose_log(SRUN.replace("srun python -u", "srun torchrun --nproc_per_node=4"),
                          log, "delta", None, False)
    assert result["verdict"] == "not_script"
    assert not result.get("diff")


def test_the_scripts_own_failing_line_keeps_the_program_record_a_hint() -> None:
    assert script_line_failed(SCRIPT_LINE)
    assert not script_line_failed("slurm_script: line 12: 2653 Illegal instruction  python3 x.py")
    result = diagnose_log(SRUN, SCRIPT_LINE, "delta", None, False)
    assert result["verdict"] != "not_script"


def test_the_gpu_drivers_own_fault_report_is_hardware() -> None:
    log = ("[ 61.3] NVRM: GPU3 kbusSendSysmembarSingle_GH100: - timeout error waiting for "
           "startToken = 0x3\n[ 61.4] NVRM: GPU3 kgmmuCheckMemSubsysError_IMPL: Memory "
           "Subsystem Error detected.\n")
    reading = read(log)
    assert reading is not None and reading.category == "hardware"
    assert read("NVRM: API mismatch: the client has the version 535.54, but this kernel module "
                "has the version 530.30\n") is None
