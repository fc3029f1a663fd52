"""The user's container carried to the target's runtime: ``singularity/apptainer exec --nv
IMG``, ``shifter --image=IMG`` or ``podman-hpc run --gpu IMG`` in front of the program becomes
the target's runtime (``apptainer exec --nv IMG``, ``shifter --image=IMG --module=gpu``) in
front of the target's interpreter or launcher word, with the lines that load the runtime.

Only what is fully understood is carried. A source option not understood keeps the old
behaviour (the container is dropped, with a note); an image the target's runtime cannot run
(a SIF file under shifter, a CUDA image on Intel GPUs) is a refusal naming why
(:func:`container_refusal`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from maple_flow.knowledge.directives import Directive
from maple_flow.models import ClusterProfile
from maple_flow.models.profile import Container
from maple_flow.port.image_body import ImageBody, container_command, image_body
from maple_flow.port.rules import network_not_carried, site_network, translate_scheduler_vars
from maple_flow.scriptparse import ParsedScript
from maple_flow.scriptparse.launch import CONTAINER_RUNTIMES, Stage
from maple_flow.shellquote import shell_word

_NVIDIA = frozenset({"--nv", "--nvccli"})
_SIF_LIKE = frozenset({"apptainer", "singularity"})
#: Options of ``apptainer/singularity exec`` that shape what the program sees in the image (its
#: overlays: the user's environment or dataset images, its home, environment and namespaces):
#: the user's, carried verbatim to an Apptainer/Singularity target (both runtimes take them).
_SIF_KEPT = frozenset({
    "--pwd", "--no-home", "--writable-tmpfs", "--env-file", "--overlay", "-o", "--cleanenv",
    "-e", "--containall", "-C", "--contain", "-c", "-H", "--home", "--writable", "-w",
    "--fakeroot", "-f", "--no-mount", "-W", "--workdir", "-S", "--scratch", "--no-init",
    "--no-privs", "--keep-privs", "--ipc", "--pid", "--uts", "--userns", "-u", "--unsquash",
    "--no-https", "--disable-cache", "--no-umask", "--no-eval", "--no-setgroups", "--compat",
})
OVERLAYS = frozenset({"--overlay", "-o"})
#: Options whose value is a path of the host (not of the image): kept, and named in the note.
_HOST_PATH_OPTIONS = frozenset({"-H", "--home", "-W", "--workdir", "-S", "--scratch",
                                "--env-file"})
#: What the container note says where such an option hides the launch's rank variables (the
#: port replaces it where its per-rank wrapper passes them in: ``apply._ranks_through_clean_env``).
CLEAN_ENV_LOST = ("the variables the target's launch sets for each rank (RANK, LOCAL_RANK, "
                  "MASTER_ADDR...) do not reach the program; pass them with --env if it needs "
                  "them")
#: Options that keep the host's environment out of the image (the launch's rank variables too).
_CLEAN_ENV = frozenset({"--cleanenv", "-e", "--containall", "-C"})
#: Options of ``podman-hpc run`` that only shape the container's life, not what runs in it.
_PODMAN_DROPPED = frozenset({"--rm", "-it", "-i", "-t", "--tty", "--interactive"})
_REMOTE = ("docker://", "library://", "oras://", "shub://")
#: ``$(whoami)``, ``$USER``, ``${SCRATCH}``: a path the shell builds when the job runs.
#: Where an image's own files lie (an option naming them is no path of the source's site).
_IMAGE_DIRS = ("/usr/", "/opt/", "/etc/", "/lib", "/bin/", "/tmp", "/workspace", "/ext3")
_SHELL_BUILT = re.compile(
    r"\$(\(whoami\)|\{?(USER|HOME|SCRATCH|WORK|PSCRATCH|PWD|PBS_O_WORKDIR|SLURM_SUBMIT_DIR"
    r"|LS_SUBCWD)\}?)")


@dataclass
class SourceImage:
    """What the source's container runs: its image, GPUs, mounts and environment."""

    runtime: str
    verb: str
    image: str
    #: the image is a registry reference (``docker://x``, shifter's ``x:tag``), not a file.
    registry: bool
    nvidia: bool
    binds: list[str] = field(default_factory=list)
    envs: list[str] = field(default_factory=list)
    #: ``NAME=value`` options naming a path of the source's filesystem: not carried.
    dropped_envs: list[str] = field(default_factory=list)
    #: ``NAME=value`` options setting the source site's network (``NCCL_SOCKET_IFNAME=ib0``):
    #: not carried (:func:`maple_flow.port.rules.site_network`).
    network_envs: list[str] = field(default_factory=list)
    #: Apptainer-only options kept verbatim (only an Apptainer/Singularity target takes them).
    kept: list[str] = field(default_factory=list)
    #: The image runs on AMD GPUs (``--rocm``, or an AMD source site): a ROCm build.
    rocm: bool = False
    #: The source's line had no GPU option; the port adds the target's (a CUDA image).
    gpu_added: bool = False
    #: ``--overlay`` images (files of the source's filesystem: an environment, a dataset).
    overlays: list[str] = field(default_factory=list)
    #: Variables among the runtime's options that the job's environment gives (``${BINDS}``,
    #: not set by the script): kept verbatim in ``kept``, named in the note.
    option_vars: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ContainerCarry:
    """The target's container words for the program, the lines that load the runtime, and
    what the port says about them."""

    prefix: str
    note: str
    setup: tuple[str, ...] = ()
    #: Header directives the runtime reads (shifter: ``#SBATCH --image=...``).
    directives: tuple[str, ...] = ()
    #: The user's ``bash -c`` body run in the image (its set-up steps), or None.
    body: ImageBody | None = None


