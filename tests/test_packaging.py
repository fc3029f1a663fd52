"""`pip install .` carries the data folders: an installed wheel finds its profiles, templates,
mini-apps and endpoint configs from any working directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import maple_flow, sys
from maple_flow.paths import data_dir
from maple_flow.knowledge.clusters import all_profiles
from maple_flow.knowledge.library import all_templates
from maple_flow.verify.prepare import miniapp_files
from maple_flow.gcendpoint import config_path
print(maple_flow.__file__)
print(data_dir("templates"))
print(len(all_profiles()), len(all_templates()), len(miniapp_files()) > 4,
      config_path("polaris").is_file())
"""


@pytest.mark.slow
def test_installed_wheel_finds_its_data(tmp_path: Path) -> None:
    wheels, target = tmp_path / "wheels", tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True,
                   timeout=300, capture_output=True)
    [wheel] = wheels.glob("maple_flow-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, timeout=300, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(target)}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout.splitlines()
    assert out[0].startswith(str(target)), "the probe must import the installed copy"
    assert out[1] == str(target / "maple_flow" / "_data" / "templates")
    assert out[2] == "10 40 True True"
