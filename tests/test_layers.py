"""No lower app reaches a higher app's models through the ORM (architecture.md, "Layers").

import-linter (`make lint`) keeps imports one way, but a reverse relation is an upward import in
disguise: `event.tables`, `Entry.objects.filter(boards__eliminated=True)` or
`select_related("seat__table")` written in `vpt/events` read the tables, seats and hands of the
apps above without importing them. This test reads the code and fails on any such reach.

Method:

1. The layers come from the import-linter contract in pyproject.toml (one source of truth:
   a layer added there is checked here). Each app of `vpt` gets its rank; Django's own apps
   (`auth.User`) rank with `vpt.accounts`, the layer that owns users.
2. Django's app registry lists every relation; for a module of app L, the *upward names* are
   the reverse accessors (`tables`, `seat_set`, `seat`) and reverse query names (`boards`) that
   a model of a higher app adds to a model of L or below.
3. Each module of L (migrations aside) is parsed (`ast`) and three things are checked:
   - attribute reads `x.tables`, and `getattr(x, "seat", …)` / `hasattr(x, "seat")`;
   - the lookups of ORM calls (`filter`, `exclude`, `get`, `values`, `values_list`,
     `order_by`, `select_related`, `prefetch_related`, `only`, `defer`, `F`, `Q`, `Count`, `Max`,
     `Prefetch`…): keyword names and string arguments are walked through the models one
     `__` step at a time, from the queryset's model when the call chain starts at
     `Model.objects`, otherwise from every model of L and below; a walk that enters a model
     of a higher app is a reach. Words that are not fields (`gt`, `isnull`, an annotation's
     alias) end the walk, so only real relation steps count;
   - `apps.get_model("rounds", "Hand")` / `get_model("rounds.Hand")`: a model of a higher app
     fetched by name, which import-linter cannot see either;
   - ORM lookups outside calls: the admin's options (`list_display`, `search_fields`,
     `list_filter`, `ordering` ...) and `Meta.ordering`, walked as lookups are; `When(...)`,
     `Exists(...)` and `Subquery(...)` are lookup calls like `filter`;
   - model strings: a string that is a model's label (`"rounds.Hand"`, `"rounds.hand"`, as
     in `ForeignKey("rounds.Hand")`) naming a model of a higher app;
   - URL names: `reverse("floor:…")`, `redirect("floor:…")`, `reverse_lazy`, `resolve_url`
     naming a URL of a higher app's namespace (an audience's `app_name`), and `{% url %}`;
   - the templates of L (`templates/<app>/`): dotted variables such as `row.seat.table`, and
     `{% url "floor:…" %}` naming a higher app's URL.
   A name that is both upward and a plain field of a model of L (`Level.hands` against the
   reverse `Event.hands`) counts as a reach on an attribute only when the object's name says
   which model it is (`event.hands`, `self.table.hands`), and in a lookup only when the walk
   through the models says so.
4. The checker itself is tested on snippets, so a regression in it cannot pass silently.

It runs in the suite (pytest), not in `make lint`: it needs Django's app registry.
"""

from __future__ import annotations

import ast
import itertools
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models

ROOT = Path(__file__).resolve().parents[1]
OWNER_OF_DJANGO_APPS = "vpt.accounts"

