"""The launch-template library: ``templates/launch/<cluster>/<framework>-<strategy>.yaml``.

Files are validated by the Template model on first use and cached; ``_common/`` holds the
shared Jinja pieces, not templates.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import ValidationError

from maple_flow.errors import ProfileError, TemplateNotFound
from maple_flow.knowledge.clusters import CLUSTER_IDS
from maple_flow.models import Template
from maple_flow.paths import templates_dir
from maple_flow.yamlio import load_yaml


def load_template_file(path: Path) -> Template:
    """Read and validate one template YAML; a bad file raises ProfileError naming it."""
    import yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
        template = Template.model_validate(data)
    except (yaml.YAMLError, ValidationError, OSError) as exc:
        raise ProfileError(f"{path}: {exc}") from exc
    expected = f"{template.framework}-{template.strategy}"
    if template.cluster != path.parent.name or path.stem != expected:
        raise ProfileError(
            f"{path}: holds {template.cluster}/{expected}; the file must be "
            f"{template.cluster}/{expected}.yaml"
        )
    return template


def _order(template: Template) -> tuple[int, str]:
    rank = {cid: i for i, cid in enumerate(CLUSTER_IDS)}
    return (rank.get(template.cluster, len(rank)), template.id)


@cache
def _load(folder: Path) -> dict[str, Template]:
    from maple_flow.diskcache import load_cached

    paths = [p for p in sorted(folder.glob("*/*.yaml")) if not p.parent.name.startswith("_")]
    return load_cached("templates", paths, lambda: _read_templates(paths))


def _read_templates(paths: list[Path]) -> dict[str, Template]:
    found: dict[str, Template] = {}
    for path in paths:
        template = load_template_file(path)
        if template.id in found:
            raise ProfileError(f"{path}: duplicate template id {template.id!r}")
        found[template.id] = template
    return dict(sorted(found.items(), key=lambda kv: _order(kv[1])))


def all_templates(folder: Path | None = None) -> dict[str, Template]:
    """Every launch template, keyed by id, in canonical cluster order."""
    return dict(_load(folder or templates_dir() / "launch"))


def clear_cache() -> None:
    """Forget loaded templates (after files changed on disk)."""
    _load.cache_clear()


def find_templates(
    cluster: str, framework: str | None = None, strategy: str | None = None
) -> list[Template]:
    """Templates for ``cluster`` (an id), optionally narrowed by framework and strategy.

    Raises TemplateNotFound, listing what the cluster has, when nothing matches.
    """
    on_cluster = [t for t in all_templates().values() if t.cluster == cluster]
    found = [
        t for t in on_cluster
        if (framework is None or t.framework == framework)
        and (strategy is None or t.strategy == strategy)
    ]
    if found:
        return found
    wanted = "/".join(x for x in (framework, strategy) if x) or "any setup"
    if not on_cluster:
        clusters = sorted({t.cluster for t in all_templates().values()})
        raise TemplateNotFound(
            f"no launch templates for cluster {cluster!r}; templates exist for: "
            f"{', '.join(clusters) or 'none'}"
        )
    have = ", ".join(f"{t.framework}/{t.strategy}" for t in on_cluster)
    raise TemplateNotFound(f"no {wanted} template for {cluster}; it has: {have}")


def get_template(template_id: str) -> Template:
    """The template with id ``template_id`` (e.g. ``polaris-pytorch-ddp``)."""
    templates = all_templates()
    if template_id in templates:
        return templates[template_id]
    prefix = template_id.split("-")[0] + "-"
    close = [t for t in templates if t.startswith(prefix)] or list(templates)
    raise TemplateNotFound(
        f"no template {template_id!r}; known ids: {', '.join(close)} "
        "(`maple templates list` shows them all)"
    )
