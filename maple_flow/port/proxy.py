"""In-job downloads on a target whose compute nodes reach the internet only through a proxy
(ALCF Polaris and Aurora: ``network.proxy_env`` of the profile, from the site's "Running jobs"
page): the port sets the proxy before the job's own set-up steps, with a note naming the
steps that download (``pip install``, ``conda create``, ``git clone``, ``wget URL``, a Hugging
Face download). Without it those steps fail on the target, often silently under ``set +e``.
A URL of the job's own node (``curl -s http://localhost:8000/v1/models``, polling a server the job
started in the background) downloads nothing; and where the port sets the proxy for a real
download in a job that talks to such a server, the node's own addresses are kept out of it
(``no_proxy``): through the proxy, ``localhost`` is the proxy's host and the poll never answers.
"""

from __future__ import annotations

import re
from functools import lru_cache

from maple_flow.models.profile import ClusterProfile
from maple_flow.port.netreach import proxy_values, source_proxy
from maple_flow.port.words import short

#: The job's own node in a URL: a server the job started itself, reached without the internet.
_LOCAL_HOST = (r"(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]"
               r"|\$\{?HOSTNAME\b\}?|\$\(hostname[^)]*\))(?![\w.-])")
_PORT = r"(?:\d+|\$\{?\w+\}?)"
_LOCAL_URL = re.compile(r"(?:https?|ftp)://" + _LOCAL_HOST + rf"(?::{_PORT})?"
                        + rf"|\b(?:localhost|127\.0\.0\.1):{_PORT}")
#: The addresses kept out of the proxy where the job talks to its own node.
_NO_PROXY = "localhost,127.0.0.1"
#: Commands that fetch from the internet when they run (package indexes, channels, git
#: remotes, URLs, the Hugging Face hub).
_DOWNLOADS = re.compile(
    r"(?:^|[\s;&|(`])(?:"
    # a tool by its quoted path too (`"$VENV/bin/pip" install`, `"$VENV/bin/python" -m pip`)
    r"(?:\S*/)?(?:pip[\d.]*|python[\d.]*[\"']?\s+-m\s+pip|uv\s+pip)[\"']?\s+(?:install|download)\b"
    r"|(?:\S*/)?(?:conda|mamba|micromamba)[\"']?\s+(?:create|install|update|env\s+(?:create|update))\b"
    r"|uv\s+(?:sync|add|tool\s+install)\b"
    r"|git\s+(?:clone|pull|fetch|submodule\s+update)\b"
    r"|git\s+lfs\s+(?:pull|fetch)\b"
    r"|(?:wget|curl)\b[^\n]*(?:https?|ftp)://(?!" + _LOCAL_HOST + r")"
    r"|(?:huggingface-cli|hf)\s+download\b"
    r"|pixi\s+install\b|poetry\s+install\b"
    # a container image from a registry (`apptainer pull docker://...`, `singularity build x.sif
    # docker://...`); a build from a local definition file fetches nothing by itself
    r"|(?:apptainer|singularity)\s+pull\b"
    r"|(?:apptainer|singularity)\s+build\b[^\n]*\b(?:docker|library|oras|shub)://"
    r"|gdown\b|rclone\s+(?:copy|sync|copyto)\b|(?:aws\s+s3|gsutil)\s+(?:cp|sync)\b"
    # the user's own script that says it downloads (`bash download_from_drive.sh ID`,
    # `python fetch_data.py`): what it reaches is not in the job script, its name is
    r"|(?:(?:ba)?sh\s+|python[\d.]*\s+)?(?:\S*/)?[\w.-]*(?:download|fetch)[\w.-]*\.(?:sh|py)\b"
    r")", re.IGNORECASE)
#: An index the step names on the local filesystem only: no download.
_OFFLINE = re.compile(r"--no-index\b|--offline\b")


def downloads(steps: list[str]) -> list[str]:
    """The steps (code, not comments) that download when they run."""
    found = []
    for step in steps:
        code = "\n".join(x for x in step.split("\n") if not x.lstrip().startswith("#"))
        if _DOWNLOADS.search(code) and not _OFFLINE.search(code):
            found.append(step)
    return found


