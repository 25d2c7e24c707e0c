"""The engine stays pure: no Django, doctests true, ``mypy --strict`` clean (style.md §2)."""

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "vpt" / "ofc"
MODULES = sorted(ENGINE.glob("*.py"))


def _imported_names(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                names.append(first.value)
    return names


def test_every_engine_module_is_checked() -> None:
    assert {path.stem for path in MODULES} >= {
        "__init__",
        "cards",
        "hands",
        "rulesets",
        "scoring",
        "settlement",
        "showdown",
        "autoplay",
        "contract",
    }


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_django_import(path: Path) -> None:
    names = _imported_names(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
    offending = [name for name in names if name == "django" or name.startswith("django.")]
    assert not offending, f"{path.name} imports {offending}"


def test_the_import_checker_sees_django() -> None:
    tree = ast.parse("import django.db\nfrom django.conf import settings\n__import__('django')")
    assert _imported_names(tree) == ["django.db", "django.conf", "django"]


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_doctests_hold(path: Path) -> None:
    name = "vpt.ofc" if path.stem == "__init__" else f"vpt.ofc.{path.stem}"
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_public_functions_have_doctests() -> None:
    import vpt.ofc as engine

    finder = doctest.DocTestFinder()
    without = []
    for name in engine.__all__:
        value = getattr(engine, name)
        public_function = callable(value) and not isinstance(value, type) and value.__module__.startswith("vpt.ofc")
        if public_function and not any(test.examples for test in finder.find(value, name)):
            without.append(name)
    assert without == []


def test_mypy_strict() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(ENGINE)],
        capture_output=True,
        text=True,
        cwd=ENGINE.parents[1],
    )
    assert done.returncode == 0, done.stdout + done.stderr