# Calls whose string arguments (and, for the filtering ones, keyword names) are ORM lookups.
LOOKUP_CALLS = {
    "filter",
    "exclude",
    "get",
    "get_or_create",
    "update_or_create",
    "values",
    "values_list",
    "order_by",
    "select_related",
    "prefetch_related",
    "only",
    "defer",
    "distinct",
    "annotate",
    "aggregate",
    "latest",
    "earliest",
    "F",
    "Q",
    "Count",
    "Sum",
    "Max",
    "Min",
    "Avg",
    "Prefetch",
    "OuterRef",
    "FilteredRelation",
    "When",
    "Exists",
    "Subquery",
}
# Of those, the ones whose keyword names are lookups (annotate's keywords are new aliases).
KEYWORD_LOOKUP_CALLS = {
    "filter",
    "exclude",
    "get",
    "get_or_create",
    "update_or_create",
    "Q",
    "FilteredRelation",
    "When",
}
# Class attributes whose strings are lookups: the admin's options and `Meta.ordering`.
LOOKUP_OPTIONS = {
    "list_display",
    "list_display_links",
    "list_filter",
    "list_select_related",
    "search_fields",
    "ordering",
    "sortable_by",
    "autocomplete_fields",
    "raw_id_fields",
    "readonly_fields",
    "fields",
    "date_hierarchy",
}
# Calls whose first string argument is a URL name (`namespace:name`).
URL_CALLS = {"reverse", "reverse_lazy", "redirect", "resolve_url"}
MODEL_LABEL = re.compile(r"[a-z_]+\.[A-Za-z_][A-Za-z0-9_]*")
NOT_LOOKUP_KEYWORDS = {"defaults", "create_defaults", "flat", "named", "distinct", "filter", "output_field", "to_attr"}


def _layers() -> list[list[str]]:
    """The contract's layers, top first, each a list of packages (`vpt.slips | vpt.standings`)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            return [[name.strip() for name in layer.split("|")] for layer in contract["layers"]]
    raise AssertionError("pyproject.toml has no import-linter layers contract")


@cache
def _ranks() -> dict[str, int]:
    """Package → rank, higher is higher up (`vpt.ofc` is 0)."""
    layers = _layers()
    return {package: len(layers) - index for index, layer in enumerate(layers) for package in layer}


def _rank_of_model(model: type[models.Model]) -> int:
    package = model._meta.app_config.name
    ranks = _ranks()
    return ranks.get(package, ranks[OWNER_OF_DJANGO_APPS] if not package.startswith("vpt.") else 0)


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True)
class Upward:
    """The upward names a module of an app of rank `rank` must not use."""

    rank: int
    accessors: dict[str, set[str]]  # attribute name → snake names of the models that carry it
    ambiguous: set[str]  # also a plain attribute of a model at or below `rank`
    lower_models: tuple[type[models.Model], ...]


@cache
def upward_names(rank: int) -> Upward:
    lower = tuple(model for model in apps.get_models() if _rank_of_model(model) <= rank)
    accessors: dict[str, set[str]] = {}
    for model in lower:
        for field in model._meta.get_fields(include_hidden=True):
            if field.auto_created and not field.concrete and field.is_relation:
                source = field.related_model
                if source is None or _rank_of_model(source) <= rank:
                    continue
                name = field.get_accessor_name()  # type: ignore[union-attr]
                if name and not name.endswith("+"):
                    accessors.setdefault(name, set()).add(_snake(model.__name__))
    plain = {field.name for model in lower for field in model._meta.get_fields() if field.concrete}
    plain |= _attributes_defined(rank)
    return Upward(rank, accessors, set(accessors) & plain, lower)


def _attributes_defined(rank: int) -> set[str]:
    """Attribute names the classes of the apps at or below `rank` define (dataclass fields,
    methods, `self.x = …`): `BreakStatus.tables` is such a name, not a reverse relation."""
    names: set[str] = set()
    for _package, path in _modules(rank):
        names |= _attributes_defined_in(path)
    return names


@cache
def _attributes_defined_in(path: Path) -> frozenset[str]:
    """The attribute names one module's classes define: each module is parsed once, not once for
    every rank it lies at or below."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.add(item.name)
                elif isinstance(item, ast.Assign):
                    names |= {target.id for target in item.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and getattr(target.value, "id", None) == "self":
                    names.add(target.attr)
    return frozenset(names)


def walk_reaches_up(start: type[models.Model], lookup: str, rank: int) -> bool | None:
    """Whether walking `lookup` from `start` enters a model above `rank`; None when `lookup` is
    not a path from `start` at all (its first word is not a field of `start`)."""
    model = start
    for index, word in enumerate(lookup.lstrip("-").split("__")):
        try:
            field = model._meta.get_field("id" if word == "pk" else word)
        except FieldDoesNotExist:
            return None if index == 0 else False  # a lookup (`gt`), a transform or an alias
        if not field.is_relation or field.related_model is None:
            return False
        model = field.related_model  # type: ignore[assignment]
        if _rank_of_model(model) > rank:
            return True
    return False


def _models_by_name() -> dict[str, type[models.Model]]:
    return {model.__name__: model for model in apps.get_models()}


def _queryset_model(call: ast.Call) -> type[models.Model] | None:
    """`Entry.objects.filter(...).values(...)` → Entry; None when the chain starts elsewhere."""
    node: ast.AST = call.func
    while True:
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            if node.attr == "objects" and isinstance(node.value, ast.Name):
                return _models_by_name().get(node.value.id)
            node = node.value
        else:
            return None


def _call_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def _receiver_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _names_the_model(receiver: str | None, models_: set[str]) -> bool:
    return receiver is not None and any(receiver == name or receiver.endswith("_" + name) for name in models_)


def _reads_accessor(receiver: ast.AST, attribute: str, upward: Upward) -> bool:
    if attribute not in upward.accessors:
        return False
    return attribute not in upward.ambiguous or _names_the_model(_receiver_name(receiver), upward.accessors[attribute])


def _lookup_reaches(lookup: str, start: type[models.Model] | None, upward: Upward) -> bool:
    if not re.fullmatch(r"-?[a-z_][a-z0-9_]*", lookup):
        return False
    starts = (start,) if start is not None else upward.lower_models
    return any(walk_reaches_up(model, lookup, upward.rank) for model in starts)


@cache
def _namespace_ranks() -> dict[str, int]:
    """URL namespace (an app's `app_name`) → the rank of the app that owns it."""
    ranks = {}
    for package, rank in _ranks().items():
        urls = ROOT / package.replace(".", "/") / "urls.py"
        if urls.exists():
            found = re.search(r"^app_name\s*=\s*[\"']([^\"']+)[\"']", urls.read_text(encoding="utf-8"), re.M)
            if found:
                ranks[found.group(1)] = rank
    return ranks


def _names_a_higher_url(name: str, rank: int) -> bool:
    namespace, colon, _rest = name.partition(":")
    return bool(colon) and _namespace_ranks().get(namespace, -1) > rank


def _names_a_higher_label(text: str, rank: int) -> bool:
    """Whether `text` is the label of a model above `rank` (`"rounds.Hand"`, `"rounds.hand"`)."""
    if not MODEL_LABEL.fullmatch(text):
        return False
    try:
        model = apps.get_model(text)
    except (LookupError, ValueError):
        return False
    return _rank_of_model(model) > rank


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants (a sentence may name `rounds.Hand`)."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            ids.add(id(node.value))
    return ids


def _option_words(node: ast.AST) -> list[str]:
    """The strings of a class attribute that is an admin option or `Meta.ordering`."""
    if not isinstance(node, (ast.Assign, ast.AnnAssign)):
        return []
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if not any(isinstance(target, ast.Name) and target.id in LOOKUP_OPTIONS for target in targets):
        return []
    value = node.value
    items = value.elts if isinstance(value, (ast.Tuple, ast.List, ast.Set)) else [value] if value else []
    return [
        item.value.lstrip("^=@") for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)
    ]


