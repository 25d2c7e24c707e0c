"""Every UI string must ship in Spanish.

makemessages runs on a temporary copy of the project, so the committed .po file is never
rewritten by the suite, and msgmerge carries the committed translations over. Any msgid left
with an empty or fuzzy Spanish msgstr fails the test, naming the string.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
PO = Path("locale/es/LC_MESSAGES/django.po")
FIX = (
    "Run `.venv/bin/python manage.py makemessages -l es --ignore=.venv --ignore=tests`, "
    f"then fill in msgstr (and drop `#, fuzzy`) in {PO}"
)
MSGID = re.compile(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', re.MULTILINE)


def msgids(po_text: str) -> list[str]:
    return ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)) for block in MSGID.findall(po_text)]


def msgattrib(flag: str, po: Path) -> list[str]:
    output = subprocess.run(
        ["msgattrib", flag, "--no-obsolete", "--no-wrap", str(po)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # msgattrib always echoes the header entry (msgid ""), whatever the filter.
    return [msgid for msgid in msgids(output) if msgid]


def test_every_string_has_a_spanish_translation(tmp_path: Path) -> None:
    copy_ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    shutil.copy(BASE_DIR / "manage.py", tmp_path)
    for folder in ("vpt", "templates", "locale"):
        if (BASE_DIR / folder).exists():
            shutil.copytree(BASE_DIR / folder, tmp_path / folder, ignore=copy_ignore)
    env = {k: v for k, v in os.environ.items() if not k.startswith("VPT_")}

    # manage.py in the copy puts the copy first on sys.path, so BASE_DIR and LOCALE_PATHS
    # point into tmp_path and the real locale/ is left alone.
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "es", "--no-obsolete", "--verbosity=0"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )

    po = tmp_path / PO
    missing = msgattrib("--untranslated", po)
    fuzzy = msgattrib("--only-fuzzy", po)
    problems = [f"untranslated: {m!r}" for m in missing] + [f"fuzzy: {m!r}" for m in fuzzy]
    assert not problems, "Spanish translations missing:\n  " + "\n  ".join(problems) + "\n" + FIX


def test_msgids_parses_multiline_entries() -> None:
    po_text = 'msgid ""\nmsgstr "x"\n\nmsgid ""\n"Two "\n"lines \\"quoted\\""\nmsgstr ""\n'

    assert msgids(po_text) == ["", 'Two lines \\"quoted\\"']
