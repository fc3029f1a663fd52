"""s37: a gated Hugging Face model is answered with the token FILE, never the token.

The job reads the token from the file ``hf auth login`` wrote through ``HF_TOKEN_PATH``
(huggingface_hub's environment variables page), so the secret stays out of the job script.
"""

from __future__ import annotations

from maple_flow.repair import load_knowledge_base
from maple_flow.repair.safety import env_allowed, env_name_problem


def test_token_file_variable_is_a_data_file_not_a_search_path() -> None:
    assert env_name_problem("HF_TOKEN_PATH") is None and env_allowed("HF_TOKEN_PATH")
    # the exemption is one name, not a family: search paths stay forbidden
    for name in ("HF_PATH", "LD_LIBRARY_PATH", "PYTHONPATH", "HF_TOKEN_PRELOAD"):
        assert env_name_problem(name) is not None


def test_hub_token_records_ask_for_a_file_and_say_how_to_make_it() -> None:
    kb = load_knowledge_base()
    for record_id in ("hf-authentication", "hf-token-missing"):
        record = kb.get(record_id)
        ops = [dict(op) for op in record.fix]
        assert ops == [{"op": "export_env", "name": "HF_TOKEN_PATH",
                        "value": "{ask:hf_token_file}"}]
        assert record.advice and "hf auth login" in record.advice
        assert any("environment_variables" in r.url for r in record.references)