def reaches_in_source(source: str, rank: int) -> Iterator[tuple[int, str]]:
    """(line, what) for each upward reach in Python `source` of an app of rank `rank`."""
    upward = upward_names(rank)
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                for word in _option_words(item):
                    if _lookup_reaches(word, None, upward):
                        yield item.lineno, f"option {word!r}"
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and _names_a_higher_label(node.value, rank)
        ):
            yield node.lineno, f"model {node.value!r}"
        if isinstance(node, ast.Attribute) and _reads_accessor(node.value, node.attr, upward):
            yield node.lineno, f".{node.attr}"
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name in ("getattr", "hasattr") and len(node.args) >= 2:
            attribute = node.args[1]
            if (
                isinstance(attribute, ast.Constant)
                and isinstance(attribute.value, str)
                and _reads_accessor(node.args[0], attribute.value, upward)
            ):
                yield node.lineno, f"{name}(…, {attribute.value!r})"
        if name == "get_model" and _names_a_higher_model(node, rank):
            yield node.lineno, "get_model(…)"
        if name in URL_CALLS and node.args:
            first = node.args[0]
            if (
                isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and _names_a_higher_url(first.value, rank)
            ):
                yield node.lineno, f"{name}({first.value!r})"
        if name not in LOOKUP_CALLS:
            continue
        start = _queryset_model(node)
        words = [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        if name in KEYWORD_LOOKUP_CALLS:
            words += [kw.arg for kw in node.keywords if kw.arg and kw.arg not in NOT_LOOKUP_KEYWORDS]
        for word in words:
            if _lookup_reaches(word, start, upward):
                yield node.lineno, f"{name}({word!r})"


def _names_a_higher_model(call: ast.Call, rank: int) -> bool:
    """Whether `get_model("app", "Model")` or `get_model("app.Model")` names a model above `rank`."""
    words = [arg.value for arg in call.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    label = ".".join(words[:2]) if len(words) >= 2 else (words[0] if words else "")
    try:
        model = apps.get_model(label)
    except (LookupError, ValueError):
        return False
    return _rank_of_model(model) > rank


TEMPLATE_VARIABLE = re.compile(r"\b[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")
TEMPLATE_TAG = re.compile(r"{{.*?}}|{%.*?%}", re.DOTALL)
URL_TAG = re.compile(r"{%\s*url\s+[\"']([^\"']+)[\"']")


def reaches_in_template(source: str, rank: int) -> Iterator[tuple[int, str]]:
    """(line, what) for each dotted template variable that reads an upward accessor."""
    upward = upward_names(rank)
    for tag in TEMPLATE_TAG.finditer(source):
        line = source.count("\n", 0, tag.start()) + 1
        url = URL_TAG.match(tag.group())
        if url and _names_a_higher_url(url.group(1), rank):
            yield line, f"{{% url {url.group(1)!r} %}}"
            continue
        for variable in TEMPLATE_VARIABLE.findall(tag.group()):
            words = variable.split(".")
            for receiver, word in itertools.pairwise(words):
                if word in upward.accessors and (
                    word not in upward.ambiguous or _names_the_model(receiver, upward.accessors[word])
                ):
                    yield line, variable


def _modules(rank: int) -> Iterator[tuple[str, Path]]:
    """(package, module) for every module of the packages at or below `rank` (migrations aside)."""
    for package, package_rank in sorted(_ranks().items()):
        if package_rank > rank:
            continue
        folder = ROOT / package.replace(".", "/")
        modules = [folder.with_suffix(".py")] if folder.with_suffix(".py").exists() else folder.rglob("*.py")
        for path in sorted(modules):
            if "migrations" not in path.parts:
                yield package, path


def _app_sources() -> Iterator[tuple[str, int, Path]]:
    """(package, rank, file) for every module and template of every app below the top."""
    top = max(_ranks().values())
    for package, rank in sorted(_ranks().items()):
        if rank == top:
            continue  # nothing is above vpt.urls
        for module_package, path in _modules(rank):
            if module_package == package:
                yield package, rank, path
        for path in sorted((ROOT / "templates" / package.removeprefix("vpt.")).rglob("*.html")):
            yield package, rank, path


def all_reaches() -> list[str]:
    found = []
    for _package, rank, path in _app_sources():
        source = path.read_text(encoding="utf-8")
        check = reaches_in_template if path.suffix == ".html" else reaches_in_source
        found += [f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in check(source, rank)]
    return found


def test_no_lower_app_reaches_a_higher_apps_models() -> None:
    reaches = all_reaches()
    assert not reaches, "A lower app reads a higher app's models (pass the fact down instead):\n" + "\n".join(reaches)


def test_every_app_is_ranked_and_checked() -> None:
    checked = {package for package, _rank, _path in _app_sources()}
    assert {"vpt.accounts", "vpt.events", "vpt.tables", "vpt.seating", "vpt.rounds"} <= checked
    for config in apps.get_app_configs():
        if config.name.startswith("vpt."):
            assert config.name in _ranks(), f"{config.name} is missing from the layers contract"


EVENTS = "vpt.events"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("event.tables.filter(status='open').count()", [".tables"]),
        ("getattr(entry, 'seat', None)", ["getattr(…, 'seat')"]),
        ("Entry.objects.filter(boards__eliminated=True)", ["filter('boards__eliminated')"]),
        ("Entry.objects.values_list('id', 'boards__hand_id')", ["values_list('boards__hand_id')"]),
        ("Entry.objects.select_related('player', 'seat__table')", ["select_related('seat__table')"]),
        ("qs.filter(Q(entry__boards__isnull=False))", ["Q('entry__boards__isnull')"]),
        ("self.event.hands.exists()", [".hands"]),
        # Level.hands is a field of events: not a reach.
        ("level.hands - position.hands", []),
        ("Level.objects.filter(hands__isnull=False).order_by('-hands')", []),
        ("Entry.objects.filter(player__name='x').values('table_id').annotate(n=Count('id')).order_by('-n')", []),
        ("LevelSpec(hands=3, minutes=None)", []),
        ("apps.get_model('rounds', 'Hand').objects.count()", ["get_model(…)"]),
        ("apps.get_model('events.Entry')", []),
    ],
)
def test_the_checker_sees_reaches(source: str, expected: list[str]) -> None:
    found = [what for _line, what in reaches_in_source(source, _ranks()[EVENTS])]
    assert found == expected


