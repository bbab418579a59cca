"""Every API test starts with no throttle history: the counts live in the cache."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()