def container_stage(p: ParsedScript) -> Stage | None:
    """The launch's container runtime stage, or None."""
    return next((s for s in p.launch.stages if s.name in CONTAINER_RUNTIMES), None)


def _expand(image: str, variables: dict[str, str]) -> str:
    """``${image}`` set once in the script to a plain value (or a path the shell builds from
    ``$USER``, ``$SCRATCH``...): that value."""
    m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", image)
    value = variables.get(m.group(1), "").strip("'\"") if m else ""
    value = _SAME_AS_VARIABLE.sub("$PWD", value)  # `HOME_DIR=$(pwd)`: the shell's $PWD
    plain = value and not re.search(r"[`\s]", value) and _only_shell_built(value)
    return value if plain else image


def image_word(stage: Stage, p: ParsedScript) -> str:
    """The image the source's runtime ``stage`` runs (a script variable put in)."""
    if stage.name == "shifter":
        image = stage.get("--image") or p.directive("image") or ""
    else:
        image = stage.operands[0] if stage.operands else ""
    values = {**p.env, **p.variables}  # `export IMG_DIR=$(pwd)` too
    if re.fullmatch(r"\$\{?[A-Za-z_]\w*\}?", image):
        return _expand(image, values)
    # `$DIR/app.sif`: each variable set once to a plain value (or `$(pwd)`) put in
    return re.sub(r"\$\{?[A-Za-z_]\w*\}?", lambda m: _expand(m.group(0), values), image)


def _raw_words(p: ParsedScript) -> dict[str, str]:
    """Each word of the container's command line, as the user wrote it (its quotes)."""
    cmd = container_command(p)
    raws: dict[str, str] = {}
    if cmd is not None and len(cmd.raw) == len(cmd.words):
        for word, raw in zip(cmd.words, cmd.raw, strict=True):
            raws.setdefault(word, raw)
    return raws


def _sif_options(stage: Stage, src: SourceImage, variables: dict[str, str],
                 raws: dict[str, str]) -> str:
    """Apptainer/Singularity ``exec``/``run`` options into ``src``; the first one not
    understood (``--cleanenv`` would hide the ranks' variables, ``--rocm``: not CUDA)."""
    for key, value in stage.options:
        if key in _NVIDIA and value is None:
            src.nvidia = True
        elif key in ("-B", "--bind") and value:
            src.binds.append(_option_value(value, variables))
        elif key == "--mount" and value and _mount_bind(value):
            src.binds.append(_option_value(_mount_bind(value), variables))
        elif key == "--rocm" and value is None:
            src.rocm = True
        elif key == "--env" and value:
            _add_env(src, _option_value(value, variables))
        elif value is None and _given_options(key, variables):
            word = raws.get(key, key)
            src.kept.append(word)
            src.option_vars.append(word)
        elif key in _SIF_KEPT or key == "--cwd":  # apptainer's --cwd: singularity's --pwd
            name = "--pwd" if key == "--cwd" else key
            src.kept += [name] if value is None else [
                name, _option_value(value, variables, raws.get(value, ""))]
            src.overlays += [src.kept[-1]] if key in OVERLAYS and value else []
        else:
            return key
    return ""


def _given_options(word: str, variables: dict[str, str]) -> bool:
    """``word`` is a variable among the runtime's options (``${BINDS}``) that the script does
    not set: options the job is given in its environment (or none), carried as written."""
    m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", word)
    return m is not None and m.group(1) not in variables


_MOUNT = re.compile(r"^type=bind,(?:src|source)=([^,]+),(?:dst|destination|target)=([^,]+)"
                    r"(,ro)?$")


def _mount_bind(value: str) -> str:
    """``--mount type=bind,src=A,dst=B[,ro]`` as the ``-B`` form ``A:B[:ro]`` ("" otherwise)."""
    match = _MOUNT.match(value.strip("'\""))
    return f"{match.group(1)}:{match.group(2)}" + (":ro" if match.group(3) else "") \
        if match else ""


def _shifter_options(stage: Stage, src: SourceImage, variables: dict[str, str]) -> str:
    """NERSC's images are CUDA ones; its ``--module`` options are NERSC's own (not carried)."""
    src.nvidia = True
    for key, value in stage.options:
        if key in ("--module", "--image"):
            continue
        if key in ("-V", "--volume") and value:
            src.binds.append(_option_value(value, variables))
        elif key == "--env" and value:
            _add_env(src, _option_value(value, variables))
        else:
            return key
    return ""


def _podman_options(stage: Stage, src: SourceImage, variables: dict[str, str]) -> str:
    for key, value in stage.options:
        if key == "--gpu" and value is None:
            src.nvidia = True
        elif key in ("-v", "--volume") and value:
            src.binds.append(_option_value(value, variables))
        elif key in ("-e", "--env") and value and "=" in value:
            _add_env(src, _option_value(value, variables))
        elif key not in _PODMAN_DROPPED:
            return key
    return ""


