"""Every page of the demo event, read in Spanish as a player, a dealer and the director read it.

The catalogue test (test_translations.py) proves each marked string has a translation; these
prove the pages use them. For each page, rendered in Spanish (and in English to compare):

- no English catalogue string shows untranslated: a msgid whose Spanish differs, with its
  placeholders standing for anything, must not fill a line of the Spanish page;
- no unmarked English: a line the page shows the same in both languages may hold names, cards
  and numbers, never English words;
- no two columns of one table share a heading (a row header repeating a column's, as a total
  row does, is fine);
- chips and money read the Spanish way (7.600, 1.200,00) and dates as the web prints them
  (01/12/2026 09:30), never 7,600 or 2026-12-01.

The printed documents (slips, seat cards, table list, results, hand history, move slips) are
read the same way, with the event's slip language set to Spanish.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from built_once import clear_caches, shared_transaction
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from pypdf import PdfReader

from vpt.events.models import Event, Player
from vpt.people.models import Person
from vpt.rounds.models import Hand
from vpt.tables.models import Table
from vpt.tours.models import Tour
from vpt.tours.rules import KEYS as TOUR_RULE_KEYS

PO = Path(__file__).resolve().parent.parent / "locale/es/LC_MESSAGES/django.po"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
# Words no Spanish line holds; names, cards and numbers are the same in both languages.
ENGLISH = re.compile(
    r"\b(the|and|of|to|is|are|not|an|for|with|from|this|that|your|you|hand|hands|table|tables|"
    r"seat|seats|chips|points|player|players|level|break|round|payout|payouts|prize|entries|"
    r"dealer|button|fouled|eliminated|none|yet|next|left|open|finished|running)\b",
    re.IGNORECASE,
)
# The language switcher names each language in its own tongue; "VPT Director" is the product.
SAME_IN_BOTH = {"English", "VPT Director"}
ENGLISH_NUMBER = re.compile(r"\b\d{1,3}(?:,\d{3})+\b(?!,\d)|\b\d+\.\d\d\b(?![.\d])")
ISO_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")
# A field's code name (buy_in) where the reader should see its name; a tour's points rule is
# written as JSON, so its keys are the words the director types.
CODE_NAME = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def _entries(po_text: str) -> list[dict[str, str]]:
    entries = []
    for block in po_text.split("\n\n"):
        fields: dict[str, str] = {}
        name = None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                name = match.group(1)
                fields[name] = match.group(2)
            elif line.startswith('"') and name:
                fields[name] += line[1:-1]
        if fields.get("msgid"):
            entries.append({key: value.replace('\\"', '"').replace("\\\\", "\\") for key, value in fields.items()})
    return entries


def _untranslated_pattern() -> re.Pattern[str]:
    """One regex matching a whole line that is an English msgid whose Spanish says otherwise."""
    alternatives = []
    for entry in _entries(PO.read_text(encoding="utf-8")):
        spanish = entry.get("msgstr", entry.get("msgstr[0]", ""))
        for english in (entry["msgid"], entry.get("msgid_plural")):
            if not english or english == spanish or english in SAME_IN_BOTH or "\\n" in english:
                continue
            if not re.search(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", english)):
                continue
            parts = [re.escape(re.sub(r"\s+", " ", part)) for part in PLACEHOLDER.split(english)]
            alternatives.append(".+?".join(parts))
    return re.compile("^(?:" + "|".join(sorted(set(alternatives), key=len, reverse=True)) + ")$", re.MULTILINE)


UNTRANSLATED = _untranslated_pattern()


class Page(HTMLParser):
    """A page's visible lines (text and the attributes a reader sees or hears) and its tables'
    column headings."""

    BLOCKS = {"p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "section", "option", "label", "button"}
    BLOCKS |= {"a", "dt", "dd", "summary", "legend", "caption", "title", "nav", "header", "footer", "span", "br"}
    SEEN = ("title", "placeholder", "aria-label", "alt", "data-label")

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0
        self.tables: list[list[str]] = []
        self.heading: list[str] | None = None
        self.in_head = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag in ("script", "style", "template"):
            self.hidden += 1
        if tag in self.BLOCKS:
            self.parts.append("\n")
        for name, value in attributes.items():
            if value and (name in self.SEEN or name.startswith("data-text-") or name.startswith("data-label-")):
                self.parts.append(f"\n{value}\n")
        if tag == "table":
            self.tables.append([])
        if tag == "thead":
            self.in_head += 1
        if tag == "th" and (self.in_head or attributes.get("scope") == "col"):
            self.heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self.hidden -= 1
        if tag == "thead":
            self.in_head -= 1
        if tag == "th" and self.heading is not None:
            if self.tables:
                self.tables[-1].append(" ".join("".join(self.heading).split()))
            self.heading = None
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)
            if self.heading is not None:
                self.heading.append(data)

    def lines(self) -> list[str]:
        return [" ".join(line.split()) for line in "".join(self.parts).split("\n") if line.strip()]


def _json_lines(value: object) -> list[str]:
    """The texts of a JSON answer meant for a reader (``level_text``, ``message``...), not its codes."""
    if isinstance(value, dict):
        return [
            line
            for key, item in value.items()
            for line in (
                [" ".join(item.split())]
                if isinstance(item, str) and item.strip() and key.endswith(("text", "message", "template"))
                else _json_lines(item)
            )
        ]
    if isinstance(value, list):
        return [line for item in value for line in _json_lines(item)]
    return []


def read(response: object) -> tuple[list[str], list[list[str]]]:
    """The lines a reader sees in an HTML page, a JSON answer or a PDF, and the tables' headings."""
    content_type = response["Content-Type"]  # type: ignore[index]
    body: bytes = response.content  # type: ignore[attr-defined]
    if "pdf" in content_type:
        text = "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(body)).pages)
        return [" ".join(line.split()) for line in text.splitlines() if line.strip()], []
    if "json" in content_type:
        return _json_lines(json.loads(body)), []
    page = Page(body.decode())
    return page.lines(), page.tables


