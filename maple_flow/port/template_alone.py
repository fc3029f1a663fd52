"""A port's template rendered alone: the same target, template, size and launch model, with
none of the user's words (program, arguments, environment, modules, set-up steps, names).
What a port shares with it is the template's own (shellcheck-clean) text; the rest is what
the lint must read (``maple_flow.lint_scope``)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from maple_flow.errors import MapleError
from maple_flow.lint_scope import HOLE
from maple_flow.models import JobSpec

#: The spec fields the template alone is rendered with: sizes and choices, none of them the
#: user's own words. Any other field (one added later too) takes its default, so what it
#: writes is never mistaken for the template's own text: at worst it is linted.
_SHAPE = ("cluster", "framework", "strategy", "nodes", "gpus_per_node", "master_port",
          "launcher", "launch_model", "rank_vars", "setup_errexit", "cpus_per_task", "array")


def template_alone(spec: JobSpec, template_id: str) -> str | None:
    """``template_id`` rendered for ``spec``'s shape with HOLE as the program; None when it
    is not a catalogue template (a learned variant) or does not render."""
    from maple_flow.knowledge.clusters import get_profile

    shape = {k: getattr(spec, k) for k in _SHAPE}
    shape["provenance"] = {k: v for k, v in spec.provenance.items() if k in _SHAPE}
    try:
        seen_on = get_profile(spec.cluster).seen_on
    except (MapleError, KeyError):
        return None
    return _render(template_id, json.dumps(shape, sort_keys=True), seen_on)


@lru_cache(maxsize=1024)
def _render(template_id: str, shape: str, seen_on: str) -> str | None:
    """Rendered on the profile :func:`get_profile` gives now; ``seen_on`` (its node type)
    keys the cache, so a render for one node type is never reused on another."""
    from maple_flow.knowledge.clusters import get_profile
    from maple_flow.knowledge.library import get_template
    from maple_flow.render import render

    fields: dict[str, Any] = {**json.loads(shape), "entrypoint": HOLE}
    try:
        spec = JobSpec.model_validate(fields)
        return render(spec, get_profile(spec.cluster), get_template(template_id))
    except (MapleError, ValueError, KeyError):
        return None