def _add_env(src: SourceImage, word: str) -> None:
    """``NAME=value`` kept, or dropped where the value is a path of the source's filesystem
    (``PYTHONUSERBASE=/global/homes/...``: it does not exist on the target)."""
    quote = word[0] if len(word) > 1 and word[0] in "'\"" and word[-1] == word[0] else ""
    pairs = _env_pairs(word[1:-1] if quote else word)
    network = [pair for pair in pairs if site_network(pair.partition("=")[0])]
    if network:  # `--env NCCL_SOCKET_IFNAME=ib0,TOKEN=$T`: only the network pair goes
        src.network_envs += network
        rest = [pair for pair in pairs if pair not in network]
        if not rest:
            return
        word = quote + ",".join(rest) + quote
    value = word.split("=", 1)[-1].strip('"')
    site = value.startswith("/") and not value.startswith(_IMAGE_DIRS)
    (src.dropped_envs if site else src.envs).append(word)


def _env_pairs(text: str) -> list[str]:
    """``A=1,B=x,y`` as apptainer's ``--env`` reads a list: ``["A=1", "B=x,y"]`` (a piece with no
    ``NAME=`` belongs to the value before it)."""
    pairs: list[str] = []
    for piece in text.split(","):
        if re.match(r"[A-Za-z_]\w*=", piece) or not pairs:
            pairs.append(piece)
        else:
            pairs[-1] += "," + piece
    return pairs


def read_source_image(p: ParsedScript) -> SourceImage | None:
    """The source's container as understood, or None (no container, or not understood)."""
    return _read(p)[0]


def unread_option(p: ParsedScript) -> str:
    """The source container's option the port does not understand (``--cleanenv``), or ""."""
    return _read(p)[1]


def _read(p: ParsedScript) -> tuple[SourceImage | None, str]:
    stage = container_stage(p)
    if stage is None:
        return pyxis_image(p), ""
    src, unknown = _read_stage(stage, p)
    if src is None or unknown:
        return None, unknown
    if not src.nvidia and stage.name in _SIF_LIKE:
        vendor = _source_vendor(p)
        src.rocm = src.rocm or vendor == "amd"
        # no GPU option on a site whose GPUs are NVIDIA ones: a CUDA image its runtime gave
        # the GPUs to by its own configuration; the target's runtime needs its GPU option
        src.nvidia = src.gpu_added = not src.rocm and vendor == "nvidia"
    return (src if src.nvidia or src.rocm else None), ""


def _source_vendor(p: ParsedScript) -> str | None:
    """The GPU vendor of the source's site: what the script's own settings name, else the
    site outside the ten its directives name (``--partition=standard-g``: LUMI, AMD)."""
    from maple_flow.knowledge.other_sites import other_site_of
    from maple_flow.scriptparse.vendor import vendor_of_script

    vendor = vendor_of_script(p.env, p.modules, [])
    site = other_site_of(p.directives)
    return vendor or (site.gpu_vendor if site is not None else None)


def image_default(p: ParsedScript) -> tuple[str, str]:
    """The variable the launch names its container image by, where the script sets it to
    its own default (``SIF_IMAGE=${SIF_IMAGE:-ouro.sif}``: that image unless the job is given
    another), and that default; ``("", "")`` otherwise. The port keeps the variable live on
    its launch and the line that sets it above the launch (the user's override stays)."""
    stage = container_stage(p)
    if stage is None:
        return "", ""
    image = (stage.get("--image") or p.directive("image") or "") if stage.name == "shifter" \
        else (stage.operands[0] if stage.operands else "")
    given = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", image)
    value = p.variables.get(given.group(1), "") if given else ""
    own = re.fullmatch(r"\$\{(\w+):?-([\w./~+:@-]+)\}", value.strip().strip("'\""))
    if given is None or own is None or own.group(1) != given.group(1):
        return "", ""
    return given.group(1), own.group(2)


def _read_stage(stage: Stage, p: ParsedScript) -> tuple[SourceImage | None, str]:
    image = image_word(stage, p)
    given = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?", image or "")
    if given and given.group(1) not in p.variables and given.group(1) not in p.env:
        pass  # the image the job is given in its environment (`IMG=x.sif sbatch job.sh`): live
    elif given and image_default(p)[0] == given.group(1):
        pass  # `IMG=${IMG:-x.sif}`: the script's default, or the one the job is given: live
    elif not image or "`" in image or ("$" in image and not _only_shell_built(image)):
        return None, ""
    if stage.name in _SIF_LIKE:
        if stage.via not in ("exec", "run"):
            return None, ""
        src = SourceImage(stage.name, stage.via, image, image.startswith(_REMOTE), False)
        unknown = _sif_options(stage, src, p.variables, _raw_words(p))
    elif stage.name == "shifter":
        if image.startswith("custom:"):
            return None, ""
        bare = image.removeprefix("docker:")
        src = SourceImage(stage.name, "exec", "docker://" + bare, True, False)
        unknown = _shifter_options(stage, src, p.variables)
    else:  # podman-hpc
        if stage.via != "run" or image.startswith(("/", ".")):
            return None, ""
        src = SourceImage(stage.name, "exec", "docker://" + image.removeprefix("docker://"),
                          True, False)
        unknown = _podman_options(stage, src, p.variables)
    return src, unknown


@dataclass(frozen=True)
class PyxisLaunch:
    """The pyxis/enroot container the source's srun ran the program in: its image (given on
    the launch, or by an earlier srun that made the named container), every mount, the
    working directory, and the container's name."""

    image: str
    mounts: tuple[str, ...]
    workdir: str
    name: str


