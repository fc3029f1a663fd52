"""The users'-script fault catalogue: bench/realport users' scripts, each broken one way (pure).

A base is one public script of bench/realport (a user's or a centre's, cached as
``<cache>/<case id>.sh``) ported by ``maple_flow.port`` to a cluster of the twin at one or two
full nodes: the user's program, arguments and set-up steps, in the target's launch shape (the
twin can only run a script whose site parts are right). A fault is a mutation of that text in
the forms users write: literal numbers where the script had variables, options on the
``srun`` line, several launchers per node, an extra ``--qos``, ``NRANKS_PER_NODE`` on an
``mpiexec`` line, typed GPU requests. Mutations find what they change by the shape of the
line, never by the base's variable names alone; a mutation that does not apply to a base is
skipped (``MutationDidNothing``).

The cache is ``$MAPLE_REALPORT_CACHE``, else ``/work/cache/realport`` when its READY file is
there, else ``bench/realport/.cache``. Cases whose id hashes into HOLD_OUT are the held-out
part: never looked at while the fixes were written.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from catalog import FullNodes, Mutation, MutationDidNothing, sub

from maple_flow.knowledge.clusters import get_profile

REALPORT = Path(__file__).resolve().parent.parent / "realport"
SHARED_CACHE = Path("/work/cache/realport")
#: Targets, and the cases ported to each (a mix of launch shapes: srun+torchrun, srun bash -c
#: per rank, mpiexec per rank, ibrun, deepspeed, accelerate).
TARGETS = ("perlmutter", "polaris", "lonestar6", "bridges2", "delta", "vista", "stampede3",
           "anvil", "deltaai", "aurora")
HOLD_OUT = 3  # a case is held out when its id's hash is 0 modulo HOLD_OUT


def cache_dir() -> Path:
    given = os.environ.get("MAPLE_REALPORT_CACHE")
    if given:
        return Path(given)
    if (SHARED_CACHE / "READY").is_file():
        return SHARED_CACHE
    return REALPORT / ".cache"


def held_out(case: str) -> bool:
    return int(hashlib.sha256(case.encode()).hexdigest(), 16) % HOLD_OUT == 0


@cache
def _ported(case: str, target: str, nodes: int) -> Any:
    from maple_flow import port

    text = (cache_dir() / f"{case}.sh").read_text(encoding="utf-8")
    per_node = get_profile(target).gpu.per_node
    return port(text, [target], nodes=nodes, gpus_per_node=per_node)[target]


@dataclass(frozen=True)
class UserBase(FullNodes):
    """A user's script ported to ``cluster`` at ``nodes`` full nodes."""

    case: str
    cluster: str
    nodes: int = 1
    origin: str = "port"

    def spec(self) -> Any:
        return _ported(self.case, self.cluster, self.nodes).spec

    def script(self) -> str:
        return str(_ported(self.case, self.cluster, self.nodes).script)

    def target(self, script: str) -> Any:
        from maple_flow.verify.run import VerifyTarget

        return VerifyTarget.from_spec(script, self.spec())


@cache
def _case(case: str) -> Any:
    sys.path.insert(0, str(REALPORT))
    from rp_cases import load_cases

    return {c.id: c for c in load_cases()}[case]


def as_submitted(text: str, cluster: str, accounts: list[str]) -> str:
    """``text`` as its user submits it on ``cluster``'s twin: the user's own project name is
    theirs, so it becomes the profile's example (the twin checks the form), and a script that
    gives none gets it as ``sbatch -A``/``qsub -A`` would (a directive after the last one).
    Nothing else changes."""
    profile = get_profile(cluster)
    example = profile.account.example
    for account in accounts:
        text = re.sub(rf"(?<![\w-]){re.escape(account)}(?![\w-])", example, text)
    if example in text or not profile.account.required:
        return text
    flag = "-A" if profile.scheduler == "pbs" else "--account"
    line = f"#PBS -A {example}" if flag == "-A" else f"#SBATCH --account={example}"
    return add_directive(line)(text)


@dataclass(frozen=True)
class OriginalBase:
    """A user's script as written, on the twin of the cluster it was written for (only the
    account is given as at submission; the program is swapped for the mini-app by verify)."""

    case: str
    cluster: str
    origin: str = "original"

    def _request(self) -> Any:
        from maple_flow.knowledge.directives import parse_directives
        from maple_flow.knowledge.policy import request_from_directives

        return request_from_directives(parse_directives(self.script()))

    @property
    def nodes(self) -> int:
        return int(self._request().nodes or 1)

    @property
    def gpus_per_node(self) -> int:
        return int(self._request().gpus_per_node or get_profile(self.cluster).gpu.per_node)

    @property
    def ranks(self) -> int:
        return self.nodes * self.gpus_per_node

    def script(self) -> str:
        text = (cache_dir() / f"{self.case}.sh").read_text(encoding="utf-8")
        return as_submitted(text, self.cluster, list(_case(self.case).source_accounts))

    def target(self, script: str) -> Any:
        from maple_flow.verify.run import VerifyTarget

        return VerifyTarget.from_script(script, self.cluster)


