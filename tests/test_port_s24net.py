"""What in a job says it reaches the internet while it runs (s24net): on ALCF Polaris and Aurora,
whose compute nodes reach the internet only through the site's proxy, the port sets that proxy
with a note naming what reaches out; the source site's own proxy is replaced, not kept; nothing
is claimed where the script says nothing. Every fixture is our own script shape; each test fails
without its fix."""

from __future__ import annotations

import pytest

from maple_flow import port
from maple_flow.port.netreach import inline_fetch, source_proxy, step_words
from maple_flow.port.proxy import hub_models, wandb_online

ONE = "#!/bin/bash\n#SBATCH -N 1 --ntasks=1 --gres=gpu:1\n#SBATCH -t 02:00:00\n"
ALCF = "export https_proxy=http://proxy.alcf.anl.gov:3128"


def _lines(script: str, target: str) -> tuple[list[str], str]:
    r = port(script, target)[target]
    assert r.status != "refused", r.notes[:2]
    return r.script.splitlines(), "\n".join(r.notes)


@pytest.mark.parametrize("line", ["module load eth_proxy", "module load gcc/8.2.0 eth_proxy",
                                  "ml proxy", "export https_proxy=http://proxy.site.edu:3128",
                                  "export HTTP_PROXY=\"http://10.0.0.1:8080\""])
@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_the_sources_own_proxy_is_replaced_by_the_targets(line: str, target: str) -> None:
    """The source loads its site's proxy module or sets its proxy variables: the job reaches
    the internet while it runs. The port used to drop them (the source's site's) and set no
    proxy of the target, so every download failed there with no word said."""
    lines, notes = _lines(ONE + f"{line}\npython train.py --epochs 3\n", target)
    assert ALCF in lines
    assert "proxy.site.edu" not in "\n".join(lines) and "10.0.0.1" not in "\n".join(lines)
    assert "the source sets its site's web proxy" in notes and line.split()[-1] in notes


def test_the_sources_proxy_is_dropped_where_the_nodes_reach_the_internet() -> None:
    lines, notes = _lines(ONE + "export https_proxy=http://proxy.site.edu:3128\n"
                          "python train.py\n", "perlmutter")
    assert not any("_proxy=" in x.lower() for x in lines)
    assert "proxy.site.edu" in notes  # named as not copied


def test_a_proxy_the_port_keeps_in_the_jobs_own_steps_is_named_unless_the_targets() -> None:
    """A proxy set inside a kept block stays (the user's line): not doubled; named where its
    value is not the target's proxy (it was kept silently)."""
    script = ONE + "if [ -n \"$SLURM_JOB_ID\" ]; then\n  export https_proxy=http://p:3128\nfi\n" \
        "pip install -r requirements.txt\npython train.py\n"
    lines, notes = _lines(script, "polaris")
    assert "  export https_proxy=http://p:3128" in lines and ALCF not in lines
    assert "a kept set-up line sets a web proxy" in notes and "proxy.alcf.anl.gov" in notes
    own = script.replace("http://p:3128", "http://proxy.alcf.anl.gov:3128")
    assert "a kept set-up line" not in _lines(own, "polaris")[1]


def test_source_proxy_reads_code_not_comments_nor_no_proxy() -> None:
    assert source_proxy("# module load eth_proxy\nexport no_proxy=localhost\n") == ""
    assert source_proxy("source ~/http_proxy_polaris\n") == "`source ~/http_proxy_polaris`"


@pytest.mark.parametrize("args,found", [
    (["--model_name_or_path", "bert-base-uncased"], ["--model_name_or_path bert-base-uncased"]),
    (["--model_name=roberta-large"], ["--model_name=roberta-large"]),
    (["--tokenizer_name", "gpt2"], ["--tokenizer_name gpt2"]),
    (["--dataset_name", "Tevatron/msmarco-passage"], ["--dataset_name Tevatron/msmarco-passage"]),
    (["--model_type", "gpt2"], []),           # a kind of model, not one to load
    (["--model", "dinov2_vitb14"], []),       # not a Hub id
    (["--model", "bert"], []),
    (["--dataset_name", "trec"], []),         # a bare name may be the program's own
    (["--dataset", "data/cifar"], []),        # a local path
    (["--dataset", "ImageNet/train"], []),    # may be a relative path
    (["--model_name_or_path", "models/bert"], []),
])
def test_hub_ids_with_no_owner_and_hub_datasets(args: list[str], found: list[str]) -> None:
    assert hub_models(args, {}) == found


def test_a_hub_id_in_a_later_program_line_counts_too() -> None:
    """A train-then-encode job: the Hub model and dataset of each program line (the launch, the
    steps, a loop body) download; the port read only the launch's own options."""
    script = ONE + ("python -m pkg.train --model_name_or_path bert-base-uncased --out m\n"
                    "for s in 0 1; do\n  python -m pkg.encode --model_name_or_path m "
                    "--dataset_name Org/corpus-set --shard $s\ndone\n")
    lines, notes = _lines(script, "polaris")
    assert ALCF in lines
    assert "bert-base-uncased" in notes and "Org/corpus-set" in notes
    words = step_words(["python enc.py \\\n  --dataset_name A/b --x 'y z'"])
    assert words == ["python", "enc.py", "--dataset_name", "A/b", "--x", "y z"]