def pyxis_launch(p: ParsedScript) -> PyxisLaunch | None:
    """The launch's pyxis container (``srun --container-image=I --container-mounts=a:b``, or
    ``--container-name=N`` made from an image by an earlier ``srun --container-name=N
    --container-image=I``), or None when its srun names neither."""
    stage = p.launch.stage("srun")
    if stage is None:
        return None
    name = stage.get("--container-name") or ""
    image = stage.get("--container-image") or (_named_image(p, name) if name else "")
    if not image and not name:
        return None
    mounts = tuple(m for v in stage.values("--container-mounts") for m in v.split(",") if m)
    return PyxisLaunch(image, mounts, stage.get("--container-workdir") or "", name)


def _named_image(p: ParsedScript, name: str) -> str:
    """The image an earlier ``srun --container-name=NAME --container-image=IMAGE`` step of the
    script made the named container from, or ""."""
    image = ""
    for block in p.before:
        for cmd in block.commands:
            words = list(cmd.words)
            if not words or words[0] != "srun":
                continue
            opts = dict(_long_options(words[1:]))
            if opts.get("--container-name") == name and opts.get("--container-image"):
                image = opts["--container-image"]
    return image


def _long_options(words: list[str]) -> list[tuple[str, str]]:
    """``--name=value`` and ``--name value`` pairs of ``words`` (srun's long options)."""
    pairs = []
    for k, word in enumerate(words):
        name, eq, value = word.partition("=")
        if name.startswith("--") and eq:
            pairs.append((name, value))
        elif word.startswith("--") and k + 1 < len(words) and not words[k + 1].startswith("-"):
            pairs.append((word, words[k + 1]))
    return pairs


def pyxis_image(p: ParsedScript) -> SourceImage | None:
    """A registry image the source's srun ran the program in with pyxis (``srun
    --container-image=nvcr.io#nvidia/pytorch:24.01-py3 --container-mounts=a:b``), as the
    image the target's runtime pulls; None for none, or an enroot squashfs file (no runtime
    of the targets runs it as it is)."""
    pyxis = pyxis_launch(p)
    image = pyxis.image if pyxis is not None else ""
    if pyxis is None or not _registry_image(image):
        return None
    src = SourceImage("pyxis", "exec", "docker://" + image.replace("#", "/", 1), True, True)
    src.binds = [_option_value(m, p.variables) for m in pyxis.mounts]
    workdir = pyxis.workdir
    src.kept = ["--pwd", _option_value(workdir, p.variables)] if workdir else []
    return src


def _registry_image(image: str) -> bool:
    """Whether ``image`` is a registry reference a runtime pulls (``user/img:tag``,
    ``nvcr.io#nvidia/pytorch:24.01-py3``), not a file (``/x.sqsh``) or a value the job makes."""
    return bool(image) and "$" not in image and "`" not in image and not image.startswith(
        ("/", ".")) and not image.endswith((".sqsh", ".sqfs"))


#: Public registries every site's runtime can pull from (Docker Hub when none is named): an
#: image of another host (``dockerdex.umcn.nl:5005/...``, a site's own registry) may be
#: unreachable from the target or need its login, which the port cannot know.
_PUBLIC_REGISTRIES = frozenset({"docker.io", "index.docker.io", "registry-1.docker.io",
                                "ghcr.io", "nvcr.io", "quay.io", "public.ecr.aws"})


def _public_registry(image: str) -> bool:
    """Whether ``image`` (``user/img:tag``, ``nvcr.io#nvidia/pytorch:24.01-py3``) is pulled
    from a public registry: Docker Hub (no host named) or one of :data:`_PUBLIC_REGISTRIES`."""
    first = image.replace("#", "/", 1).split("/", 1)[0]
    named = "/" in image.replace("#", "/", 1) and ("." in first or ":" in first
                                                   or first == "localhost")
    return not named or first in _PUBLIC_REGISTRIES


def _body_text(p: ParsedScript) -> str:
    """The script's own lines (its blocks), for what they do with a container's mounts."""
    blocks = [*p.before, *([p.launch_block] if p.launch_block else []), *p.after]
    return "\n".join(b.text for b in blocks)


def pyxis_mounts_used(directives: list[Directive], text: str) -> str:
    """What the script's own lines do with its pyxis container's mount points
    (``#SBATCH --container-mounts=SRC:DST``: DST exists only inside the container): "the
    script's lines use the container's mount points /workspace (from /users/me/lab), ..." or
    the job's start in one (``--container-workdir``); "" when they use none."""
    mounts = [d for d in directives if d.scheduler == "slurm" and d.option == "container-mounts"]
    if not mounts:
        return ""
    pairs = []
    for d in mounts:
        for item in (d.value or "").strip("'\"").split(","):
            parts = item.split(":")
            if len(parts) >= 2 and parts[1].startswith("/") and parts[1] != parts[0]:
                pairs.append((parts[0], parts[1].rstrip("/")))
    body = "\n".join(x for x in text.splitlines() if not x.lstrip().startswith("#"))
    used = [(s, d) for s, d in pairs if d and re.search(rf"{re.escape(d)}(?![\w.-])", body)]
    workdirs = [(d.value or "").strip("'\"").rstrip("/") for d in directives
                if d.scheduler == "slurm" and d.option == "container-workdir"]
    start = next(((w, s, m) for w in workdirs for s, m in pairs
                  if m and (w == m or w.startswith(m + "/"))), None)
    if not used and start is None:
        return ""
    if start is not None and not used:
        return (f"the job starts in the container's mount point {start[0]} (from {start[1]}; "
                "`--container-workdir`, `--container-mounts`), which exists only inside that "
                "container, and its relative paths (the program and its files) are read there")
    shown = ", ".join(f"{d} (from {s})" for s, d in used[:3])
    return (f"the script's lines use the container's mount points {shown} "
            "(`--container-mounts`), which exist only inside that container")