@dataclass(frozen=True)
class UserFault:
    id: str
    base: UserBase
    kind: str
    description: str
    mutation: Mutation
    tags: tuple[str, ...] = field(default_factory=tuple)

    def script(self) -> str:
        good = self.base.script()
        bad = self.mutation(good)
        if bad == good:
            raise MutationDidNothing(f"{self.id}: the mutation did not change the script")
        return bad


# -- mutations in users' forms ----------------------------------------------------------------
def _directive_prefix(text: str) -> str:
    return "#PBS" if re.search(r"^#PBS ", text, re.M) else "#SBATCH"


def add_directive(line: str) -> Mutation:
    """``line`` after the last directive (after the shebang when the script has none)."""
    def apply(text: str) -> str:
        parts = text.splitlines(keepends=True)
        last = max((i for i, ln in enumerate(parts) if ln.startswith(("#SBATCH", "#PBS"))),
                   default=0 if parts and parts[0].startswith("#!") else -1)
        return "".join([*parts[:last + 1], line + "\n", *parts[last + 1:]])
    return apply


def unknown_module() -> Mutation:
    """The first loaded module at a version the site lacks."""
    def apply(text: str) -> str:
        return re.sub(r"^(\s*module load )([A-Za-z0-9_.+-]+)(?:/\S*)?$",
                      lambda m: f"{m.group(1)}{m.group(2)}/9.9.9", text, count=1, flags=re.M)
    return apply


def walltime(value: str) -> Mutation:
    def apply(text: str) -> str:
        text = re.sub(r"^#SBATCH (?:-t |--time=)\S+", f"#SBATCH --time={value}", text,
                      count=1, flags=re.M)
        return re.sub(r"^#PBS -l walltime=\S+", f"#PBS -l walltime={value}", text, count=1,
                      flags=re.M)
    return apply


def partition(value: str) -> Mutation:
    def apply(text: str) -> str:
        if re.search(r"^#SBATCH (?:-p |--partition=)", text, re.M):
            return re.sub(r"^#SBATCH (?:-p |--partition=)\S+", f"#SBATCH --partition={value}",
                          text, count=1, flags=re.M)
        return text
    return apply


def extra_qos(value: str) -> Mutation:
    """A --qos the site does not have, next to a right partition (or QOS)."""
    def apply(text: str) -> str:
        if re.search(r"^#SBATCH (?:-q |--qos=)", text, re.M):
            return re.sub(r"^#SBATCH (?:-q |--qos=)\S+", f"#SBATCH --qos={value}", text,
                          count=1, flags=re.M)
        return add_directive(f"#SBATCH --qos={value}")(text)
    return apply


def gpus_per_node_directive(factor: int) -> Mutation:
    """The GPU request per node ``factor`` times what a node has, in whatever option the
    script uses (--gpus-per-node=N, --gres=gpu:N, --gpus=type:N)."""
    def apply(text: str) -> str:
        rx = re.compile(r"^(#SBATCH (?:--gpus-per-node=|--gres=gpu:|--gpus=)(?:[a-z0-9-]+:)?)"
                        r"(\d+)\s*$", re.M)
        return rx.sub(lambda m: f"{m.group(1)}{int(m.group(2)) * factor}", text, count=1)
    return apply


def cores_over_node(cpus: int) -> Mutation:
    def apply(text: str) -> str:
        return re.sub(r"^#SBATCH (?:-c |--cpus-per-task=)\d+", f"#SBATCH --cpus-per-task={cpus}",
                      text, count=1, flags=re.M)
    return apply


def launcher_per_gpu(per_node: int) -> Mutation:
    """srun starts one torchrun per GPU instead of one per node (several launchers a node)."""
    def apply(text: str) -> str:
        m = re.search(r"^srun .*(?:\\\n.*)*torchrun", text, re.M)
        if not m:
            return text
        head = m.group(0)
        new = re.sub(r"--ntasks-per-node=\S+", f"--ntasks-per-node={per_node}", head)
        new = re.sub(r'--ntasks="?\$\{?NNODES\}?"?', f'--ntasks="$(( NNODES * {per_node} ))"',
                     new)
        return text.replace(head, new, 1)
    return apply