#: A program option that names a model to load (``--model_name_or_path``, ``--init_model_path``,
#: ``--tokenizer``, ``--pretrained``, ``--base_model``; ``--base``, ``--llm``, ``--backbone``,
#: ``--repo_id``: the base model a fine-tuning loads). Its value counts only when it has the
#: form of a Hub id (:data:`_HUB_ID`).
_MODEL_OPTION = re.compile(
    r"(?i)^--?(?:[\w-]*(?:model|tokenizer|pretrained|checkpoint)[\w-]*"
    r"|(?:base|llm|backbone|repo[_-]?id|hub[_-]?id)(?:[_-](?:name|id|path))?)$")
#: A Hugging Face Hub id: ``owner/name``, one slash, no file suffix, not a path.
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w-]*(?:\.[\w-]+)*/[A-Za-z0-9][\w.-]*$")
#: The Hub's original models with no owner (``bert-base-uncased``, ``roberta-large``, ``gpt2``,
#: ``t5-small``: the ids the transformers library shipped with, still resolved on the Hub). A
#: bare word outside this list (``resnet50``, ``dinov2_vitb14``, ``bert``) is not read as an id.
_CANONICAL_ID = re.compile(
    r"^(?:bert-(?:base|large)-[\w-]+|distilbert-base-[\w-]+"
    r"|(?:roberta|distilroberta)-(?:base|large)(?:-[\w-]+)?|xlm-roberta-(?:base|large)"
    r"|xlm-(?:mlm|clm)-[\w-]+|albert-(?:base|large|xlarge|xxlarge)-v[12]"
    r"|xlnet-(?:base|large)-cased|t5-(?:small|base|large|3b|11b)|gpt2(?:-(?:medium|large|xl))?"
    r"|distilgpt2|openai-gpt|camembert-base)$")
#: An option that names a kind of model, not one to load (``--model_type gpt2``).
_KIND_OPTION = re.compile(r"(?i)(?:type|class|kind|family|arch)$")
#: A program option that names a dataset to load by its name (``--dataset_name``,
#: ``--dataset_id``, ``--hf_dataset``): counted only for an ``owner/name`` Hub id
#: (``Tevatron/msmarco-passage``); a bare name (``trec``, ``cifar10``) may be the program's own,
#: and a plain ``--dataset a/b`` may be a relative path.
_DATASET_OPTION = re.compile(r"(?i)^--?(?:[\w-]*dataset[_-](?:name|id|repo)|hf[_-]dataset\w*)$")
_FILE_SUFFIX = re.compile(
    r"(?i)\.(?:py|json|ya?ml|bin|pt|pth|ckpt|safetensors|h5|pkl|npz|txt|csv|tar|gz|zip)$")
#: First parts of a relative path a job writes or reads (``models/bert``), not a Hub owner.
_LOCAL_DIRS = frozenset({
    "data", "dataset", "datasets", "model", "models", "checkpoint", "checkpoints", "ckpt",
    "ckpts", "output", "outputs", "out", "runs", "run", "logs", "log", "configs", "config",
    "results", "weights", "pretrained", "saved", "save", "exp", "exps", "experiments", "src",
    "scripts", "cache", "tmp", "work", "local", "resources"})
#: The job says the hub is not reached (the libraries' own offline switches).
_HUB_OFFLINE = re.compile(r"\b(?:HF_HUB_OFFLINE|TRANSFORMERS_OFFLINE)=['\"]?(?:1|true|yes)",
                          re.IGNORECASE)