def problems(url: str, spanish: object, english: object, names: tuple[str, ...] = ()) -> list[str]:
    """What a Spanish reader would trip on in ``spanish``; ``names`` (of events, tours, venues,
    people) are the same in every language."""
    lines, tables = read(spanish)
    english_lines = set(read(english)[0])

    def english_words(line: str) -> bool:
        for name in names:
            line = line.replace(name, "")
        return bool(ENGLISH.search(line)) and not line.lstrip().startswith(('"', "{", "["))

    text = "\n".join(lines)
    found = [f"{url}: untranslated {match.group(0)!r}" for match in UNTRANSLATED.finditer(text)]
    found += [
        f"{url}: the same in English {line!r}"
        for line in lines
        if line in english_lines and line not in SAME_IN_BOTH and english_words(line) and "http" not in line
    ]
    for headings in tables:
        named = [heading for heading in headings if heading]
        if len(set(named)) != len(named):
            found.append(f"{url}: a table's columns share a heading: {headings}")
    found += [f"{url}: English number {match.group(0)!r}" for match in ENGLISH_NUMBER.finditer(text)]
    found += [
        f"{url}: code name {match.group(0)!r} in {line!r}"
        for line in lines
        if "{" not in line and "manage.py" not in line  # JSON and commands are typed as they are
        for match in CODE_NAME.finditer(line)
        if match.group(0) not in TOUR_RULE_KEYS
    ]
    found += [
        f"{url}: ISO date {match.group(0)!r}"
        for line in lines
        if "http" not in line
        for match in ISO_DATE.finditer(line)
    ]
    return found


def _names() -> tuple[str, ...]:
    """The names on the pages, the same in every language: events, venues, tours, people."""
    names = tuple(Event.objects.values_list("name", flat=True)) + tuple(Event.objects.values_list("venue", flat=True))
    names += tuple(Tour.objects.values_list("name", flat=True))
    names += tuple(" ".join(user.get_full_name().split()) for user in User.objects.all() if user.get_full_name())
    return tuple(name for name in names if name)


def read_all(urls: list[str], user: User | None = None) -> list[str]:
    names = _names()
    found = []
    for url in urls:
        responses = {}
        for language in ("es", "en"):
            client = Client(HTTP_ACCEPT_LANGUAGE=language)
            if user is not None:
                client.force_login(user)
            responses[language] = client.get(url)
            assert responses[language].status_code == 200, (url, language, responses[language].status_code)
        found += problems(url, responses["es"], responses["en"], names)
    return found


