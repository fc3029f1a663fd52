"""Plain words for independent tasks sharing GPUs become a triples job (extract.triples_words,
triples.generate, `maple generate`), never a guessed packing."""

from __future__ import annotations

import json

import pytest
from cli_run import run

from maple_flow.errors import Contradiction, MissingInformation
from maple_flow.extract.triples_words import triples_from_words
from maple_flow.triples.generate import generate_triples


@pytest.mark.parametrize(("text", "layout"), [
    ("run 24 independent copies of sweep.py, 6 per GPU, on one Delta node", ("delta", 1, 24)),
    ("triples mode on Delta: 2 nodes, 8 tasks per node, python mnist.py", ("delta", 2, 8)),
    ("main.py on Delta, 1 node, 3 tasks per GPU", ("delta", 1, 12)),
    ("48 copies of sweep.py --seed {task}, 6 per GPU on Delta", ("delta", 2, 24)),
    ("share the GPUs of 2 nodes of polaris between 16 runs of hp.py --trial {task}",
     ("polaris", 2, 8)),
    ("triples mode: eval.py, 12 per node on 3 nodes of perlmutter, 4 threads each",
     ("perlmutter", 3, 12)),
])
def test_the_layout_is_read(text: str, layout: tuple[str, int, int]) -> None:
    job = triples_from_words(text).job
    assert (job.cluster, job.nodes, job.ppn) == layout


def test_program_threads_walltime_and_account_are_read() -> None:
    words = triples_from_words("run 48 copies of sweep.py --seed {task} on 2 nodes of Polaris "
                               "with 4 threads each, account datascience, for 2 hours")
    job = words.job
    assert (job.program, job.args) == ("python", ["sweep.py", "--seed", "{task}"])
    assert (job.tpp, job.account, job.walltime) == (4, "datascience", "02:00:00")
    assert words.notes == []


def test_a_command_without_task_index_gets_a_note() -> None:
    assert "MAPLE_TASK_ID" in triples_from_words(
        "24 copies of sweep.py, 6 per GPU on Delta").notes[0]


@pytest.mark.parametrize(("text", "field"), [
    ("24 independent copies of sweep.py on Delta", "ppn"),  # how many share a GPU: asked
    ("sweep.py --seed 3 sharing 4 GPUs on 1 node of Polaris", "ppn"),
    ("30 copies of a.py, 6 per GPU on delta", "nodes"),  # 30 does not fill 24-task nodes
    ("24 copies of sweep.py, 6 per GPU", "cluster"),
    ("24 copies, 6 per GPU on delta", "program"),
])
def test_what_is_not_said_is_asked(text: str, field: str) -> None:
    with pytest.raises(MissingInformation) as err:
        triples_from_words(text)
    assert field in err.value.missing


def test_tasks_that_disagree_with_the_layout_are_a_contradiction() -> None:
    with pytest.raises(Contradiction, match="NNODE x NPPN"):
        triples_from_words("20 copies of a.py on 2 nodes of delta, 8 per node")


def test_generate_triples_renders_the_site_job() -> None:
    result = generate_triples("24 independent copies of sweep.py --seed {task}, 6 per GPU on "
                              "Delta, account bbka-delta-gpu")
    assert result.template_id == "delta-triples" and result.job.tasks == 24
    assert "--ntasks-per-node=\"$NPPN\"" in result.script and "NPPN=24" in result.script
    assert "'{task}'" in result.script
    assert result.explanation["ppn"].startswith("derived: '6 per GPU'")


def test_maple_generate_writes_the_triples_job(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["generate", "--json", "24 independent copies of sweep.py --seed {task},"
                        " 6 per GPU on Delta, account bbka-delta-gpu"], capsys)
    data = json.loads(out)
    assert code == 0 and data["cluster"] == "delta" and data["template_id"] == "delta-triples"


def test_maple_generate_asks_for_the_packing(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["generate", "24 independent copies of sweep.py on Delta"], capsys)
    assert code == 2 and "--measure" in err
