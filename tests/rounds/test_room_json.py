"""`simulate_event --hands 0 --room-json FILE`: a token for every table, for a load tool."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from vpt.tables.models import Table, TableDevice
from vpt.tables.services import hash_token

pytestmark = pytest.mark.django_db


def test_room_json_names_every_table_with_a_working_token(tmp_path: Path, capsys: Any) -> None:
    room_file = tmp_path / "room.json"
    call_command("simulate_event", players=9, hands=0, seed=3, room_json=str(room_file))
    slug = capsys.readouterr().out.strip().splitlines()[-1]
    room = json.loads(room_file.read_text())
    assert room["slug"] == slug
    tables = Table.objects.filter(event__slug=slug, status=Table.Status.OPEN).order_by("number")
    assert [(t["id"], t["number"]) for t in room["tables"]] == [(t.pk, t.number) for t in tables]
    assert len(room["tables"]) == 3
    assert os.stat(room_file).st_mode & 0o077 == 0  # the tokens are secrets: owner only
    for item in room["tables"]:
        assert TableDevice.objects.get(table_id=item["id"], revoked_at__isnull=True).token_hash == hash_token(
            item["token"]
        )
        response = Client().get(
            reverse("api:table", args=[item["id"]]), headers={"Authorization": f"Bearer {item['token']}"}
        )
        assert response.status_code == 200 and response.json()["hand_number"] == 1


def test_room_json_to_standard_output_keeps_the_slug_last(capsys: Any) -> None:
    call_command("simulate_event", players=6, hands=0, seed=4, room_json="-")
    lines = capsys.readouterr().out.strip().splitlines()
    room = json.loads("\n".join(lines[lines.index("{") : -1]))
    assert room["slug"] == lines[-1] and len(room["tables"]) == 2
