"""The fault catalogue: known-good rendered scripts, each broken in one known way (pure).

A fault is a base script (a template rendered at small size: one node, or two where the
fault needs them, with every GPU of the node, since the twin's device model wants one rank
per modelled GPU) plus one mutation of its text, or a twin personality option that makes
the site behave differently from what the script assumes. Every fault is reproduced
for real by the twin: the site's submit filter rejects it, or the job fails, or the mini-app
reports a wrong layout or rendezvous.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from maple_flow.generate import generate_from_spec
from maple_flow.knowledge.clusters import get_profile
from maple_flow.models import JobSpec
from maple_flow.twin.options import marker

Mutation = Callable[[str], str]


class MutationDidNothing(ValueError):
    """A mutation that left the script unchanged (the catalogue is wrong for this base)."""


class FullNodes:
    """A base's size: ``nodes`` whole nodes of ``cluster``, one rank per GPU."""

    cluster: str
    nodes: int

    @property
    def gpus_per_node(self) -> int:
        return get_profile(self.cluster).gpu.per_node

    @property
    def ranks(self) -> int:
        return self.nodes * self.gpus_per_node


@dataclass(frozen=True)
class Base(FullNodes):
    """A known-good script: cluster, setup and size of the render."""

    cluster: str
    nodes: int = 1
    framework: str = "pytorch"
    strategy: str = "ddp"

    def spec(self) -> JobSpec:
        return JobSpec(cluster=self.cluster, framework=self.framework,  # type: ignore[arg-type]
                       strategy=self.strategy, nodes=self.nodes,  # type: ignore[arg-type]
                       gpus_per_node=self.gpus_per_node, entrypoint="train.py",
                       args=["--epochs", "1"], walltime="00:10:00")

    def script(self) -> str:
        return generate_from_spec(self.spec()).script


@dataclass(frozen=True)
class Fault:
    """One injected fault: its id, the base, what breaks, and the expected failure kind."""

    id: str
    base: Base
    kind: str  # submit | runtime
    description: str
    mutation: Mutation
    tags: tuple[str, ...] = field(default_factory=tuple)

    def script(self) -> str:
        """The broken script (raises MutationDidNothing when the mutation does not apply)."""
        good = self.base.script()
        bad = self.mutation(good)
        if bad == good:
            raise MutationDidNothing(f"{self.id}: the mutation did not change the script")
        return bad


# -- mutations (each a pure text edit of a rendered script) ----------------------------------
def sub(pattern: str, repl: str, count: int = 1, flags: int = re.M) -> Mutation:
    """Replace the first ``count`` matches of ``pattern``."""
    rx = re.compile(pattern, flags)
    return lambda text: rx.sub(repl, text, count=count)


def drop_line(pattern: str) -> Mutation:
    """Remove every line matching ``pattern``."""
    rx = re.compile(pattern)
    return lambda text: "".join(ln for ln in text.splitlines(keepends=True) if not rx.search(ln))


def add_directive(line: str) -> Mutation:
    """Insert a directive line after the last directive."""
    def apply(text: str) -> str:
        lines = text.splitlines(keepends=True)
        last = max(i for i, ln in enumerate(lines) if ln.startswith(("#SBATCH", "#PBS")))
        return "".join([*lines[:last + 1], line + "\n", *lines[last + 1:]])
    return apply


def add_option(name: str) -> Mutation:
    """Switch a twin personality option on for the job (a marker line after the shebang)."""
    def apply(text: str) -> str:
        head, _, rest = text.partition("\n")
        return f"{head}\n{marker(name)}\n{rest}"
    return apply


def unknown_module(module: str, bad: str) -> Mutation:
    return sub(rf"^module load {re.escape(module)}$", f"module load {bad}")


def srun_export_none() -> Mutation:
    return sub(r"^srun ", "srun --export=NONE ")


def localhost_rendezvous() -> Mutation:
    return sub(r"^MASTER_ADDR=.*$", 'MASTER_ADDR="localhost"')


def wrong_port_variable() -> Mutation:
    """The launch line reads a port variable nobody set (a typo of MASTER_PORT)."""
    return sub(r"\$MASTER_PORT\b", "$MASTERPORT", count=0)


def slurm_time(value: str) -> Mutation:
    return sub(r"^#SBATCH -t \S+$", f"#SBATCH -t {value}")


def slurm_partition(value: str) -> Mutation:
    return sub(r"^#SBATCH -p \S+$", f"#SBATCH -p {value}")


def slurm_account(value: str) -> Mutation:
    def apply(text: str) -> str:
        if re.search(r"^#SBATCH (-A |--account=)", text, re.M):
            return re.sub(r"^#SBATCH (-A |--account=)\S+$", rf"#SBATCH \g<1>{value}", text,
                          count=1, flags=re.M)
        return add_directive(f"#SBATCH -A {value}")(text)
    return apply


