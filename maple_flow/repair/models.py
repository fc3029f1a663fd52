"""Typed models of the failure knowledge base, the evidence of a failed job, and diagnoses."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from maple_flow.models.common import Strict
from maple_flow.repair.ops import OP_KINDS, FixOp

Where = Literal["stdout", "stderr", "submit", "reasons", "log"]
ALL_PARTS: tuple[Where, ...] = ("log", "submit", "reasons")
Family = Literal[
    "scheduler", "modules", "environment", "rendezvous", "devices", "backend", "launcher",
    "resources", "user", "hardware", "network", "program", "library", "site",
    # a container launch the job script controls (the runtime's options and variables in it)
    "containers",
]
#: Families of failures that are not the launch script's: GPU hardware (ECC, Xid), the
#: fabric, a bug in the user's program, a bug in a library, the site's own state (a full
#: quota or controller disk, a container runtime the site configured but did not install).
#: Their records give advice and no fix, and a diagnosis by one of them stops the repair
#: ("not a script problem").
NOT_SCRIPT_FAMILIES: frozenset[str] = frozenset({"hardware", "network", "program", "library",
                                                 "site"})
#: What a diagnosis says: a script fix (or a question for the user's value), a failure that
#: is not the script's, or a hint only (a similarity match below the floor: never applied).
Verdict = Literal["script", "not_script", "hint"]
#: An op as the knowledge base writes it: string fields may hold placeholders resolved at
#: diagnosis time ({m.group}, {profile.path}, {module:family}, ...; see resolve.py).
OpTemplate = dict[str, str | bool | int | list[str] | None]


class Reference(Strict):
    """Where a failure and its fix are documented: a centre page, an issue thread, a paper.

    ``url`` is an https address, or ``seed:<file>#<section>`` for a document the project
    carries (the Maple paper has no public address recorded here).
    """

    title: str
    url: Annotated[str, Field(pattern=r"^(?:https://|seed:)\S+$")]
    kind: Literal["doc", "issue", "page", "paper", "code"]


#: Facts of a script read through scriptparse (maple_flow.repair.script_facts), whatever its
#: variable names or where the option is written (directive, srun line, bash -c body).
ScriptFact = Literal["several_launchers_per_node", "gpu_job_off_the_gpu_partitions",
                     "per_node_launcher_above_gpus", "accelerate_above_gpus",
                     "one_launcher_on_one_node", "launcher_on_several_nodes",
                     "container_without_gpu_flag", "gpu_job_without_gpu_request",
                     "program_without_launcher", "deprecated_torch_launch",
                     "deprecated_launch_one_process_a_node",
                     "deprecated_launch_several_processes_a_node",
                     "user_environment_for_launch", "no_user_environment",
                     "site_python_stack", "srun_ranks_several_a_node",
                     "torchrun_once_on_several_nodes", "per_node_launcher_several_processes",
                     "local_rank_from_global_rank", "world_size_off_the_ranks",
                     "per_node_launcher_one_process_a_gpu",
                     "mpiexec_ranks_unbound", "per_node_launcher_above_node_gpus",
                     "program_bare_in_multitask_job", "deepspeed_launch",
                     "mem_below_node", "launcher_in_container", "mpi_launcher_off_the_site",
                     "srun_ranks_without_pmi_plugin", "srun_without_mpi_type",
                     "site_container_runtime_known",
                     "ray_step_detached", "ray_driver_off_head_node",
                     "ray_driver_on_head_node", "ray_started_in_job",
                     "ray_launch_as_documented", "job_on_one_node", "one_process_in_job",
                     "loader_workers_above_two_on_whole_node", "container_option_on_header",
                     "forced_ofi_provider_absent", "constraint_unknown_to_site",
                     "site_network_env_unset", "visible_devices_beyond_job",
                     # s37rl42 (script_facts_s37.py)
                     "job_on_several_nodes", "deepspeed_flag_one_gpu",
                     # s40code (step_export.py): what the job's srun step's --export holds
                     "srun_step_without_job_env", "inherited_export_without_srun_step",
                     "mem_per_cpu_below_node",
                     # s37prec (script_facts_ccl.py)
                     "site_ccl_env_unset_mpi_launch",
                     "mpi_launch_ccl_env_without_mpi_launcher",
                     # s38 (script_facts_account.py)
                     "account_required_unnamed",
                     # s38precD (script_facts_nodecfg.py)
                     "partition_sole_candidate",
                     # s38precC (script_facts_rdzv.py)
                     "local_store_on_one_node"]


#: What an error line may name that the script contains (maple_flow.repair.entity): a module of
#: a ``module load`` line, a path (a file, directory, environment or image the script names), a
#: command a line runs, an option or value of a directive or launcher, the value of an
#: environment variable the script sets, a host name.
EntityKind = Literal["module", "path", "command", "option", "value", "env_value", "host"]


class Signature(Strict):
    """A regular expression over one part of the evidence, with optional conditions.

    ``where`` lists the parts searched ("log" = stdout and stderr). A signature matches when
    its pattern is found in one of them and every condition holds: the job state and exit code
    are among those listed (when listed), the scheduler is the one named, the script matches
    ``script`` and does not match ``script_lacks``, the site cannot resolve ``site_lacks``
    from the match (no CUDA module of the version the log names) and can resolve ``resolves``
    (a fix the script's own words decide).
    """

    pattern: str
    where: list[Where] = Field(default_factory=lambda: list(ALL_PARTS))
    job_states: list[str] = Field(default_factory=list)
    exit_codes: list[int] = Field(default_factory=list)
    scheduler: Literal["slurm", "pbs"] | None = None
    script: str | None = None
    script_lacks: str | None = None
    script_fact: ScriptFact | None = Field(
        default=None, description="a fact scriptparse reads from the script (any spelling)")
    site_lacks: str | None = Field(
        default=None, description="a placeholder (``{cuda_like.X}``) the site must not resolve "
        "from the match: the signature holds only when the site has no such thing")
    resolves: str | None = Field(
        default=None, description="a placeholder (``{respelled:command}``) the match and the "
        "script must resolve: the signature holds only when they do (s32cmd)")
    absent_from_script: str | None = Field(
        default=None, description="a group of the match whose text (or its part before '/') "
        "no line of the script names outside comments: the signature holds only then (s32b2)")
    port_of_script: bool = Field(
        default=False, description="a port the log names (the match's `port` group, else the "
        "log's) must be one the script sets, derives or its launcher defaults to (s31r2)")
    log_lacks: str | None = Field(
        default=None, description="a pattern found nowhere in the log (stdout and stderr, as "
        "written): the signature holds only then, whichever view of the log it matches in "
        "(a wrapped-lines view may leave the excluding line out; s37prec)")
    weight: float = Field(default=0.0, description="added to the specificity score")

    @field_validator("pattern", "script", "script_lacks", "log_lacks")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                re.compile(value)
            except re.error as exc:
                raise ValueError(f"bad regular expression {value!r}: {exc}") from None
        return value


class FailureRecord(Strict):
    """One known failure: how to recognise it, why it happens, how to fix it, where it is told."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
    family: Family
    clusters: list[str] = Field(default_factory=lambda: ["all"])
    signatures: list[Signature] = Field(min_length=1)
    cause: str = Field(min_length=10, max_length=300)
    fix: list[OpTemplate] = Field(default_factory=list)
    advice: str | None = Field(default=None, max_length=400,
                               description="what to do instead: records of not-script failures")
    examples: list[str] = Field(min_length=1, description="log lines a signature matches")
    negatives: list[str] = Field(min_length=1, description="similar lines it must not match")
    references: list[Reference] = Field(min_length=1)
    anchor: list[EntityKind] = Field(
        default_factory=list, description="entity-anchored (maple_flow.repair.entity): each "
        "signature's group ``e`` must name a script entity of one of these kinds, found at a "
        "line of the script; such a record is never matched by its signatures alone nor "
        "offered by similarity")
    signature_only: bool = Field(
        default=False, description="decided by evidence only its signatures read (a figure "
        "in the log): never offered by similarity")

    @field_validator("cause")
    @classmethod
    def _one_sentence(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("the cause is one sentence on one line")
        return value

    @field_validator("fix")
    @classmethod
    def _known_ops(cls, ops: list[OpTemplate]) -> list[OpTemplate]:
        for op in ops:
            if op.get("op") not in OP_KINDS:
                raise ValueError(f"unknown fix op {op.get('op')!r}; known: {', '.join(OP_KINDS)}")
        return ops

    @model_validator(mode="after")
    def _advice_not_fix(self) -> FailureRecord:
        if self.family in NOT_SCRIPT_FAMILIES and (self.fix or not self.advice):
            raise ValueError(f"record {self.id}: a {self.family} failure is not the script's: "
                             "it gives advice and no fix")
        return self

    @property
    def script_problem(self) -> bool:
        """Whether a change of the launch script can fix this failure."""
        return self.family not in NOT_SCRIPT_FAMILIES

    def applies_to(self, cluster: str | None) -> bool:
        """Whether the record concerns ``cluster`` (every record concerns an unknown one)."""
        return cluster is None or "all" in self.clusters or cluster in self.clusters


class KnowledgeBase(Strict):
    """Every failure record, in file order, ids unique."""

    records: list[FailureRecord]

    @model_validator(mode="after")
    def _unique(self) -> KnowledgeBase:
        seen: set[str] = set()
        for record in self.records:
            if record.id in seen:
                raise ValueError(f"duplicate failure record id {record.id!r}")
            seen.add(record.id)
        return self

    def get(self, record_id: str) -> FailureRecord:
        """The record called ``record_id``; KeyError names the known ones."""
        for record in self.records:
            if record.id == record_id:
                return record
        raise KeyError(f"no failure record {record_id!r}")


class FailureEvidence(Strict):
    """What a failed verification left: the job's outcome, its logs, and the script that ran."""

    cluster: str | None = None
    scheduler: Literal["slurm", "pbs"] | None = None
    job_state: str | None = None
    exit_code: int | None = None
    submit_message: str = ""
    stdout: str = ""
    stderr: str = ""
    reasons: list[str] = Field(default_factory=list, description="the verifier's reasons")
    script: str = ""


class Fix(Strict):
    """A typed patch: the record it comes from, the cause, the operations, the references."""

    record_id: str
    cause: str
    ops: list[FixOp] = Field(default_factory=list)
    references: list[Reference] = Field(default_factory=list)
    advice: str | None = Field(default=None, description="for failures that are not the script's")


class Diagnosis(Strict):
    """One candidate explanation of a failure, best first in ``classify``'s answer.

    ``needs`` names values only the user can give (a token, a dataset path); ``unresolved``
    lists fix operations that could not be made concrete (no profile, no such module);
    ``captures`` keeps what the signature read from the log, for ``answer``.
    """

    record_id: str
    score: float
    method: Literal["signature", "similarity", "structure"]
    evidence: list[str] = Field(default_factory=list)
    fix: Fix
    needs: list[str] = Field(default_factory=list)
    unresolved: list[str] = Field(default_factory=list)
    captures: dict[str, str] = Field(default_factory=dict, description="the signature's groups")
    verdict: Verdict = "script"
