"""A triples job script from plain words ("24 independent copies of sweep.py, 6 per GPU on
Delta"): ``extract.triples_words`` reads the request, ``triples.job`` renders the job."""

from __future__ import annotations

from dataclasses import dataclass, field

from maple_flow.errors import api_boundary
from maple_flow.extract.triples_words import triples_from_words
from maple_flow.triples.job import TriplesJob, render_triples


@dataclass(frozen=True)
class TriplesResult:
    """The rendered triples script, its job, where each value came from, and notes."""

    script: str
    job: TriplesJob
    explanation: dict[str, str]
    notes: list[str] = field(default_factory=list)
    findings: list[object] = field(default_factory=list)

    @property
    def cluster(self) -> str:
        """The cluster the script is for."""
        return self.job.cluster

    @property
    def template_id(self) -> str:
        """The template the script came from (the shared triples template)."""
        return f"{self.job.cluster}-triples"


@api_boundary
def generate_triples(request: str) -> TriplesResult:
    """The triples job script ``request`` asks for (MissingInformation when it is unclear)."""
    words = triples_from_words(request)
    explanation = {**words.explanation,
                   "tasks": f"{words.job.nodes} node(s) x {words.job.ppn} per node = "
                            f"{words.job.tasks} tasks"}
    return TriplesResult(script=render_triples(words.job), job=words.job,
                         explanation=explanation, notes=words.notes)