def pbs_line(pattern: str, value: str) -> Mutation:
    return sub(rf"^#PBS {pattern}$", f"#PBS {value}")


def one_more_rank_per_node() -> Mutation:
    """torchrun starts one rank more per node than the node has GPUs (--nproc_per_node)."""
    return lambda text: re.sub(r"^GPUS_PER_NODE=(\d+)$",
                               lambda m: f"GPUS_PER_NODE={int(m.group(1)) + 1}", text,
                               count=1, flags=re.M)


def ppn_all_ranks() -> Mutation:
    """mpiexec puts every rank on the first node (--ppn NRANKS instead of GPUs per node)."""
    return sub(r'--ppn "\$GPUS_PER_NODE"', '--ppn "$NRANKS"')


# -- the catalogue ------------------------------------------------------------------------
ONE = Base  # one full node


def two(cluster: str) -> Base:
    return Base(cluster, nodes=2)


def _common_slurm(c: str, module: str, partition: str) -> list[Fault]:
    return [
        Fault(f"{c}-unknown-module", ONE(c), "runtime",
              f"module {module} replaced by an unknown version",
              unknown_module(module, f"{module.split('/')[0]}/9.9.9"), ("module",)),
        Fault(f"{c}-walltime-over-limit", ONE(c), "submit",
              f"-t 96:00:00 over partition {partition}'s limit", slurm_time("96:00:00"),
              ("queue",)),
        Fault(f"{c}-unknown-partition", ONE(c), "submit", "-p names a partition the site lacks",
              slurm_partition("gpu-nonexistent"), ("queue",)),
    ]


def _srun_faults(c: str) -> list[Fault]:
    """srun + torchrun (c10d rendezvous) sites. A localhost rendezvous is not among them: on
    the twin every node shares one loopback, so torchrun's c10d store is reachable anyway and
    torchrun gives the ranks the real master address (the fault cannot show)."""
    return [
        Fault(f"{c}-srun-export-none", ONE(c), "runtime",
              "srun --export=NONE: the tasks get no PATH or rendezvous variables",
              srun_export_none(), ("env",)),
        Fault(f"{c}-wrong-port-variable", ONE(c), "runtime",
              "the rendezvous endpoint reads $MASTERPORT (unset)", wrong_port_variable(),
              ("rendezvous",)),
        Fault(f"{c}-ranks-over-gpus", ONE(c), "runtime",
              "torchrun starts one rank more per node than the node has GPUs",
              one_more_rank_per_node(), ("layout",)),
    ]