def test_a_local_model_path_claims_no_download() -> None:
    script = ONE + "python train.py --model_name_or_path models/bert --data ./d\n"
    lines, _ = _lines(script, "polaris")
    assert not any("proxy" in x for x in lines)


def test_wandb_online_as_a_command_or_mode() -> None:
    """``wandb online`` (a command) and ``WANDB_MODE=online`` say W&B logs online; a
    commented ``# wandb disabled`` does not turn it off (it turned the whole check off)."""
    assert wandb_online("wandb online\n# wandb disabled\n", []) == "`wandb online`"
    assert wandb_online("export WANDB_MODE=online\n", []) != ""
    assert wandb_online('wandb agent "me/proj/$SWEEP_ID" --count 1\n', []) == "`wandb agent`"
    assert wandb_online("wandb offline\n", ["--use_wandb"]) == ""
    assert wandb_online("", ["--use_wandb", "False"]) == ""
    assert wandb_online("", ["--wandb=0"]) == ""
    assert wandb_online("", ["--wandb_api_key", "KEY"]) == "`--wandb_api_key`"
    lines, notes = _lines(ONE + "wandb online\n# wandb disabled\npython train.py\n", "aurora")
    assert ALCF in lines and "`wandb online`" in notes


def test_inline_python_that_fetches_from_a_hub() -> None:
    assert inline_fetch("python -c \"import torch; torch.hub.load('o/r', 'm')\"\n") != ""
    assert inline_fetch("# torch.hub.load('o/r', 'm')\n") == ""
    script = ONE + ("python - <<'EOF'\nfrom huggingface_hub import snapshot_download\n"
                    "snapshot_download('org/model')\nEOF\npython train.py\n")
    lines, notes = _lines(script, "aurora")
    assert ALCF in lines and "snapshot_download" in notes


def test_nothing_said_nothing_claimed() -> None:
    """yolov5l.pt is a file name: the program may download it if it is missing, which the
    script cannot say; no proxy and no claim."""
    script = ONE + "python train.py --weights yolov5l.pt --data ship.yaml\n"
    lines, notes = _lines(script, "polaris")
    assert not any("proxy" in x for x in lines) and "proxy" not in notes


def test_a_polaris_jobs_own_alcf_proxy_is_set_again_on_aurora() -> None:
    """A Polaris job that exports the ALCF proxy and downloads: the export was dropped as the
    source site's and, the source naming a proxy, the port set none on Aurora (same proxy)."""
    script = ("#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=01:00:00\n"
              "#PBS -q debug\n#PBS -A proj\n"
              "export https_proxy=http://proxy.alcf.anl.gov:3128\n"
              "git clone https://github.com/org/repo.git\n"
              "mpiexec -n 4 --ppn 4 python repo/train.py\n")
    lines, notes = _lines(script, "aurora")
    assert ALCF in lines
    assert "the source also sets Aurora's own web proxy" in notes and "as the source did" in notes


@pytest.mark.parametrize(("line", "named"), [
    ("#   - HF_ACCESS_TOKEN set in the environment for model download", "HF_ACCESS_TOKEN set"),
    ("export HF_TOKEN=$(cat ~/.hf_token)", "export HF_TOKEN="),
    ("huggingface-cli login --token $TOKEN", "huggingface-cli login")])
def test_a_hub_account_says_the_job_talks_to_the_hub(line: str, named: str) -> None:
    """A job that names its Hugging Face token (documented in a comment too), logs in, or pushes
    to the Hub talks to it while it runs, whatever alias the program's options use
    (`--model llama31`): on Polaris the port sets the ALCF proxy and names the line."""
    lines, notes = _lines(ONE + f"{line}\npython -u finetune.py --model llama31 --push\n",
                          "polaris")
    assert ALCF in lines
    assert "Hugging Face Hub account" in notes and named in notes


def test_a_hub_account_with_the_hub_offline_sets_no_proxy() -> None:
    lines, notes = _lines(ONE + "export HF_TOKEN=x\nexport HF_HUB_OFFLINE=1\n"
                          "python finetune.py --model llama31\n", "polaris")
    assert ALCF not in lines and "Hub account" not in notes


def test_the_sources_alcf_proxy_is_not_called_not_copied_where_the_port_sets_it() -> None:
    """A Polaris job that exports ALCF's proxy, ported to Aurora: the port sets the same proxy
    (with a note saying so); it used also to say the lines were "not copied (the source site's
    web proxy)", which read as the proxy being dropped. A variable the port does not set again
    (ftp_proxy) is still named as not copied."""
    script = ("#!/bin/bash\n#PBS -l select=1:system=polaris\n#PBS -l walltime=01:00:00\n"
              "#PBS -q debug\n#PBS -A proj\n#PBS -l filesystems=home\n"
              f"{ALCF}\nexport http_proxy=http://proxy.alcf.anl.gov:3128\n"
              "export ftp_proxy=http://proxy.alcf.anl.gov:3128\n"
              "python train.py --epochs 3\n")
    lines, notes = _lines(script, "aurora")
    assert ALCF in lines
    dropped = [n for n in notes.splitlines() if n.startswith("not copied (the source site's web")]
    assert dropped and all("https_proxy" not in n and "ftp_proxy" in n for n in dropped)
