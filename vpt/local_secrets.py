"""This machine's secrets: the secret key and the generated passwords, kept in one file.

The file is `<data folder>/secrets.json` (`VPT_DATA_DIR`, by default `var/` in the project),
readable by its owner only (mode 0600) and ignored by git. `make run` creates the secret key
on first start; `load_demo` adds the demo accounts' passwords. Nothing here imports Django:
the server's start-up needs the key before Django's settings are loaded.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

SECRETS_FILE = "secrets.json"


def data_dir(base_dir: Path) -> Path:
    """The data folder: `VPT_DATA_DIR`, or `var/` under the project."""
    return Path(os.environ.get("VPT_DATA_DIR") or base_dir / "var")


def secrets_path(folder: Path) -> Path:
    return folder / SECRETS_FILE


def read_secrets(folder: Path) -> dict[str, Any]:
    path = secrets_path(folder)
    if not path.exists():
        return {}
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def update_secrets(folder: Path, **changes: Any) -> Path:
    """Merge `changes` into the file (dicts one level deep) and write it back, mode 0600.

    The new content goes to a private temporary file first and replaces the old one in one
    step, so the file is never readable by others nor left half written.
    """
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    content = read_secrets(folder)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(content.get(key), dict):
            content[key] = {**content[key], **value}
        else:
            content[key] = value
    path = secrets_path(folder)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        json.dump(content, handle, indent=2, sort_keys=True)
        handle.write("\n")
    os.replace(temporary, path)
    return path


def ensure_secret_key(folder: Path) -> str:
    """The key saved in the file, created (and saved) on first use."""
    key = read_secrets(folder).get("secret_key")
    if not key:
        key = secrets.token_urlsafe(50)
        update_secrets(folder, secret_key=key)
    return str(key)
