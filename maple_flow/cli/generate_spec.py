"""`maple generate`, held once: its parameters and its body. maple_flow.cli.generate builds the
typer command from GENERATE; maple_flow.cli.fast runs it without typer for plain arguments."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from maple_flow.cli.spec import CommandSpec, Echo, Param, Prompt
from maple_flow.errors import MissingInformation, NotOneJob

_ANSWER_PHRASE = {
    "cluster": "on {}",
    "entrypoint": "run `{}`",
    "nodes": "{}",
}


def _ask(missing: MissingInformation, request: str, prompt: Prompt) -> str:
    """The request with the user's answers for each missing field appended."""
    for name, how in missing.missing.items():
        answer = prompt(f"{name} ({how})").strip()
        if answer:
            request += " " + _ANSWER_PHRASE.get(name, "{}").format(answer)
    return request


def _generate(request: str, interactive: bool, prompt: Prompt) -> Any:
    from maple_flow.generate import generate
    from maple_flow.store import open_existing

    store = open_existing(readonly=True)  # learned variants, when a store exists ($MAPLE_STORE)
    for _ in range(3):
        try:
            return _one_or_triples(request, store)
        except MissingInformation as missing:
            if not interactive:
                raise
            request = _ask(missing, request, prompt)
    return generate(request, strict=False, store=store)


def _one_or_triples(request: str, store: Any) -> Any:
    """One training job's result, or, for independent tasks sharing GPUs, the triples job's."""
    from maple_flow.generate import generate

    try:
        return generate(request, strict=False, store=store)
    except NotOneJob:
        from maple_flow.triples.generate import generate_triples

        return generate_triples(request)


def run_generate(values: dict[str, Any], echo: Echo, prompt: Prompt) -> None:
    """Write the script (or JSON) for ``values["request"]``; warnings go to stderr."""
    as_json, output = values["as_json"], values["output"]
    interactive = sys.stdin.isatty() and not as_json
    result = _generate(values["request"], interactive, prompt)
    findings = [f.message for f in result.findings]
    if as_json:
        import json

        echo(
            json.dumps(
                {
                    "cluster": result.cluster,
                    "template_id": result.template_id,
                    "script": result.script,
                    "explanation": result.explanation,
                    "findings": findings,
                },
                indent=2,
            )
        )
        return
    if output:
        from maple_flow.safewrite import write_output

        write_output(output, result.script)
        echo(f"wrote {output} ({result.template_id})", err=True)
    else:
        echo(result.script, nl=False)
    if values["explain"]:
        for name, line in result.explanation.items():
            echo(f"# {name}: {line}", err=True)
    for note in getattr(result, "notes", []):
        echo(f"note: {note}", err=True)
    for message in findings:
        echo(f"warning: {message}", err=True)


GENERATE = CommandSpec(
    name="generate",
    help=(
        "Write a launch script from plain words.\n\n"
        'Example: maple generate "train.py --epochs 3 with torchrun on 8 GPUs across 2 nodes '
        'on Polaris"'
    ),
    params=(
        Param("request", (), "What to run, in your own words.", "text", str),
        Param("output", ("-o", "--output"), "Write the script here.", "path", Path | None),
        Param("as_json", ("--json",), "Print JSON.", "flag", bool, False),
        Param("explain", ("--explain",), "Say where each value came from.", "flag", bool, False),
    ),
    run=run_generate,
)
