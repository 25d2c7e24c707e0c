"""The engine stays pure: no Django, every public function shows an example (style.md §2).

The examples themselves run as doctests (--doctest-modules, pyproject.toml), and
``mypy --strict vpt/ofc`` is part of `make lint`.
"""

import ast
import doctest
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
