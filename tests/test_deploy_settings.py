"""Settings for a served instance: `check --deploy` is clean behind an HTTPS proxy."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def manage(*args: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("VPT_", "DATABASE_URL", "DJANGO_"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env={**clean, "VPT_DATA_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_https_behind_a_proxy(tmp_path: Path) -> None:
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        tmp_path=tmp_path,
        VPT_DEBUG="0",
        VPT_HTTPS="1",
        VPT_SECRET_KEY=secrets.token_urlsafe(50)[:50],
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


PRINT_SECURITY = (
    "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
    "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER, s.SESSION_COOKIE_AGE)"
)


def test_https_settings_follow_vpt_https(tmp_path: Path) -> None:
    key = secrets.token_urlsafe(50)
    with_proxy = manage(
        "shell",
        "--no-imports",
        "-c",
        PRINT_SECURITY,
        tmp_path=tmp_path,
        VPT_DEBUG="0",
        VPT_HTTPS="1",
        VPT_SECRET_KEY=key,
    )
    without = manage(
        "shell", "--no-imports", "-c", PRINT_SECURITY, tmp_path=tmp_path, VPT_DEBUG="0", VPT_SECRET_KEY=key
    )

    assert with_proxy.stdout.split() == [
        "True",
        "True",
        "True",
        "31536000",
        "('HTTP_X_FORWARDED_PROTO',",
        "'https')",
        "43200",
    ]
    assert without.stdout.split() == ["False", "False", "False", "0", "None", "43200"]


def test_session_length_is_configurable(tmp_path: Path) -> None:
    code = "from django.conf import settings; print(settings.SESSION_COOKIE_AGE)"
    result = manage("shell", "--no-imports", "-c", code, tmp_path=tmp_path, VPT_SESSION_HOURS="3")

    assert result.stdout.strip() == "10800"


def test_errors_are_logged_to_a_file_in_the_data_folder_with_debug_off(tmp_path: Path) -> None:
    code = "import logging; logging.getLogger('django.request').error('boom', exc_info=ZeroDivisionError('x'))"
    result = manage(
        "shell", "--no-imports", "-c", code, tmp_path=tmp_path, VPT_DEBUG="0", VPT_SECRET_KEY=secrets.token_urlsafe(50)
    )

    assert "ERROR django.request" in result.stderr and "boom" in result.stderr
    logged = (tmp_path / "logs" / "vpt.log").read_text()
    assert "boom" in logged and "ZeroDivisionError: x" in logged
