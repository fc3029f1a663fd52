"""Memory sizes in each scheduler's spelling (maple_flow.units)."""

from __future__ import annotations

import pytest

from maple_flow.units import BARE_NUMBER_UNIT, size_mb


@pytest.mark.parametrize(("value", "mb"), [
    ("512k", 0.5), ("512K", 0.5), ("4000m", 4000), ("4000M", 4000), ("4g", 4096), ("4G", 4096),
    ("1t", 1024**2), ("1T", 1024**2), ("32gb", 32768), ("32GB", 32768), ("4GiB", 4096),
    ("4 GB", 4096), (" 4G ", 4096), ("1.5G", 1536), ("2mib", 2), ("1048576b", 1), ("1048576B", 1),
])
def test_suffixes_mean_the_same_in_every_dialect(value: str, mb: float) -> None:
    assert all(size_mb(value, d) == mb for d in BARE_NUMBER_UNIT)


@pytest.mark.parametrize(("dialect", "mb"), [
    ("slurm", 4000.0),        # --mem=4000: megabytes
    ("lsf", 4000.0),          # -M 4000 read as megabytes (LSF_UNIT_FOR_LIMITS=MB)
    ("pbs", 4000 / 2**20),    # mem=4000: bytes
    ("sge", 4000 / 2**20),    # h_vmem=4000: bytes
])
def test_a_bare_number_is_in_the_dialects_unit(dialect: str, mb: float) -> None:
    assert size_mb("4000", dialect) == mb  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["", None, "lots", "4X", "G4", "4gg", "-4G", "4 G B", "1e3"])
def test_what_is_not_a_size_is_none(value: str | None) -> None:
    assert all(size_mb(value, d) is None for d in BARE_NUMBER_UNIT)
