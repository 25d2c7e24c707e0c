"""Spanish numbers as the slips print them and as a Spanish poker room reads chips: 7.600,
1.080,00 (Django's own Spanish groups with a space, which left the web and the slips apart)."""

THOUSAND_SEPARATOR = "."
