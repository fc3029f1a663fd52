"""The case list of the real-script porting benchmark (cases.yaml), as typed records."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

HERE = Path(__file__).resolve().parent
CASES_FILE = HERE / "cases.yaml"
DEFAULT_CACHE = HERE / ".cache"
CLUSTERS = (
    "perlmutter", "polaris", "aurora", "lonestar6", "stampede3",
    "vista", "delta", "deltaai", "anvil", "bridges2",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class KnownRanks(_Strict):
    """What the source page or repository says about a size the script leaves open."""

    total: int
    nodes: int
    gpus_per_node: int
    why: str


class SetupStep(_Strict):
    """A user step the port must keep: verbatim (required), or verbatim or named in a note."""

    step: str
    keep: Literal["required", "or_note"]


class Run(_Strict):
    """A further program the job runs besides the main one (several programs in one job)."""

    program: str
    args: list[str]
    launched: bool


class TopologyArg(_Strict):
    """A layout argument of the program itself (--nodes=2, trainer.num_nodes=2)."""

    flag: str
    value: str
    means: Literal["nodes", "gpus_per_node", "world_size"]


class Case(_Strict):
    """One public job script and what it means, read by hand."""

    id: str
    centre: str
    publisher: Literal["centre", "staff", "user"]
    source_cluster: str
    repo: str
    commit: str = Field(pattern=r"^[0-9a-f]{40}$")
    path: str
    block: str | None = None
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    patterns: list[str]
    framework: str
    strategy: str
    #: False when only the program knows its strategy (the script shows nothing of it).
    strategy_in_script: bool = True
    launch_model: Literal["launcher", "per_rank", "horovod", "single"]
    launcher: str
    total_ranks: int | Literal["unknown"]
    known_ranks: KnownRanks | None = None
    nodes: int | None = None
    gpus_per_node: int | None = None
    program: str
    module: bool
    args: list[str]
    vars: dict[str, str] = Field(default_factory=dict)
    #: Files the user hands the launcher (accelerate --config_file ...): kept or noted.
    launcher_config: list[str] = Field(default_factory=list)
    setup: list[SetupStep]
    source_only: list[str]
    #: The user's container image (one of source_only): issue 14 carries it to a target with
    #: an Apptainer/Singularity runtime, as ``<runtime> exec ... IMAGE`` with a note naming it.
    container_image: str = ""
    source_accounts: list[str]
    device: Literal["nvidia", "intel", "amd"]
    targets: list[str] = Field(min_length=3)
    assumptions: list[str]
    #: GPUs one process drives (one process driving N GPUs).
    gpus_per_rank: int = 1
    other_runs: list[Run] = Field(default_factory=list)
    topology_args: list[TopologyArg] = Field(default_factory=list)
    #: User text around the launch kept verbatim (redirects, env prefixes).
    keep_text: list[str] = Field(default_factory=list)
    #: The directory a --chdir / -D directive sets.
    workdir: str | None = None
    #: ``refuse``: no port can be right (the program is not in the script).
    expect: Literal["port", "refuse"] = "port"
    #: A right refusal names one of these.
    refuse_words: list[str] = Field(default_factory=list)
    #: tune: may be read while fixing (like dev), in a set split after its first run.
    #: heldout: never looked at while fixing the port (a benchmark tuned on is no test).
    split: Literal["dev", "tune", "heldout"] = "dev"

    @property
    def cite(self) -> str:
        """``owner/repo@commit7:path`` (and the doc block, if any)."""
        where = f"{self.repo}@{self.commit[:7]}:{self.path}"
        return f"{where} ({self.block})" if self.block else where

    @property
    def size_known(self) -> bool:
        return self.total_ranks != "unknown"


class CaseFile(_Strict):
    schema_: int = Field(alias="schema")
    cases: list[Case]


def load_cases(path: Path = CASES_FILE) -> list[Case]:
    """Every case of ``path``; raises ValueError on an unknown target or a duplicate id."""
    data = CaseFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    ids = [c.id for c in data.cases]
    if len(ids) != len(set(ids)):
        raise ValueError(f"duplicate case ids in {path}")
    for case in data.cases:
        bad = [t for t in case.targets if t not in CLUSTERS]
        if bad:
            raise ValueError(f"{case.id}: unknown targets {bad}")
    return data.cases


def cache_dir(given: str | None) -> Path:
    """The script cache: --cache, else $MAPLE_REALPORT_CACHE, else bench/realport/.cache."""
    return Path(given or os.environ.get("MAPLE_REALPORT_CACHE") or DEFAULT_CACHE)


def read_script(cache: Path, case: Case) -> str | None:
    """The cached text of ``case``'s script, or None when it is not in the cache."""
    path = cache / f"{case.id}.sh"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def _squash(text: str) -> str:
    return " ".join(text.replace("'", "").replace('"', "").split())


def validate(case: Case, script: str) -> list[str]:
    """What ``case`` says that its script text does not show (a wrong reading of the script)."""
    text = _squash(script)
    claims = [("program", case.program), *[("arg", a) for a in case.args]]
    claims += [("setup", s.step) for s in case.setup]
    claims += [("launcher config", f) for f in case.launcher_config]
    claims += [("source_only", s) for s in case.source_only]
    claims += [("other run", r.program) for r in case.other_runs]
    claims += [("other run arg", a) for r in case.other_runs for a in r.args]
    claims += [("kept text", t) for t in case.keep_text]
    claims += [("workdir", case.workdir)] if case.workdir else []
    claims += [("account", a) for a in case.source_accounts]
    errors = [f"{case.id}: {kind} {value!r} is not in the script"
              for kind, value in claims if _squash(value) not in text]
    digest = hashlib.sha256(script.encode("utf-8")).hexdigest()
    if case.sha256 and digest != case.sha256:
        errors.append(f"{case.id}: the cached script is not the text measured (sha256 {digest})")
    return errors
