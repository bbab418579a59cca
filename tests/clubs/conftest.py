import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    # The production hasher takes a noticeable time per login on purpose; tests log in often.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
