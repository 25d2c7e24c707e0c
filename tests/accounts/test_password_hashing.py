"""Stored passwords: production hashes them with PBKDF2 at Django's iterations.

The suite itself hashes with MD5 for speed (tests/conftest.py); `production_password_hashers`
puts production's hashers back for a test.
"""

import pytest
from django.contrib.auth.models import User


@pytest.mark.usefixtures("production_password_hashers")
def test_production_stores_passwords_as_pbkdf2_at_a_million_iterations(db: None) -> None:
    user = User.objects.create_user("ana", password="long-enough-secret")

    algorithm, iterations, _salt, _digest = user.password.split("$")
    assert (algorithm, iterations) == ("pbkdf2_sha256", "1000000")
    assert user.check_password("long-enough-secret")
    assert not user.check_password("long-enough-secreT")
