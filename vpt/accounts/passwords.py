"""Generated passwords: the demo accounts' (`load_demo`) and each new dealer's (`create_dealer`).

A generated password is four groups of five letters and digits, such as
``k7dmw-2qpx9-fa3hn-c8rtb`` (about 100 bits), read off a screen and typed on a tablet: its
alphabet has no l, o, 0 or 1 to misread. It always passes the project's password validators.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ImproperlyConfigured, ValidationError

ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
GROUPS, GROUP_SIZE = 4, 5
ATTEMPTS = 100


def generate_password(user: Any = None) -> str:
    """A random password that `AUTH_PASSWORD_VALIDATORS` accept for ``user`` (see the module).

    A draw the validators refuse (vanishingly rare: too close to the username) is drawn again;
    validators that refuse every draw are a configuration error.
    """
    for _attempt in range(ATTEMPTS):
        password = "-".join("".join(secrets.choice(ALPHABET) for _ in range(GROUP_SIZE)) for _ in range(GROUPS))
        try:
            validate_password(password, user)
        except ValidationError:
            continue
        return password
    raise ImproperlyConfigured("No generated password passes AUTH_PASSWORD_VALIDATORS: check the validators.")