def job_pyxis(directives: list[Directive], body: str) -> PyxisLaunch | None:
    """The registry image the source's scheduler ran the WHOLE batch script in with pyxis
    (``#SBATCH --container-image=user/img:tag``, its ``--container-mounts`` and
    ``--container-workdir``), where the target's runtime can run the launch in it: the
    script's own lines (``body``) use none of the container's mount points (they run on the
    target's host, outside the image); None otherwise (no such directive, an image file, or
    mount points the lines use: ``container_lost.pyxis_mounts_refusal`` names them)."""
    slurm = [d for d in directives if d.scheduler == "slurm"]
    given = next((d for d in slurm if d.option == "container-image"), None)
    if given is None:
        return None
    found = re.search(r"--container-image[= ]\s*(\S+)", given.raw)  # keeps enroot's `#`
    image = (found.group(1) if found else given.value or "").strip("'\"")
    image = image.removeprefix("docker://")
    if not _registry_image(image) or not _public_registry(image) or pyxis_mounts_used(
            directives, body):
        return None
    mounts = tuple(m for d in slurm if d.option == "container-mounts"
                   for m in (d.value or "").strip("'\"").split(",") if m)
    workdir = next(((d.value or "").strip("'\"") for d in slurm
                    if d.option == "container-workdir"), "")
    return PyxisLaunch(image, mounts, workdir, "")


def _job_pyxis_image(p: ParsedScript, profile: ClusterProfile) -> SourceImage | None:
    """The whole-job pyxis image as the image the target's runtime runs the launch in, where
    the port carries it (:func:`carries_job_pyxis`) and the target's own stack cannot stand
    in for it (a stock framework image is dropped with a note instead, as before)."""
    from maple_flow.port.severity import stands_in

    body = _body_text(p)
    pyxis = job_pyxis(p.directives, body)
    if pyxis is None or not carries_job_pyxis(p.directives, body, profile) or stands_in(
            pyxis.image.replace("#", "/", 1), profile):
        return None
    src = SourceImage("pyxis", "exec", "docker://" + pyxis.image.replace("#", "/", 1), True, True)
    src.binds = [_option_value(m, p.variables) for m in pyxis.mounts]
    src.kept = ["--pwd", _option_value(pyxis.workdir, p.variables)] if pyxis.workdir else []
    return src


def carries_job_pyxis(directives: list[Directive], body: str,
                      profile: ClusterProfile) -> str:
    """The target runtime's words that run the launch in the source's whole-job pyxis image
    (``apptainer exec --nv docker://user/img:tag``) where the port carries it so
    (:func:`job_pyxis`, a runtime of the target that pulls registry images for its NVIDIA
    GPUs, an image built for the target's CPUs); "" otherwise."""
    runtime = profile.container
    pyxis = job_pyxis(directives, body)
    if pyxis is None or runtime is None or runtime.command not in ("apptainer", "singularity") \
            or runtime.gpu_flag != "--nv" or _named_arch(pyxis.image) not in (
                "", profile.node.arch):
        return ""
    src = SourceImage("pyxis", "exec", "docker://" + pyxis.image.replace("#", "/", 1), True, True)
    if container_refusal(src, runtime, profile.name):
        return ""
    return f"{runtime.command} exec {runtime.gpu_flag} {src.image}"


def _only_shell_built(image: str) -> bool:
    """Every ``$`` of ``image`` is a path part the shell builds (``$(whoami)``, ``$USER``)."""
    return "$" not in _SHELL_BUILT.sub("", image)


#: An image path that ends in a glob the shell expands (``.../ubuntu22.04.2.sif*`` written
#: unquoted): the part before it quoted, the glob left live, as the source's shell read it.
_IMAGE_GLOB = re.compile(r"([^*?\[]+)([*?][\w.*?/-]*)")


def _quoted(image: str) -> str:
    if "$" in image:
        return f'"{image}"'
    glob = _IMAGE_GLOB.fullmatch(image)
    return shell_word(glob.group(1)) + glob.group(2) if glob else shell_word(image)


#: Commands whose output is a shell variable's value (``--pwd "$(pwd)"`` is ``--pwd "$PWD"``).
_SAME_AS_VARIABLE = re.compile(r"\$\(\s*pwd\s*\)|`\s*pwd\s*`")


def _option_value(value: str, variables: dict[str, str], raw: str = "") -> str:
    """An option's value (``PYTHONUSERBASE=$env``) as a shell word: the script's simple
    variables put in (their lines are not kept), ``$(pwd)`` as ``$PWD`` (live), ``~`` and
    plain words left unquoted; a value the script's variables do not change, as the user wrote
    it (``raw``: ``$SCRATCH/env.ext3:ro`` stays so)."""
    given = value
    value = _SAME_AS_VARIABLE.sub("$PWD", value)
    value = re.sub(r"\$\{?([A-Za-z_]\w*)\}?", lambda m: _expand(m.group(0), variables), value)
    if raw and value == given and "`" not in raw and "$(" not in raw:
        return raw
    if re.fullmatch(r"[\w./:=~+,@%-]+", value):
        return value
    return f'"{value}"' if "$" in value and '"' not in value else shell_word(value)


