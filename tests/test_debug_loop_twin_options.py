"""Twin personality options for fault injection: read from the job script or the environment."""

from __future__ import annotations

import pytest

from maple_flow.twin.options import (
    UnknownOption,
    env_options,
    marker,
    option_env,
    script_options,
)

SCRIPT = f"#!/bin/bash\n{marker('srun-export-none')}\n#SBATCH -N 1\nsrun hostname\n"


def test_script_marker_switches_the_option_on() -> None:
    assert script_options(SCRIPT) == ["srun-export-none"]
    assert option_env("deltaai", SCRIPT, {}) == {"SRUN_EXPORT_ENV": "NONE"}
    assert option_env("deltaai", "#!/bin/bash\nsrun hostname\n", {}) == {}


def test_environment_names_clusters() -> None:
    env = {"MAPLE_TWIN_OPTIONS": "deltaai:srun-export-none, delta:srun-export-none"}
    assert env_options("deltaai", env) == ["srun-export-none"]
    assert env_options("vista", env) == []
    assert env_options("vista", {"MAPLE_TWIN_OPTIONS": "*:srun-export-none"}) == [
        "srun-export-none"]
    assert option_env("vista", "#!/bin/bash\n", env) == {}


def test_unknown_options_are_refused() -> None:
    with pytest.raises(UnknownOption, match="unknown twin option 'gpus-off'"):
        script_options("#!/bin/bash\n# maple-twin-option: gpus-off\n")
    with pytest.raises(UnknownOption):
        env_options("delta", {"MAPLE_TWIN_OPTIONS": "delta:nope"})
    with pytest.raises(UnknownOption):
        marker("nope")
