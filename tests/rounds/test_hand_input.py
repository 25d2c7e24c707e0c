"""One mapping from a seat's fields to a board, for the device's JSON and the plain form alike."""

from vpt.rounds.hand_input import BoardInput, board_input, form_boards

SEATS = {
    3: {"top": "Qs Qh 2c", "middle": "Kd Kc 8h 8s 3d", "bottom": "2h 5h 9h Jh Ah", "dealt": "", "sat_out": False},
    5: {"top": "Qd", "middle": "", "bottom": "", "dealt": "2c 3c 4c 5c 7d", "sat_out": True, "unfinished": True},
    7: {"top": "Jc Jd", "middle": "", "bottom": "", "dealt": "Ah Kh", "sat_out": False, "unfinished": True},
}


def test_the_form_and_the_json_of_the_same_seats_make_the_same_boards() -> None:
    posted: dict[str, str] = {}
    for seat, fields in SEATS.items():
        for name, value in fields.items():
            if value is True:
                posted[f"s{seat}-{name}"] = "on"  # a ticked box; an unticked one is not sent
            elif value is not False:
                posted[f"s{seat}-{name}"] = value

    from_form = form_boards(posted, list(SEATS))
    from_json = [BoardInput.coerce({"seat": seat, **fields}) for seat, fields in SEATS.items()]

    assert (
        from_form
        == from_json
        == [
            BoardInput(3, top="Qs Qh 2c", middle="Kd Kc 8h 8s 3d", bottom="2h 5h 9h Jh Ah"),
            BoardInput(5, unfinished=True, dealt="2c 3c 4c 5c 7d"),  # sat out: the rows typed do not count
            BoardInput(7, top="Jc Jd", unfinished=True),  # did not sit out: the cards dealt do not count
        ]
    )


def test_an_api_client_that_gives_only_cards_dealt_means_the_player_sat_out() -> None:
    assert board_input(2, {"dealt": "2c 3c"}) == BoardInput(2, dealt="2c 3c")
    assert board_input(2, {"top": "Qs Qh 2c"}) == BoardInput(2, top="Qs Qh 2c")
