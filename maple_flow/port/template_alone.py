"""A port's template rendered alone: the same target, template, size and queue, with none of
the user's program, arguments, environment, modules or set-up steps. What a port shares with
it is the template's own (shellcheck-clean) text; the rest is what the lint must read
(``maple_flow.lint_scope``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.lint_scope import HOLE
from maple_flow.models import JobSpec

#: The spec fields that carry the user's own words into a rendered script, made neutral.
_NEUTRAL: dict[str, Any] = {
    "entrypoint": HOLE, "module": False, "args": [], "env": {}, "modules": [],
    "setup_steps": [], "loop_open": [], "loop_close": [],
    # only in the header (comments to shellcheck): one render serves more ports
    "job_name": "maple", "walltime": "01:00:00", "account": None, "queue": None,
}


def template_alone(spec: JobSpec, template_id: str) -> str | None:
    """``template_id`` rendered for ``spec`` without the user's words; None when it is not a
    catalogue template (a learned variant) or does not render."""
    neutral = spec.model_copy(update={**_NEUTRAL, "provenance": {}})
    return _render(template_id, neutral.model_dump_json())


@lru_cache(maxsize=1024)
def _render(template_id: str, spec_json: str) -> str | None:
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.knowledge.library import get_template
    from maple_flow.render import render

    try:
        spec = JobSpec.model_validate_json(spec_json)
        return render(spec, get_profile(spec.cluster), get_template(template_id))
    except (MapleError, ValueError, KeyError):
        return None
