"""A place in words: "1st", "2nd", "3rd", "11th" in English; in Spanish the number alone,
as a sentence says it ("en el puesto 2"), which assumes no gender (2.º and 2.ª would).

The suffix is chosen by English's ordinal rule and each form is its own translatable string
(context "ordinal place"), so a language translates each form as it needs.
"""

from __future__ import annotations

from django.utils.translation import pgettext

__all__ = ["ordinal"]


def ordinal(number: int | None) -> str:
    """`number` as a place: "1st", "22nd", "13th" (English), "1", "22", "13" (Spanish).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']
    """
    if number is None:
        return ""
    n = int(number)
    if n % 100 in (11, 12, 13):
        form = pgettext("ordinal place", "%(n)sth")
    elif n % 10 == 1:
        form = pgettext("ordinal place", "%(n)sst")
    elif n % 10 == 2:
        form = pgettext("ordinal place", "%(n)snd")
    elif n % 10 == 3:
        form = pgettext("ordinal place", "%(n)srd")
    else:
        form = pgettext("ordinal place", "%(n)sth")
    return form % {"n": n}