def container_refusal(src: SourceImage, runtime: Container, target: str) -> str:
    """Why ``runtime`` cannot run the source's image on ``target`` ("" when it can)."""
    if src.rocm:
        return (f"your container image {src.image} runs on the source's AMD GPUs (a ROCm "
                f"build, run without --nv), and {target}'s GPUs are not AMD ones: a ROCm image "
                "does not use them; port the script without "
                f"the {src.runtime} line (the target's own stack then runs the program) or "
                "build the image for the target's GPUs")
    if src.nvidia and runtime.gpu_flag not in ("--nv", "--module=gpu", "--gpu"):
        how = ("taken for a CUDA one (its line has no GPU option and the source's GPUs are "
               "not named as AMD or Intel ones)" if src.gpu_added
               else "run with NVIDIA GPUs (--nv)")
        return (f"your container image {src.image} is {how}, but "
                f"{target}'s GPUs are not NVIDIA ones: a CUDA image does not run there; "
                f"port the script without the {src.runtime} line (the target's own stack "
                "then runs the program) or build an image for the target's GPUs")
    if runtime.command not in _SIF_LIKE and not src.registry:
        return (f"your container image {src.image} is a file; {target}'s runtime "
                f"{runtime.command} runs registry images only: push the image to a registry "
                f"(docker push) and name it in the script, or port the script without the "
                f"{src.runtime} line")
    if runtime.command not in _SIF_LIKE and (src.kept or src.verb == "run"):
        what = " ".join(src.kept) or f"`{src.runtime} run` (the image's runscript)"
        return (f"your container's {what} has no counterpart in {target}'s runtime "
                f"{runtime.command}: change the {src.runtime} line to `{src.runtime} exec` "
                "without it, or port the script without the container")
    return ""


def _target_words(src: SourceImage, runtime: Container) -> list[str]:
    image = _quoted(src.image)
    if runtime.command in _SIF_LIKE:
        # a variable holding options (``${BINDS}``) first, an option after it: read back as
        # options, never as the image
        given = [w for w in src.kept if w in src.option_vars]
        words = [runtime.command, src.verb, *given] + (
            [runtime.gpu_flag] if runtime.gpu_flag else [])
        words += [w for b in src.binds for w in ("-B", b)]
        words += [w for e in src.envs for w in ("--env", e)]
        return words + [w for w in src.kept if w not in given] + [image]
    words = ["shifter", runtime.gpu_flag]
    words += [w for b in src.binds for w in ("-V", b)]
    return words + [f"--env={e}" for e in src.envs]


def plan_container(p: ParsedScript, profile: ClusterProfile, source_arch: str | None = None,
                   source_binds: tuple[str, ...] = ()) -> ContainerCarry | None:
    """How the source's container runs on ``profile``'s runtime, or None where it is not
    carried (no runtime on the target, an image or option not understood, or a refusal:
    see :func:`container_refusal`). ``source_arch``: the source cluster's CPU architecture,
    where the source is a known cluster (an image is built for one); ``source_binds``: the
    host paths its own container launch binds for its runtime (not carried)."""
    src, runtime = read_source_image(p), profile.container
    if src is None and container_stage(p) is None and pyxis_launch(p) is None:
        src = _job_pyxis_image(p, profile)  # the whole job ran in a pyxis image
    if src is None or runtime is None or container_refusal(src, runtime, profile.name):
        return None
    if _named_arch(image_default(p)[1] or src.image) not in ("", profile.node.arch):
        return None  # `pytorch_arm64.sif` on x86_64 nodes: dropped, the note names why
    site = {b.rstrip("/") for b in source_binds}
    dropped = [b for b in src.binds if b.split(":")[0].strip('"').rstrip("/") in site]
    src.binds = [translate_scheduler_vars(b, profile.scheduler)[0]
                 for b in src.binds if b not in dropped]
    body = image_body(p)
    pwd = _contained_cd(p, src) if body is None and runtime.command in _SIF_LIKE else ""
    src.kept += ["--pwd", pwd] if pwd else []
    words = _target_words(src, runtime) + ([body.words()] if body is not None else [])
    # the image path and binds may name the source scheduler's variables ($PBS_O_WORKDIR)
    prefix = translate_scheduler_vars(" ".join(words), profile.scheduler)[0]
    # shifter takes the image from the job's header, pulled before the job starts (NERSC)
    image = (f"#SBATCH --image={shell_word(src.image.removeprefix('docker://'))}",
             ) if runtime.command == "shifter" else ()
    note = (_note(src, prefix, runtime, profile, image_default(p))
            + _arch_clause(src, profile, source_arch) + _kept_clause(src, body, profile))
    note += (f"; your container body's `cd {pwd}` runs on the host (its note says where), and "
             "your contain option keeps the host's working directory out of the image: the "
             f"port gives the runtime `--pwd {pwd}`, so the program starts in {pwd} inside the "
             "image, as in the source" if pwd else "")
    note += (f"; the bind(s) {', '.join(dropped)} are the source site's own (its MPI/launcher "
             "runtime given to the image, as its container guide does): not carried"
             if dropped else "")
    pull = _pull_lines(src, runtime)
    note += (f"; the image is pulled on {profile.name}'s compute nodes, which reach its "
             f"registry only through the site's proxy: `{pull[0]}` and the rest written before "
             "the launch" if pull else "")
    return ContainerCarry(prefix, note, tuple(runtime.setup_lines() + pull), image, body)