def literal_nproc(extra: int) -> Mutation:
    """torchrun --nproc_per_node given as a literal, ``extra`` more than the node's GPUs."""
    def apply(text: str) -> str:
        m = re.search(r"^GPUS_PER_NODE=(\d+)$", text, re.M)
        if not m:
            return text
        n = int(m.group(1)) + extra
        return re.sub(r'--nproc_per_node="?\$\{?GPUS_PER_NODE\}?"?', f"--nproc_per_node={n}",
                      text, count=1)
    return apply


def nranks_per_node(value: int) -> Mutation:
    """mpiexec places ranks by a user's NRANKS_PER_NODE=<value> (more than the node's GPUs)."""
    def apply(text: str) -> str:
        if not re.search(r'--ppn "\$GPUS_PER_NODE"', text):
            return text
        text = re.sub(r'--ppn "\$GPUS_PER_NODE"', '--ppn "$NRANKS_PER_NODE"', text, count=1)
        text = re.sub(r'-n "\$NRANKS"', '-n "$(( NNODES * NRANKS_PER_NODE ))"', text, count=1)
        return re.sub(r"^(GPUS_PER_NODE=\d+)$", rf"\1\nNRANKS_PER_NODE={value}", text, count=1,
                      flags=re.M)
    return apply


def srun_gres(count: int) -> Mutation:
    """srun asks for more GPUs per node than the nodes have, on the srun line."""
    return sub(r"^srun ", f"srun --gres=gpu:{count} ")


def srun_export_none() -> Mutation:
    return sub(r"^srun ", "srun --export=NONE ")


def unset_port_variable() -> Mutation:
    return sub(r"\$MASTER_PORT\b", "$MASTERPORT", count=0)


def original_cases() -> list[tuple[str, str]]:
    """(case, cluster) of every cached realport script written for one of the ten clusters:
    the candidates for a base that is the user's own script."""
    sys.path.insert(0, str(REALPORT))
    from rp_cases import load_cases

    return [(c.id, c.source_cluster) for c in load_cases()
            if c.source_cluster in TARGETS and (cache_dir() / f"{c.id}.sh").is_file()]


# -- the catalogue ------------------------------------------------------------------------------
_BASES: tuple[tuple[str, str], ...] = (
    ("user-ls6-scbert-srun-torchrun", "perlmutter"),
    ("user-ls6-scbert-srun-torchrun", "lonestar6"),
    ("user-pm-torchtitan-env-rank", "delta"),
    ("user-pm-torchtitan-env-rank", "bridges2"),
    ("user-pm-deepseek-ds-nsys", "perlmutter"),
    ("user-pm-deepseek-ds-nsys", "polaris"),
    ("nersc-multigpu-modules", "polaris"),
    ("nersc-multigpu-modules", "perlmutter"),
    ("psc-ddp-single-node", "bridges2"),
    ("psc-llama3-fsdp", "perlmutter"),
    ("csc-ddp-gpu8", "anvil"),
    ("csc-deepspeed-gpu8", "stampede3"),
    ("user-ls6-scbert-nnodes-mismatch", "deltaai"),
    ("psc-horovod-multinode", "polaris"),
)
#: Bases left out: they fail on the twin with no fault (``run.py --reproduce-only --bases-only``,
#: bench/out/faults-users/bases.json), so no repair can pass; each with why.
BROKEN_BASES: dict[tuple[str, str], str] = {
    ("ncsa-delta-megatron-torchrun", "delta"): "the user's set -ex stops at a missing conda.sh",
    ("ncsa-delta-megatron-torchrun", "vista"): "the user's set -ex stops at a missing conda.sh",
    ("user-ls6-scbert-srun-torchrun", "perlmutter"): "exit 0, no job output (ran in 94f11f9)",
    ("user-ls6-scbert-srun-torchrun", "lonestar6"): "exit 0, no job output (ran in 94f11f9)",
    ("psc-ddp-single-node", "bridges2"): "4 ranks on an 8-GPU node (the port's layout)",
    ("lumi-ddp-torchrun-4", "perlmutter"): "torch NUMA binding needs CUDA (twin has none)",
    ("olcf-frontier-gpt-srun", "bridges2"): "exit 0, no job output",
    ("cambridge-dawn-apptainer-ddp", "perlmutter"): "the user's setup_apptainer.sh is absent",
}
#: The widening (issue 17: >= 60 faults over >= 15 cases): one more base for other cached
#: cases, each at most MORE_PER_BASE faults, the kinds taken in turn so that they spread.
_MORE_BASES: tuple[tuple[str, str], ...] = (
    ("alcf-aisci-ddp-n1r4", "delta"),
    ("alcf-guide-deepspeed-polaris", "perlmutter"),
    ("alcf-gs-ddp-polaris", "deltaai"),
    ("alcf-guide-container-hvd", "delta"),
    ("princeton-ddp-job", "anvil"),
    ("lumi-ddp-torchrun-4", "perlmutter"),
    ("lumi-ds-srun-4", "lonestar6"),
    ("olcf-frontier-gpt-srun", "bridges2"),
    ("mila-multi-node", "stampede3"),
    ("tacc-vista-doc-runsh", "deltaai"),
    ("jsc-itwinai-deepspeed", "delta"),
    ("sdsc-expanse-mpirun-gpu2", "perlmutter"),
    ("purdue-gilbreth-hf-ds", "vista"),
    ("ncsa-workshop-ddp", "lonestar6"),
    ("user-pm-tppp-srun-noheader", "anvil"),
    ("user-polaris-sd3-ds-include", "bridges2"),
    ("user-aurora-sd3-fsdp", "stampede3"),
    ("cambridge-dawn-apptainer-ddp", "perlmutter"),
    ("tacc-ls6-doc-runsh", "vista"),
    ("user-polaris-pygeom-ddp", "perlmutter"),
    ("alcf-dlscaling-hvd-aurora", "polaris"),
)
MORE_PER_BASE = 2


