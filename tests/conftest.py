"""Shared pytest options."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False,
        help="rewrite tests/golden/*.sh from the current templates (or MAPLE_UPDATE_GOLDEN=1)",
    )


@pytest.fixture(autouse=True, scope="session")
def _private_template_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands that read the default template store ($MAPLE_STORE) read a private one, so
    a user's learned variants never change a test's output and tests never write theirs."""
    saved = os.environ.get("MAPLE_STORE")
    os.environ["MAPLE_STORE"] = str(tmp_path_factory.mktemp("store") / "store.db")
    yield
    if saved is None:
        os.environ.pop("MAPLE_STORE", None)
    else:
        os.environ["MAPLE_STORE"] = saved