def catalogue() -> list[Fault]:
    """Every fault of the benchmark."""
    f: list[Fault] = []
    # Perlmutter: QOS, -C gpu, account format
    f += _common_slurm("perlmutter", "pytorch/2.6.0", "regular")[:1]
    f += _srun_faults("perlmutter")
    f += [
        Fault("perlmutter-missing-constraint", ONE("perlmutter"), "submit",
              "the required -C gpu is missing", drop_line(r"^#SBATCH -C gpu$"), ("directive",)),
        Fault("perlmutter-debug-qos-walltime", ONE("perlmutter"), "submit",
              "-t 02:00:00 in the debug QOS (30 min)", slurm_time("02:00:00"), ("queue",)),
        Fault("perlmutter-account-format", ONE("perlmutter"), "submit",
              "account with capitals and a dash", slurm_account("M1234-GPU"), ("account",)),
        Fault("perlmutter-unknown-qos", ONE("perlmutter"), "submit", "-q names an unknown QOS",
              sub(r"^#SBATCH -q \S+$", "#SBATCH -q gpu_premium"), ("queue",)),
    ]
    # Polaris and Aurora: PBS
    for c, module, fs in (("polaris", "conda", "home:eagle"), ("aurora", "frameworks",
                                                                "home:flare")):
        f += [
            Fault(f"{c}-unknown-module", ONE(c), "runtime", f"module {module} unknown version",
                  unknown_module(module, f"{module}/2099.1"), ("module",)),
            Fault(f"{c}-missing-filesystems", ONE(c), "submit",
                  "the required -l filesystems is missing",
                  drop_line(rf"^#PBS -l filesystems={fs}$"), ("directive",)),
            Fault(f"{c}-walltime-over-limit", ONE(c), "submit",
                  "walltime 06:00:00 in the debug queue (1 h)",
                  pbs_line(r"-l walltime=\S+", "-l walltime=06:00:00"), ("queue",)),
            Fault(f"{c}-unknown-queue", ONE(c), "submit", "-q names an unknown queue",
                  pbs_line(r"-q \S+", "-q gpu_hack"), ("queue",)),
            Fault(f"{c}-account-format", ONE(c), "submit", "account starting with a digit",
                  pbs_line(r"-A \S+", "-A 1project"), ("account",)),
            Fault(f"{c}-prod-under-min-nodes", ONE(c), "submit",
                  "the prod queue with fewer nodes than its minimum",
                  pbs_line(r"-q \S+", "-q prod"), ("queue",)),
        ]
    f += [
        Fault("polaris-ppn-all-ranks", two("polaris"), "runtime",
              "mpiexec --ppn NRANKS: every rank on the first node", ppn_all_ranks(),
              ("layout",)),
        Fault("polaris-localhost-rendezvous", two("polaris"), "runtime",
              "MASTER_ADDR=localhost with ranks on two nodes", localhost_rendezvous(),
              ("rendezvous",)),
    ]
    # TACC: -N/-t required, --gres/--mem forbidden, ibrun/mpirun (static rendezvous)
    for c, module, part in (("lonestar6", "python3/3.9.7", "gpu-a100"),
                            ("stampede3", "python", "pvc"), ("vista", "python3", "gh")):
        f += _common_slurm(c, module, part)
        f += [
            Fault(f"{c}-missing-time", ONE(c), "submit", "the required -t is missing",
                  drop_line(r"^#SBATCH -t "), ("directive",)),
            Fault(f"{c}-forbidden-gres", ONE(c), "submit", "--gres=gpu:1 (not accepted here)",
                  add_directive("#SBATCH --gres=gpu:1"), ("directive",)),
            Fault(f"{c}-forbidden-mem", ONE(c), "submit", "--mem=64G (not accepted here)",
                  add_directive("#SBATCH --mem=64G"), ("directive",)),
            Fault(f"{c}-account-format", ONE(c), "submit", "a lower-case TACC project",
                  slurm_account("tg-cis230001"), ("account",)),
        ]
    f += [
        Fault("vista-ranks-over-gpus", ONE("vista"), "runtime",
              "torchrun starts 2 ranks on a 1-GPU node", one_more_rank_per_node(),
              ("layout",)),
        Fault("vista-localhost-rendezvous", two("vista"), "runtime",
              "MASTER_ADDR=localhost with ranks on two nodes", localhost_rendezvous(),
              ("rendezvous",)),
        Fault("lonestar6-localhost-rendezvous", two("lonestar6"), "runtime",
              "MASTER_ADDR=localhost with ranks on two nodes", localhost_rendezvous(),
              ("rendezvous",)),
    ]
    # NCSA Delta and DeltaAI
    for c, module, part in (("delta", "anaconda3_gpu", "gpuA100x4"),
                            ("deltaai", "python/miniforge3_pytorch", "ghx4")):
        f += _common_slurm(c, module, part)
        f += _srun_faults(c)
        f += [Fault(f"{c}-account-format", ONE(c), "submit",
                    "account without the site's suffix", slurm_account("bbka"), ("account",))]
    f += [Fault("deltaai-site-srun-no-export", ONE("deltaai"), "runtime",
                "site option: srun does not export the batch environment (DeltaAI-like)",
                add_option("srun-export-none"), ("env", "personality")),
          Fault("deltaai-other-system-partition", ONE("deltaai"), "submit",
                "Delta's partition gpuA100x4 on DeltaAI", slurm_partition("gpuA100x4"),
                ("queue",))]
    # Anvil and Bridges-2
    f += _common_slurm("anvil", "ml-toolkit-gpu/pytorch", "gpu")
    f += _srun_faults("anvil")[:2]
    f += [Fault("anvil-account-no-gpu-suffix", ONE("anvil"), "submit",
                "allocation without -gpu on the gpu partition", slurm_account("cis230270"),
                ("account",)),
          Fault("anvil-missing-gpus-per-node", ONE("anvil"), "submit",
                "the required --gpus-per-node is missing",
                drop_line(r"^#SBATCH --gpus-per-node="), ("directive",))]
    f += _common_slurm("bridges2", "AI/pytorch_23.02-1.13.1-py3", "GPU")
    f += _srun_faults("bridges2")[:1]
    f += [Fault("bridges2-untyped-gpus", ONE("bridges2"), "submit",
                "--gpus=8 without the GPU type",
                sub(r"^#SBATCH --gpus=\S+$", "#SBATCH --gpus=8"), ("directive",)),
          Fault("bridges2-account-format", ONE("bridges2"), "submit",
                "allocation without the trailing p", slurm_account("cis230018"),
                ("account",))]
    return f


def by_id() -> dict[str, Fault]:
    """The catalogue keyed by fault id."""
    return {fault.id: fault for fault in catalogue()}