_CONTAIN = frozenset({"--contain", "-c", "--containall", "-C"})


def _contained_cd(p: ParsedScript, src: SourceImage) -> str:
    """The directory inside the image that the container's ``bash -c "cd DIR && ..."`` body
    went to, where the port runs that ``cd`` on the host (DIR under a bind: see
    ``scriptparse.steps``) and the source's ``--contain``/``--containall`` keeps the host's
    working directory out of the image (the program would not start in DIR): ``--pwd DIR``
    takes it there; ``""`` when not needed (no such cd, no contain option, ``--pwd`` given)."""
    from maple_flow.scriptparse.steps import container_mounts, host_path_of

    if not set(src.kept) & _CONTAIN or "--pwd" in src.kept:
        return ""
    mounts = container_mounts(p)
    for cmd in p.inner:
        words = list(cmd.words)
        if len(words) == 2 and words[0] == "cd" and host_path_of(words[1], mounts):
            return words[1].strip("'\"")
    return ""


#: An image's name that says its CPU architecture (``pytorch_arm64.sif``).
_NAMED_ARCH = ((re.compile(r"(?i)(?<![a-z])(?:arm64|aarch64)(?![a-z])"), "aarch64"),
               (re.compile(r"(?i)(?<![a-z])(?:amd64|x86_64)(?![a-z])"), "x86_64"))


def _named_arch(image: str) -> str:
    """The CPU architecture an image's name says (``aarch64``, ``x86_64``), or ``""``."""
    return next((arch for pattern, arch in _NAMED_ARCH if pattern.search(image)), "")


def _kept_clause(src: SourceImage, body: ImageBody | None, profile: ClusterProfile) -> str:
    """What the note says of the overlays, the environment options and the ``bash -c`` body
    carried with the image."""
    clean = sorted(set(src.kept) & _CLEAN_ENV)
    paths = [f"{k} {v}" for k, v in zip(src.kept, src.kept[1:], strict=False)
             if k in _HOST_PATH_OPTIONS and v.strip('"').startswith(("/", "$", "~"))]
    given = ", ".join(src.option_vars)
    return ((f"; {given} among your runtime's options is kept as you wrote it: the script does "
             "not set it (the job is given it in its environment, or it is empty and adds "
             f"nothing): set it for {profile.name} when you submit, with paths that exist there"
             if given else "")
            + (f"; the host path(s) of your runtime options ({', '.join(paths)}) are on the "
             f"source's filesystem: make them exist on {profile.name} or change them"
             if paths else "")
            + (f"; the overlay(s) {', '.join(src.overlays)} (your environment or data images) are "
             f"files of the source's filesystem: copy them to {profile.name} (same path, or "
             "change it)" if src.overlays else "")
            + (f"; your {', '.join(clean)} keeps the host's environment out of the image: "
               + CLEAN_ENV_LOST if clean else "")
            + (f"; your `{body.shell} -c` body runs in the image as you wrote it"
               + (f", its set-up (`{body.steps}`) before the program, which the target's launch "
                  'passes to it as "$@"' if body.steps else
                  ', the program passed to it by the target\'s launch as "$@"')
               + ("; the program's output goes where the body sends it, as in the source"
                  if body.sends_output else "")
               if body is not None else ""))


def _pull_lines(src: SourceImage, runtime: Container) -> list[str]:
    """The exports a registry image's pull at run time needs on the target (its proxy)."""
    if not (src.registry and src.image.startswith("docker://")):
        return []
    return [f"export {k}={shell_word(v)}" for k, v in runtime.pull_env.items()]


def _arch_clause(src: SourceImage, profile: ClusterProfile, source_arch: str | None) -> str:
    """What the note says about the image's CPU architecture on ``profile``'s nodes."""
    arch = profile.node.arch
    if source_arch is None:
        return (f"; {profile.name}'s nodes are aarch64: the image must be built for aarch64 (an "
                "x86_64 image does not run there)" if arch == "aarch64" else "")
    if source_arch == arch:
        return ""
    kind = ("a registry image runs there only if it is published for both (multi-arch)"
            if src.registry else "a file image holds one architecture")
    return (f"; the source's nodes are {source_arch}, {profile.name}'s are {arch}: an image "
            f"built for {source_arch} does not run there ({kind}): rebuild or pull it for {arch}")