def _faults_for(case: str, target: str) -> list[UserFault]:
    base = UserBase(case, target)
    profile = get_profile(target)
    per_node = profile.gpu.per_node
    pid = f"{case}@{target}"
    out = [
        UserFault(f"{pid}-unknown-module", base, "runtime", "a module at an unknown version",
                  unknown_module(), ("module",)),
        UserFault(f"{pid}-walltime-over-limit", base, "submit", "--time 96:00:00",
                  walltime("96:00:00"), ("queue",)),
        UserFault(f"{pid}-nranks-per-node", base, "runtime",
                  f"mpiexec --ppn from NRANKS_PER_NODE={per_node * 2}",
                  nranks_per_node(per_node * 2), ("layout",)),
        UserFault(f"{pid}-launcher-per-gpu", base, "runtime",
                  "srun starts one torchrun per GPU (several launchers per node)",
                  launcher_per_gpu(per_node), ("layout",)),
        UserFault(f"{pid}-literal-nproc", base, "runtime",
                  "torchrun --nproc_per_node literal, one more than the GPUs",
                  literal_nproc(1), ("layout",)),
    ]
    if profile.scheduler == "slurm":
        out += [
            UserFault(f"{pid}-unknown-qos", base, "submit", "an extra --qos the site lacks",
                      extra_qos("gpu_premium"), ("queue",)),
            UserFault(f"{pid}-gpus-over-node", base, "submit",
                      "the per-node GPU request twice what a node has",
                      gpus_per_node_directive(2), ("directive",)),
            UserFault(f"{pid}-srun-gres", base, "runtime",
                      "srun --gres asks for more GPUs than the nodes have",
                      srun_gres(per_node * 2), ("directive",)),
            UserFault(f"{pid}-unknown-partition", base, "submit", "a partition the site lacks",
                      partition("gpu-nonexistent"), ("queue",)),
            UserFault(f"{pid}-cores-over-node", base, "submit",
                      "more cores per task than a node has",
                      cores_over_node(profile.node.cpus_per_node * 4), ("directive",)),
        ]
    return out


PER_KIND = 8  # at most this many faults of one kind (bases in _BASES order)


def kind_of(fault: UserFault) -> str:
    return fault.id.split("@", 1)[1].split("-", 1)[1]


def _applicable(case: str, target: str) -> list[UserFault]:
    if not (cache_dir() / f"{case}.sh").is_file():
        return []
    out = []
    for fault in _faults_for(case, target):
        try:
            fault.script()
        except MutationDidNothing:
            continue
        out.append(fault)
    return out


def _more() -> list[UserFault]:
    """MORE_PER_BASE faults of each widening base, its kinds taken from a rotating start."""
    faults: list[UserFault] = []
    for i, (case, target) in enumerate(_MORE_BASES):
        found = [] if (case, target) in BROKEN_BASES else _applicable(case, target)
        if found:
            start = (i * MORE_PER_BASE) % len(found)
            faults += (found[start:] + found[:start])[:MORE_PER_BASE]
    return faults


def catalogue() -> list[UserFault]:
    """The users'-script faults: those of the first bases whose case is cached and whose
    mutation applies (at most PER_KIND of a kind), then the widening's."""
    return _first() + _more()


def _first() -> list[UserFault]:
    faults: list[UserFault] = []
    kinds: dict[str, int] = {}
    for case, target in _BASES:
        if (case, target) in BROKEN_BASES:
            continue
        for fault in _applicable(case, target):
            if kinds.get(kind_of(fault), 0) < PER_KIND:
                kinds[kind_of(fault)] = kinds.get(kind_of(fault), 0) + 1
                faults.append(fault)
    return faults
