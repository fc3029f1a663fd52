"""A launcher called by a misspelt name (patch_command.py) and a vLLM server serving its model
under another name than its client asks (patch_served_name.py), s32cmd."""

from __future__ import annotations

import pytest

from maple_flow.cli.repair import diagnose_log
from maple_flow.knowledge.entry_points import respelling
from maple_flow.repair.patch_command import respell_command
from maple_flow.repair.patch_served_name import serving_model_name
from maple_flow.repair.text import FixNotApplicable

HEAD = "#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=2\n#SBATCH --time=01:00:00\n"


@pytest.mark.parametrize(("name", "right"), [
    ("cosmos_rl", "cosmos-rl"), ("llama-model", "llama model"), ("torch_run", "torchrun"),
    ("LlamaFactory_CLI", "llamafactory-cli"), ("accelerate_launch", "accelerate-launch"),
    ("Python", "python"), ("accelerate-launch", None),
    ("lm_eval", None), ("lm-eval", None), ("torchrun", None), ("mytool", None),
])
def test_respelling_only_of_a_name_no_package_installs(name: str, right: str | None) -> None:
    assert respelling(name) == right


def test_command_respelled_where_run_not_in_paths() -> None:
    text = HEAD + ('srun --container-image="$C" --container-mounts="$PWD":/w cosmos_rl '
                   "--config /w/spec.toml /opt/cosmos_rl/sft.py\n# cosmos_rl notes\n")
    out = respell_command(text, "cosmos_rl")
    assert "/w cosmos-rl --config /w/spec.toml /opt/cosmos_rl/sft.py\n# cosmos_rl notes" in out


@pytest.mark.parametrize(("text", "word"), [
    (HEAD + "srun lm_eval --model hf\n", "lm_eval"),           # a real name: not installed
    (HEAD + "srun python train.py --name cosmos_rl\n", "cosmos_rl"),  # an option's value only
    (HEAD + "srun ./run.sh\n", "cosmos_rl"),                   # not run by the script itself
])
def test_respell_refused(text: str, word: str) -> None:
    with pytest.raises(FixNotApplicable):
        respell_command(text, word)


def test_served_name_replaced_by_the_model_the_line_loads() -> None:
    text = HEAD + ("srun apptainer exec --nv v.sif \\\n"
                   "    vllm serve Qwen/Qwen2-7B --served-model-name qwen7b --port 8000\n")
    out = serving_model_name(text, "vllm", "Qwen/Qwen2-7B")
    assert "    vllm serve Qwen/Qwen2-7B --served-model-name Qwen/Qwen2-7B --port 8000\n" in out


def test_served_name_given_for_the_folder_the_line_loads() -> None:
    text = HEAD + "srun vllm serve \\\n    /models/Llama-3-8B/ \\\n    --port 8000\n"
    out = serving_model_name(text, "vllm", "Llama-3-8B")
    assert "    /models/Llama-3-8B/ --served-model-name Llama-3-8B \\\n" in out


@pytest.mark.parametrize(("line", "asked"), [
    ("srun vllm serve /scratch/glm-4-9b --port 8000", "/dev/shm/glm-4-9b/"),  # another path
    ("srun vllm serve jarvis_sft --port 8000", "jarvis_sft"),          # served as asked
    ("srun vllm serve m --served-model-name a b", "b"),                # served already
    ("srun vllm serve $MODEL --served-model-name a", "x"),             # loads a variable
    ("srun vllm serve Qwen/Q --served-model-name q", "gpt-4"),         # not the loaded model
    ("srun python train.py", "m"),                                     # no server
])
def test_served_name_refused(line: str, asked: str) -> None:
    with pytest.raises(FixNotApplicable):
        serving_model_name(HEAD + line + "\n", "vllm", asked)


def _answer(text: str, log: str, cluster: str = "delta") -> dict[str, object]:
    return diagnose_log(text, log, cluster, None, False)


def test_misspelt_launcher_fixed_before_the_deltaai_export_record() -> None:
    text = HEAD + 'srun --container-image="$C" cosmos_rl --config spec.toml\n'
    data = _answer(text, "cosmos_rl: command not found\n", "deltaai")
    proposed = data["proposed"]
    assert isinstance(proposed, dict) and proposed["record_id"] == "launcher-name-misspelt"
    assert "+srun --container-image=\"$C\" cosmos-rl --config spec.toml" in proposed["diff"]


