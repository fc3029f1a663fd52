"""s21-u17tune: classes behind the unseen17 tune ports that were not good (round 2)."""

from __future__ import annotations

import pytest

from maple_flow import port

LOCAL_SERVER = """#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --time=04:00:00

cd $HOME/proj
{setup}
vllm serve ./models/small --port 8000 &
SERVER=$!
while ! curl -s {url}/v1/models > /dev/null; do
    sleep 5
done
python agent.py --base-url {url}/v1
kill $SERVER
"""


@pytest.mark.parametrize("target", ["polaris", "aurora"])
@pytest.mark.parametrize("url", ["http://localhost:8000", "http://127.0.0.1:8000",
                                 "http://$(hostname):8000"])
def test_polling_the_jobs_own_server_is_no_download(target: str, url: str) -> None:
    result = port(LOCAL_SERVER.format(setup="", url=url), [target])[target]
    assert "proxy.alcf" not in result.script
    assert not any("downloads" in n for n in result.notes), result.notes


@pytest.mark.parametrize("target", ["polaris", "aurora"])
def test_a_real_download_beside_a_local_server_keeps_the_node_out_of_the_proxy(
        target: str) -> None:
    result = port(LOCAL_SERVER.format(setup="pip install openai",
                                      url="http://localhost:8000"), [target])[target]
    lines = result.script.splitlines()
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in lines
    assert "export no_proxy=localhost,127.0.0.1" in lines
    assert "export NO_PROXY=localhost,127.0.0.1" in lines
    assert any("no_proxy" in n and "localhost:8000" in n for n in result.notes), result.notes


def test_a_download_from_a_host_named_like_localhost_still_downloads() -> None:
    result = port(LOCAL_SERVER.format(setup="wget http://localhost.example.org/data.tar",
                                      url="http://127.0.0.1:8000"), ["polaris"])["polaris"]
    assert "export https_proxy=http://proxy.alcf.anl.gov:3128" in result.script.splitlines()
