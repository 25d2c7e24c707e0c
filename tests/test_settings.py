import json
import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from vpt.local_secrets import update_secrets

BASE_DIR = Path(__file__).resolve().parent.parent
PRINT_SETTINGS = (
    "import django, json; from django.conf import settings; django.setup(); "
    "print(json.dumps({'hosts': settings.ALLOWED_HOSTS, 'db': str(settings.DATABASES['default']['NAME']),"
    " 'debug': settings.DEBUG}))"
)


def run_settings(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("VPT_", "DATABASE_URL"))}
    return subprocess.run(
        [sys.executable, "-c", PRINT_SETTINGS],
        cwd=BASE_DIR,
        env={**clean, "DJANGO_SETTINGS_MODULE": "vpt.settings", **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_refuses_to_start_without_secret_key_when_debug_is_off(tmp_path: Path) -> None:
    result = run_settings(VPT_DEBUG="0", VPT_DATA_DIR=str(tmp_path))

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "VPT_SECRET_KEY" in result.stderr


def test_starts_with_secret_key_when_debug_is_off() -> None:
    result = run_settings(VPT_DEBUG="0", VPT_SECRET_KEY="s3cret", VPT_ALLOWED_HOSTS="vpt.example, 10.0.0.5")

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "hosts": ["vpt.example", "10.0.0.5"],
        "db": str(BASE_DIR / "db.sqlite3"),
        "debug": False,
    }


PRINT_KEY = "import django; from django.conf import settings; django.setup(); print(settings.SECRET_KEY)"


def test_a_command_beside_the_server_signs_with_the_servers_key(tmp_path: Path) -> None:
    """`make run` passes its key to gunicorn; `manage.py player_links` in another terminal has no
    VPT_SECRET_KEY, and signed the players' links with another key: every link was a 404."""
    update_secrets(tmp_path, secret_key="the-room-key")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("VPT_", "DATABASE_URL"))}
    for debug in ("1", "0"):
        result = subprocess.run(
            [sys.executable, "-c", PRINT_KEY],
            cwd=BASE_DIR,
            env={**clean, "DJANGO_SETTINGS_MODULE": "vpt.settings", "VPT_DATA_DIR": str(tmp_path), "VPT_DEBUG": debug},
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "the-room-key"


def test_local_defaults() -> None:
    result = run_settings()

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "hosts": ["localhost", "127.0.0.1", "[::1]", "testserver"],
        "db": str(BASE_DIR / "db.sqlite3"),
        "debug": True,
    }


def test_languages_and_time_zone() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", "es"]
    assert settings.TIME_ZONE == "Europe/Madrid"
    assert settings.USE_TZ is True