def test_installed_name_not_found_is_not_respelled() -> None:
    data = _answer(HEAD + "srun llamafactory-cli train x.yaml\n",
                   "bash: llamafactory-cli: command not found\n")
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert isinstance(first, dict) and first["record_id"] != "launcher-name-misspelt"


def test_client_asking_the_served_model_under_its_path() -> None:
    text = HEAD + "srun vllm serve Qwen/Qwen2.5-7B-Instruct --served-model-name qwen7b\n"
    log = "vllm probe failed: endpoint does not list expected model 'Qwen/Qwen2.5-7B-Instruct'\n"
    proposed = _answer(text, log)["proposed"]
    assert isinstance(proposed, dict)
    assert proposed["record_id"] == "served-model-name-differs-from-client"


def test_client_asking_a_model_the_script_does_not_load_gets_no_fix() -> None:
    text = HEAD + "srun vllm serve /scratch/glm-4-9b --port 8000\n"
    log = ("{\"object\":\"error\",\"message\":\"The model `/dev/shm/glm-4-9b/` does not exist.\","
           "\"type\":\"NotFoundError\",\"param\":null,\"code\":404}\n")
    assert _answer(text, log)["proposed"] is None


def test_python_not_found_without_any_environment_asks_for_it() -> None:
    text = HEAD + "cd ~/project\nsrun python eval.py\n"
    data = _answer(text, "-sh: python: command not found\n")
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert isinstance(first, dict) and first["record_id"] == "python-not-found-no-environment"
    answered = diagnose_log(text, "-sh: python: command not found\n", "delta", None, False,
                            {"python_path": "/u/me/venv/bin/python"})
    proposed = answered["proposed"]
    assert isinstance(proposed, dict) and "+srun /u/me/venv/bin/python eval.py" in proposed["diff"]


def test_python_not_found_with_the_site_stack_keeps_the_site_module() -> None:
    # the script uses the site's stack (its nccl module) but not its Python module: loading
    # that gives python (with the Python module already loaded nothing more does; s38precA)
    text = HEAD + "module load nccl\nsrun python eval.py\n"
    proposed = _answer(text, "-sh: python: command not found\n")["proposed"]
    assert isinstance(proposed, dict) and proposed["record_id"] == "launcher-command-not-found"
    assert "+module load anaconda3_gpu" in proposed["diff"]


def test_words_that_only_name_things_are_not_respelled() -> None:
    text = HEAD + ('module load Python\necho "running Python"\n'
                   "srun bash -c 'source env.sh; Python main.py'\nsrun Python main.py\n")
    out = respell_command(text, "Python")
    assert ("module load Python\necho \"running Python\"\n"
            "srun bash -c 'source env.sh; python main.py'\nsrun python main.py\n") in out


def test_openai_route_404_on_the_demo_server_switches_the_module() -> None:
    text = HEAD + "srun python -m vllm.entrypoints.api_server --model /m/x --port 8000\n"
    log = 'INFO:     10.0.0.1:4974 - "POST /v1/chat/completions HTTP/1.1" 404 Not Found\n'
    proposed = _answer(text, log)["proposed"]
    assert isinstance(proposed, dict)
    assert "+srun python -m vllm.entrypoints.openai.api_server --model /m/x" in proposed["diff"]


def test_route_404_on_the_openai_server_gets_no_fix() -> None:
    text = HEAD + "srun python -m vllm.entrypoints.openai.api_server --model /m/x\n"
    log = 'INFO:     127.0.0.1:35474 - "POST /v1/responses HTTP/1.1" 404 Not Found\n'
    assert _answer(text, log)["proposed"] is None


def test_route_newer_than_the_serving_image_asks_for_an_image() -> None:
    text = HEAD + ("srun apptainer exec --nv /scratch/vllm-openai_v0.6.3.sif \\\n"
                   "    vllm serve Qwen/Q --port 8000\n")
    log = "vllm probe failed: POST /v1/messages returned 404\n"
    data = _answer(text, log)
    assert data["proposed"] is None
    first = data["diagnoses"][0]
    assert isinstance(first, dict) and first["record_id"] == "serving-image-older-than-route"
    answered = diagnose_log(text, log, "delta", None, False,
                            {"serving_image": "/scratch/vllm-openai_v0.11.0.sif"})
    proposed = answered["proposed"]
    assert isinstance(proposed, dict)
    assert "+srun apptainer exec --nv /scratch/vllm-openai_v0.11.0.sif \\" in proposed["diff"]