def test_the_checker_reads_templates() -> None:
    source = "{% if row.seat %}{{ row.seat.table.number }}{% endif %} {{ level.hands }} {{ event.hands.count }}"
    found = [what for _line, what in reaches_in_template(source, _ranks()[EVENTS])]
    assert found == ["row.seat", "row.seat.table.number", "event.hands.count"]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # URL names of a higher app's namespace (an audience's app_name).
        ("reverse('floor:login')", ["reverse('floor:login')"]),
        ("redirect('public:table', slug='x', number=1)", ["redirect('public:table')"]),
        ("reverse_lazy('dealer:sign-in', args=['t'])", ["reverse_lazy('dealer:sign-in')"]),
        ("reverse(name)", []),
        # Model labels, as ForeignKey and audit object types write them (docstrings aside).
        ("models.ForeignKey('rounds.Hand', on_delete=models.CASCADE)", ["model 'rounds.Hand'"]),
        ("Q(object_type='rounds.hand')", ["model 'rounds.hand'"]),
        ("Q(object_type='events.entry')", []),
        ("def f():\n    '''rounds.hand'''", []),
        ("write_audit('rounds.hand_recorded')", []),
        # Lookups in admin options, Meta.ordering and expressions.
        ("class A:\n    list_display = ('name', 'seat__table')", ["option 'seat__table'"]),
        ("class A:\n    search_fields = ['^boards__hand__key']", ["option 'boards__hand__key'"]),
        ("class Meta:\n    ordering = ['-seat__number']", ["option '-seat__number'"]),
        ("class A:\n    list_display = ('name', 'status')", []),
        ("Case(When(boards__eliminated=True, then=1))", ["When('boards__eliminated')"]),
        ("Exists(Entry.objects.filter(boards__isnull=False))", ["filter('boards__isnull')"]),
    ],
)
def test_the_checker_sees_urls_labels_and_options(source: str, expected: list[str]) -> None:
    found = [what for _line, what in reaches_in_source(source, _ranks()[EVENTS])]
    assert found == expected


def test_the_checker_reads_url_tags() -> None:
    source = "<a href=\"{% url 'floor:login' %}\">{% url 'events:x' %}</a>{% url \"public:help-page\" 'a' %}"
    found = [what for _line, what in reaches_in_template(source, _ranks()[EVENTS])]
    assert found == ["{% url 'floor:login' %}", "{% url 'public:help-page' %}"]


def test_the_top_level_modules_are_in_the_contract() -> None:
    outside = {"vpt.settings", "vpt.wsgi", "vpt.__init__"}
    modules = {f"vpt.{path.stem}" for path in (ROOT / "vpt").glob("*.py")} - outside
    assert modules <= set(_ranks()), sorted(modules - set(_ranks()))