def hub_models(args: list[str], variables: dict[str, str]) -> list[str]:
    """The program's options that name a Hugging Face Hub model or dataset
    (``--init_model_path=klue/bert-base``, ``--model_name_or_path bert-base-uncased``,
    ``--dataset_name Tevatron/msmarco-passage``): loaded with ``from_pretrained`` /
    ``load_dataset``, downloaded at start unless already cached. Variables the script sets to a
    literal are read (``--init_model_path=$init_model_path``)."""
    found: list[str] = []
    for k, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if not eq:
            name, value = arg, args[k + 1] if k + 1 < len(args) else ""
        model = bool(_MODEL_OPTION.match(name)) and not _KIND_OPTION.search(name)
        if not (model or _DATASET_OPTION.match(name)):
            continue
        ref = re.fullmatch(r"\$\{?(\w+)\}?", value.strip("'\""))
        value = variables.get(ref.group(1), "") if ref else value.strip("'\"")
        owned = (_HUB_ID.match(value) and not _FILE_SUFFIX.search(value)
                 and value.split("/", 1)[0].lower() not in _LOCAL_DIRS)
        shown = f"{name}={value}" if eq else f"{name} {value}"
        if (owned or (model and _CANONICAL_ID.match(value))) and shown not in found:
            found.append(shown)
    return found


#: The job logs to Weights & Biases online: its API key set, a ``wandb login``, the command
#: ``wandb online``, ``WANDB_MODE=online``, a sweep agent (``wandb agent``: it takes its runs'
#: settings from the W&B server).
_WANDB_KEY = re.compile(r"(?m)^[^#\n]*?(\bWANDB_API_KEY=|\bwandb\s+(?:login|online|agent)\b"
                        r"|\bWANDB_MODE=['\"]?online\b)")
#: An option value that turns W&B off (``--use_wandb False``, ``--wandb=0``).
_FALSE = re.compile(r"(?i)^['\"]?(?:false|0|no|off|none|disabled?|offline)['\"]?$")
#: A program option that turns W&B logging on (``--report_to wandb``, ``logger=wandb``,
#: ``--use_wandb``, ``--wandb_project x``).
_WANDB_OPTION = re.compile(r"(?i)^(?:--?(?:use[_-]?)?wandb(?:[_-]\w+)?(?:=.*)?|"
                           r"\+?[\w.-]*(?:logger|report[_-]to)[\w.-]*=\[?wandb\b.*)$")
_WANDB_VALUE = re.compile(r"(?i)^\[?wandb\]?$")
_WANDB_OPTION_NAME = re.compile(r"(?i)^--?(?:report[_-]to|logger|loggers|log[_-]with)$")
#: The job keeps W&B off the network (``WANDB_MODE=offline``, ``wandb offline``).
_WANDB_OFF = re.compile(r"(?i)\bWANDB_MODE=['\"]?(?:offline|disabled|dryrun)|"
                        r"\bWANDB_DISABLED=['\"]?(?:1|true)|\bwandb\s+(?:offline|disabled)\b|"
                        r"--?wandb[_-]?mode[= ]['\"]?(?:offline|disabled)")


@lru_cache(maxsize=256)
def _wandb_in_script(script: str) -> tuple[bool, str]:
    """Whether ``script``'s code (not its comments) keeps W&B offline, and what in it says the
    job logs online (a short quote, or ""); memoised: a source is read once a target."""
    code = "\n".join(x for x in script.splitlines() if not x.lstrip().startswith("#"))
    key = _WANDB_KEY.search(code)
    return (bool(_WANDB_OFF.search(code)),
            f"`{key.group(1).replace(chr(34), '').replace(chr(39), '')}`" if key else "")


def wandb_online(script: str, args: list[str]) -> str:
    """What says the job logs to Weights & Biases online (its API key set or a ``wandb
    login`` in the script, a program option turning W&B on), as a short quote; "" when
    nothing does or the job keeps W&B offline. The program then reaches api.wandb.ai from
    the compute node while it runs."""
    off, key = _wandb_in_script(script)
    if off or _WANDB_OFF.search(" ".join(args)):
        return ""
    if key:
        return key
    for k, arg in enumerate(args):
        following = args[k + 1] if k + 1 < len(args) else ""
        if _WANDB_OPTION.match(arg):
            value = arg.partition("=")[2] if "=" in arg else following
            if not _FALSE.match(value):
                return f"`{_short(arg)}`"
        elif _WANDB_OPTION_NAME.match(arg) and _WANDB_VALUE.match(following.strip("'\"")):
            return f"`{arg} {following}`"
    return ""


