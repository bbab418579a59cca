import pytest


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_run_in_process) -> None:
    """Every test here applies standings in process (see tests/conftest.py)."""