@pytest.fixture(scope="module")
def demo_loaded(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The demo event loaded once for the module (tests/built_once.py): each test's writes are
    still undone after it."""
    with django_db_blocker.unblock(), shared_transaction():
        call_command("loaddata", "fixtures/demo_event.json", verbosity=0)
        Event.objects.update(language=Event.Language.ES)
        yield


@pytest.fixture
def demo(demo_loaded: None, db: None, settings: object, tmp_path: Path) -> Event:
    """The demo event (a running one and a finished warm-up, in a tour), slips in Spanish."""
    settings.DATA_DIR = tmp_path  # type: ignore[attr-defined]
    clear_caches()
    return Event.objects.get(slug="demo-open")


def _hands(event: Event) -> list[Hand]:
    """A plain hand, one with a foul, one with Fantasyland next and one with an elimination."""
    hands = Hand.objects.filter(event__in=Event.objects.all())
    picks = [
        hands.filter(event=event).order_by("-number").first(),
        hands.filter(boards__fouled=True).first(),
        hands.filter(boards__fantasyland_next_cards__gt=0).first(),
        hands.filter(boards__eliminated=True).first(),
    ]
    return [hand for hand in picks if hand is not None]


def test_the_public_pages_read_in_spanish(demo: Event) -> None:
    urls = ["/", "/tables/calculator/", "/floor/accounts/login/", "/tours/demo-tour/", "/tours/demo-tour/?screen=big"]
    for slug in ("demo-open", "demo-warm-up"):
        urls += [f"/standings/{slug}/{page}" for page in ("", "payouts/", "clock/", "clock.json", "screen/")]
        urls += [
            f"/standings/{slug}/tables/1/",
            f"/standings/{slug}/players/{Player.objects.filter(event__slug=slug).first().pk}/",
        ]  # type: ignore[union-attr]
    urls += [f"/people/{person.pk}/" for person in Person.objects.order_by("pk")[:2]]
    out = io.StringIO()
    call_command("player_links", "demo-open", stdout=out)
    urls += ["/" + line.split("/", 3)[3] for line in out.getvalue().splitlines()[1:3]]

    found = read_all(urls)
    assert found == [], "\n".join(found)


def test_the_director_pages_and_printables_read_in_spanish(demo: Event) -> None:
    director = User.objects.get(username="director")
    table = Table.objects.get(event=demo, number=1)
    hands = _hands(demo)
    urls = ["/floor/events/", "/floor/events/new/", "/floor/accounts/lockouts/", "/floor/people/", "/floor/tours/"]
    urls += ["/floor/tours/demo-tour/"]
    for slug in ("demo-open", "demo-warm-up"):
        urls += [
            f"/floor/events/{slug}/{page}"
            for page in ("", "edit/", "structure/", "payouts/", "deal/", "cash/", "players/", "clock/", "audit/")
        ]
        urls += [f"/floor/events/{slug}/player-links/", f"/floor/seating/{slug}/", f"/floor/seating/{slug}/tables/"]
        urls += [
            f"/floor/seating/{slug}/balancing/",
            f"/floor/tables/event/{slug}/dealers/",
            f"/floor/hands/event/{slug}/",
        ]
        urls += [f"/floor/slips/events/{slug}/", f"/floor/events/{slug}/deal/?unit=0.01"]
        urls += [f"/floor/events/{slug}/end-of-day/"]
        urls += [
            f"/floor/slips/events/{slug}/{pdf}.pdf"
            for pdf in ("seat-cards", "moves", "table-list", "bag-labels", "advance-list")
        ]
        urls += [f"/slips/events/{slug}/results.pdf"]
    urls += [
        f"/floor/hands/event/demo-open/?show={show}" for show in ("fouls", "fantasyland", "eliminations", "corrected")
    ]
    for hand in hands:
        urls += [f"/floor/hands/{hand.pk}/", f"/tables/hands/{hand.pk}/slip.pdf"]
    urls += [f"/floor/hands/{hands[0].pk}/correct/", f"/floor/hands/{hands[0].pk}/void/"]
    urls += [f"/slips/tables/{table.pk}/history.pdf"]

    found = read_all(urls, director)
    assert found == [], "\n".join(found)


def test_the_dealer_pages_read_in_spanish(demo: Event) -> None:
    dealer = User.objects.get(username="dealer1")
    table = Table.objects.get(event=demo, number=1)
    last = Hand.objects.filter(table=table).order_by("-number").first()
    assert last is not None
    urls = [f"/tables/{table.pk}/", f"/tables/{table.pk}/hands/{last.number}/", f"/tables/hands/{last.pk}/slip.pdf"]

    found = read_all(urls, dealer)
    assert found == [], "\n".join(found)


BOARDS = (
    ("Qs Qh Qd", "Kd Kh 8c 8s 3d", "Jh Jd Js 4c 4d"),  # trips on top over two pair: a foul
    ("7c 6d 5s", "9h 9d Tc Td 2h", "As Ks 7s 6s 4s"),
    ("Ah Ad Kc", "2c 2d 3h 3s 9c", "4h 5h 6h 7h 8h"),
)


def _posted(responses: dict[str, object], url: str, data: dict[str, str], user: User | None) -> None:
    for language in ("es", "en"):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if user is not None:
            client.force_login(user)
        responses[language] = client.post(url, data)
        assert responses[language].status_code == 200, (url, language)  # type: ignore[attr-defined]


def test_the_previews_read_in_spanish(demo: Event) -> None:
    """What only a POST shows: the calculator's result and the dealer's preview, with a foul,
    Fantasyland, a capped payment and an elimination."""
    calculator = {"variant": "progressive", "players": "3", "chips_per_point": "100"}
    for index, rows in enumerate(BOARDS):
        calculator |= {f"p{index}-{row}": cards for row, cards in zip(("top", "middle", "bottom"), rows, strict=True)}
        calculator |= {f"p{index}-name": "", f"p{index}-stack": ("300", "1000", "5000")[index]}
    table = Table.objects.get(event=demo, number=2)
    seats = sorted(table.seat_set.exclude(entry=None).values_list("number", flat=True))
    dealer = {
        f"s{seat}-{row}": cards
        for seat, rows in zip(seats, BOARDS, strict=False)
        for row, cards in zip(("top", "middle", "bottom"), rows, strict=True)
    }
    found = []
    for url, data in (("/tables/calculator/", calculator), (f"/tables/{table.pk}/", dealer)):
        responses: dict[str, object] = {}
        _posted(responses, url, data, User.objects.get(username="director"))
        found += problems(url, responses["es"], responses["en"], _names())
        page = responses["es"].content.decode()  # type: ignore[attr-defined]
        assert "Falta" in page and "con tope" in page and "Fantasyland en la próxima mano" in page, url

    assert found == [], "\n".join(found)


def test_the_error_pages_read_in_spanish(demo: Event, settings: object) -> None:
    """Django's own 400, 403 and 404 pages are English only; the project's speak the reader's language."""
    settings.DEBUG = False  # type: ignore[attr-defined]
    dealer = User.objects.get(username="dealer1")
    other_table = Table.objects.get(event=demo, number=2)
    pages = [("/no-such-page/", None, {}, 404), (f"/tables/{other_table.pk}/", dealer, {}, 403)]
    pages += [("/tables/calculator/", None, {"HTTP_HOST": "not-this-server.example"}, 400)]
    found = []
    for url, user, headers, status in pages:
        responses = {}
        for language in ("es", "en"):
            client = Client(HTTP_ACCEPT_LANGUAGE=language, **headers)
            if user is not None:
                client.force_login(user)
            responses[language] = client.get(url)
            assert responses[language].status_code == status, (url, language)
        found += problems(url, responses["es"], responses["en"])
        assert '<html lang="es">' in responses["es"].content.decode(), url

    assert found == [], "\n".join(found)


def test_the_checks_catch_what_they_are_for() -> None:
    """English left in a Spanish page, a heading twice, an English number or date: each is named."""
    html = (
        "<p>Jugadores restantes</p><p>Players left</p><p>Fichas tras cada una de las 3 manos</p>"
        "<p>Stack 7,600 · 2026-12-01 09:30</p><p>Redondear a 0.01</p><p>Evento modificado: buy_in</p>"
        "<table><thead><tr><th>Fichas</th><th>Fichas</th></tr></thead></table>"
    )

    class Response(dict[str, str]):
        content = html.encode()

    spanish = Response({"Content-Type": "text/html"})
    english = Response({"Content-Type": "text/html"})
    english.content = b"<p>Players left</p>"

    assert problems("/x/", spanish, english) == [
        "/x/: untranslated 'Players left'",
        "/x/: the same in English 'Players left'",
        "/x/: a table's columns share a heading: ['Fichas', 'Fichas']",
        "/x/: English number '7,600'",
        "/x/: English number '0.01'",
        "/x/: code name 'buy_in' in 'Evento modificado: buy_in'",
        "/x/: ISO date '2026-12-01'",
    ]


def test_the_main_event_pages_read_in_spanish(demo: Event) -> None:
    director = User.objects.get(username="director")
    call_command("create_main_event", "fest", name="Festival", flights="1A,1B", advance="0.4", stdout=io.StringIO())
    Event.objects.filter(slug__startswith="fest").update(language=Event.Language.ES)
    urls = ["/floor/events/fest/flights/", "/floor/events/fest/", "/floor/events/fest-1a/", "/standings/fest/day2/"]
    found = read_all(urls, director)
    for seed in (1, 2):
        call_command("simulate_event", flight_of="fest", players=8, seed=seed, finish=True, stdout=io.StringIO())
    call_command("start_day2", "fest", seed=3, stdout=io.StringIO())
    urls = ["/floor/events/fest/flights/", "/floor/slips/events/fest/day2-seat-list.pdf", "/standings/fest/day2/"]
    found += read_all(urls, director)
    assert found == [], "\n".join(found)