def proxy_edit(steps: list[str], env: dict[str, str], script: str,
               profile: ClusterProfile, models: list[str] | None = None,
               wandb: str = "", signs: tuple[str, str, str] = ("", "", ""),
               ) -> tuple[dict[str, str], list[str]]:
    """(the exports to add, notes) for the job's downloading set-up steps on ``profile``;
    ``models``: the program's options naming a Hub model (:func:`hub_models`), loaded at start
    (a download unless the job says it runs offline); ``wandb``: what says the program logs
    to Weights & Biases online (:func:`wandb_online`); ``signs``: the source's own proxy
    setting, inline Python that fetches from a hub and a Hub account the job uses
    (:func:`maple_flow.port.netreach.source_proxy`, :func:`~maple_flow.port.netreach.
    inline_fetch`, :func:`~maple_flow.port.netreach.hub_account`), each a quote or "".
    A proxy the port keeps in the job's own steps is the user's: none is added."""
    proxy = profile.network.proxy_env
    fetching = downloads(steps)
    hub = list(models or []) if not _HUB_OFFLINE.search(script) else []
    own_proxy, inline, account = signs
    account = account if not _HUB_OFFLINE.search(script) else ""
    if any(_WANDB_OFF.search(f"{k}={v}") for k, v in env.items()):
        wandb = ""  # the port's own environment keeps W&B offline (a value you gave)
    kept = source_proxy("\n".join(steps))
    if kept and proxy:
        return {}, _kept_proxy_note(kept, proxy_values("\n".join(steps)), proxy, profile.name)
    if (not proxy or not (fetching or hub or wandb or own_proxy or inline or account)
            or any(k in env for k in proxy)):
        return {}, []
    exports = dict(proxy)
    reach = (f"{profile.name}'s compute nodes reach the internet only through the site's proxy "
             f"(the site's Running jobs page), so the port sets {', '.join(sorted(proxy))} "
             "before them")
    notes = []
    if fetching:
        shown = "; ".join(f"`{_short(s)}`" for s in fetching[:4])
        more = f" and {len(fetching) - 4} more" if len(fetching) > 4 else ""
        notes.append(f"the job downloads in its set-up steps ({shown}{more}); {reach}; "
                     "without it those steps fail on the target (or build the environment "
                     "ahead of time on a login node)")
    if len(hub) > 1 or any(_DATASET_OPTION.match(re.split(r"[= ]", m)[0]) for m in hub):
        named = ", ".join(f"`{m}`" for m in hub[:4])
        notes.append(f"the program loads {named} (Hugging Face Hub models or datasets): it "
                     "downloads them when it starts unless they are in the job's Hugging Face "
                     f"cache; {reach}; without it the loads fail on the target (or download them "
                     "ahead of time on a login node and set HF_HUB_OFFLINE=1)")
    elif hub:
        named = ", ".join(f"`{m}`" for m in hub[:3])
        notes.append(f"the program loads {named}, a Hugging Face Hub id: it downloads the model "
                     f"when it starts unless it is in the job's Hugging Face cache; {reach}; "
                     "without it the load fails on the target (or download it ahead of time on "
                     "a login node and set HF_HUB_OFFLINE=1)")
    if wandb:
        notes.append(f"the job logs to Weights & Biases online ({wandb}): the program reaches "
                     f"api.wandb.ai while it runs; {reach}; without it W&B's calls fail or "
                     "hang on the target (or set WANDB_MODE=offline and `wandb sync` the runs "
                     "from a login node)")
    if inline:
        notes.append(f"the job's inline Python fetches from a hub when it runs ({inline}); "
                     f"{reach}; without it the fetch fails on the target (or fetch it ahead of "
                     "time on a login node)")
    if account and not notes:
        notes.append(f"the job uses a Hugging Face Hub account ({account}): it talks to the Hub "
                     f"while it runs (model downloads, uploads); {reach}; without it those calls "
                     "fail on the target (or download ahead of time on a login node and set "
                     "HF_HUB_OFFLINE=1)")
    values = proxy_values(script)
    same = bool(values) and set(values) <= set(proxy.values())
    whose = (f"{profile.name}'s own web proxy" if same else "its site's web proxy")
    instead = "as the source did" if same else "in place of the source's"
    if own_proxy and not notes:
        notes.append(f"the source sets {whose} ({own_proxy}): the job reaches the internet "
                     "while it runs (what it fetches is not named in the script); "
                     f"{profile.name}'s compute nodes reach the internet only through the "
                     "site's proxy (the site's Running jobs page), so the port sets "
                     f"{', '.join(sorted(proxy))} to it {instead}; without it the job's "
                     "downloads fail on the target")
    elif own_proxy:
        notes.append(f"the source also sets {whose} ({own_proxy}): the port sets "
                     f"{profile.name}'s {instead}")
    local = _LOCAL_URL.search(script)
    if local and not re.search(r"\bno_proxy=", script, re.IGNORECASE):
        value, whose = local_no_proxy(profile)
        exports.update({"no_proxy": value, "NO_PROXY": value})
        notes.append(f"the job also talks to its own node (`{local.group(0)}`): the port sets "
                     f"no_proxy and NO_PROXY to {whose} so that traffic does not go to the "
                     "proxy (which cannot reach the job's node)")
    return exports, notes


