"""Number and date formats that differ from Django's (FORMAT_MODULE_PATH)."""