def _note(src: SourceImage, prefix: str, runtime: Container, profile: ClusterProfile,
          own: tuple[str, str] = ("", "")) -> str:
    where = ("pulled by the runtime from its registry" if src.registry else
             f"a file of the source's filesystem: copy it to {profile.name} (same path, or "
             "change the path)")
    loads = "; ".join(runtime.setup_lines())
    return (
        f"your container ({src.runtime} image {src.image}) runs the program on "
        f"{profile.name} as `{prefix}` ({runtime.command}, the target's runtime"
        + (f", the image named in the header: `{src.image.removeprefix('docker://')}`"
           if runtime.command == "shifter" else "")
        + (f", loaded with `{loads}`" if loads else "") + f"); the image is {where}; the "
        "target's modules are still loaded outside it and their environment reaches it: drop "
        "them if they clash with the image"
        + ((f"; the image is {src.image}, set by your line `{own[0]}=${{{own[0]}:-{own[1]}}}` "
            f"(kept above the launch): {own[1]} unless the job is given another; make it exist "
            f"on {profile.name}" if own[0] and re.fullmatch(r"\$\{?\w+\}?", src.image) else
            f"; the image is {src.image}, which the job reads from its environment (the "
            f"script does not set it): set it to the image's path on {profile.name} when you "
            "submit" if re.fullmatch(r"\$\{?\w+\}?", src.image) else
            "; the image path is built by the shell ($USER, $(whoami)...) on the source's "
            f"filesystem: check it exists on {profile.name}") if "$" in src.image else "")
        + (f"; the source's {src.runtime} line has no --nv (its site's GPUs are NVIDIA ones, "
           f"given to the image by the site's own set-up): the port adds the target's "
           f"{runtime.gpu_flag} so the program sees the GPUs" if src.gpu_added else "")
        + (f"; the bind mounts ({', '.join(src.binds)}) name paths of the source's "
           f"filesystem: make them exist on {profile.name} or change them" if src.binds else "")
        + (f"; the option(s) {', '.join(src.dropped_envs)} name a path of the source's "
           f"filesystem: not carried, set them for {profile.name} if the program needs them"
           if src.dropped_envs else "")
        + (f"; the option(s) {', '.join(f'--env {e}' for e in src.network_envs)} are "
           + network_not_carried(profile.name, src.network_envs) if src.network_envs else "")
        + ("; shifter's --module options (NERSC's own) are not carried"
           if src.runtime == "shifter" and runtime.command != "shifter" else "")
        + ("; add the NCCL shifter module matching the image (e.g. --module=gpu,nccl-plugin) "
           "for multi-node NCCL" if runtime.command == "shifter" else ""))


def source_site_binds(cluster: str | None) -> tuple[str, ...]:
    """The host paths the source cluster's documented container launch binds for its own
    runtime (a port from there does not carry them)."""
    from maple_flow.knowledge.clusters import all_profiles

    profile = all_profiles().get(cluster or "")
    return tuple(profile.container.site_binds) if profile and profile.container else ()


def source_arch(cluster: str | None) -> str | None:
    """The CPU architecture of the source cluster's nodes, where it is one of the profiles."""
    from maple_flow.knowledge.clusters import all_profiles

    profile = all_profiles().get(cluster or "")
    return profile.node.arch if profile is not None else None


def body_in_image(p: ParsedScript, profile: ClusterProfile) -> bool:
    """Whether the port keeps the launch's ``bash -c`` body in the image on ``profile`` (see
    ``port.image_body``): its commands, before and after the program, run there as written."""
    return image_body(p) is not None and plan_container(p, profile) is not None


def inner_after_notes(p: ParsedScript, profile: ClusterProfile) -> list[str]:
    """A note for each command of the launch's ``bash -c`` body after the program (``srun
    bash -c "python x.py; echo finished"``): it ran once per rank, after the program; the port
    runs it once, in the batch shell, after the target's launch (none where the body is kept
    in the image: they run there, as written)."""
    from maple_flow.scriptparse.steps import command_text

    return [] if not p.inner_after or body_in_image(p, profile) else [
        f"`{command_text(cmd)}` ran in the launch's `bash -c` body after the program, "
        "once per rank; the port runs it once, in the batch shell after the launch"
        for cmd in p.inner_after]


def inner_step_notes(p: ParsedScript, kept: list[str]) -> list[str]:
    """A note for each kept set-up step that ran in the launch's per-rank body (``srun shifter
    bash -c "source vars.sh && python x.py"``): there it ran once per rank, inside the image
    when a container ran the body; the port runs it once, in the batch shell, before the
    launch and outside any image."""
    from maple_flow.scriptparse.steps import command_text

    stage = container_stage(p)
    where = (f" inside your {stage.name} image" if stage is not None else "")
    notes: list[str] = []
    said: set[str] = set()
    for cmd in p.inner:
        text = command_text(cmd)
        if any(step.strip() == cmd.text.strip() for step in kept):
            text = cmd.text.strip()  # a line of several commands kept whole (`curl URL | sh`)
        if text in said:
            continue
        said.add(text)
        # the command itself among the kept steps, not a word of another (`sh` in `--short`)
        alone = re.compile(rf"(?<![\w/.$-]){re.escape(text)}(?![\w/.-])")
        if any(alone.search(step) for step in kept):
            notes.append(
                f"`{text}` ran in the launch's `bash -c` body, once per rank{where}; the port "
                "runs it once, in the batch shell before the launch"
                + (", outside the image" if stage is not None else "")
                + ": if it sets per-rank values (from SLURM_PROCID...), the target's launch "
                "sets RANK/LOCAL_RANK itself"
                + ("; if it needs the image's files, put it back in front of the program"
                   if stage is not None else "")
                + (f"; HOME is one the {stage.name} runtime sets itself inside the image (the "
                   "home it mounts, or with --no-home the host's path): check the program "
                   "sees it there, or give it to the runtime (--home) or put the export back "
                   "in front of the program" if stage is not None
                   and re.match(r"(?:export\s+)?HOME=", text) else ""))
    return notes