def local_no_proxy(profile: ClusterProfile) -> tuple[str, str]:
    """(the no_proxy value that keeps the job's own node out of ``profile``'s proxy, how the
    note names it): the site's documented list (profile ``network.no_proxy``) with the local
    addresses it lacks added; ``localhost,127.0.0.1`` where the site documents none."""
    documented = profile.network.no_proxy
    if not documented:
        return _NO_PROXY, _NO_PROXY
    have = {item.strip() for item in documented.split(",")}
    added = [a for a in _NO_PROXY.split(",") if a not in have]
    value = ",".join([documented, *added])
    extra = f", with {', '.join(added)} added" if added else ""
    return value, f"{profile.name}'s documented list ({documented}){extra}"


_NOT_COPIED_PROXY = "not copied (the source site's web proxy"
_EXPORT_ITEM = re.compile(r"`export (\w+)=[^`]*`")


def drop_replaced(notes: list[str], exports: dict[str, str]) -> list[str]:
    """``notes`` without the "not copied (the source site's web proxy ...)" items of the
    variables the port sets again to the target's proxy (``exports``): the proxy note says
    what the port does with them, and "not copied" beside an export of the same name reads
    as a contradiction."""
    out = []
    for note in notes:
        if not note.startswith(_NOT_COPIED_PROXY) or not exports:
            out.append(note)
            continue
        head, _, tail = note.partition("): `")
        items = [m.group(0) for m in _EXPORT_ITEM.finditer("`" + tail)
                 if m.group(1) not in exports]
        if items:
            out.append(f"{head}): {', '.join(items)}")
    return out


def _kept_proxy_note(kept: str, values: list[str], proxy: dict[str, str],
                     target: str) -> list[str]:
    """The note on a proxy setting the port keeps in the job's own steps: none where it sets
    the target's own proxy or where no value is written (a sourced settings file of the user's,
    kept as written); else it names the line and the target's proxy to put there."""
    if not values or set(values) <= set(proxy.values()):
        return []
    return [f"a kept set-up line sets a web proxy ({kept}) that is not {target}'s: {target}'s "
            "compute nodes reach the internet only through the site's proxy "
            f"({sorted(set(proxy.values()))[0]}); if that line is the source site's, change it "
            "to that one, or the job's downloads fail on the target"]


def _short(text: str) -> str:
    """``text`` on one line, at most 70 characters: a note's quote of a script line."""
    return short(text, 70)
