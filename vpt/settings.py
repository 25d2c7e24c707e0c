"""Settings for VPT Director, configured by environment variables.

DATABASE_URL       database (dj-database-url syntax); SQLite file db.sqlite3 by default
VPT_SECRET_KEY     required when VPT_DEBUG is off (`make run` keeps one in the data folder)
VPT_DEBUG          "1"/"0" (default "1" for `make dev` and the tests; `make run` sets "0")
VPT_ALLOWED_HOSTS  comma-separated host names
VPT_DATA_DIR       this machine's own files: secrets, logs, collected static files (default var/)
VPT_HTTPS          "1" behind an HTTPS proxy: secure cookies, HSTS, redirect to https
VPT_SESSION_HOURS  how long a login lasts (default 12: one playing day)
VPT_PUBLIC_URL     the address players reach the app at, e.g. https://vpt.example.org: every QR
                   code and absolute link uses it (default: the host of the request; `make run`
                   sets its first LAN address). Nothing is printed for a loopback one.
VPT_CACHE_URL      redis://host:6379/0: the cache of live pages' renders, shared by every app
                   server (default: each process's own memory)
VPT_DB_POOL_SIZE   PostgreSQL: connections per process, pooled (default: VPT_THREADS, 8; 0: no pool)
VPT_DB_POOL_TIMEOUT  seconds a request waits for a pooled connection, then the 503 page (10)
VPT_BACKUP_MINUTES `make run`'s job runner backs up this often (default 5; 0: never; vpt.jobs)
VPT_DISK_WARN_MB   directors' pages warn "disk almost full" under this free space (1024)
VPT_LOGIN_WAIT_SECONDS  after a failed login its address waits this long (2), doubling with each
                   further failure up to VPT_LOGIN_WAIT_MAX_SECONDS (60); 0: no wait
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from vpt.local_secrets import data_dir, read_secrets

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = _env_bool("VPT_DEBUG", default=True)

DATA_DIR = data_dir(BASE_DIR)


def _saved_secret_key(folder: Path) -> str:
    """The key `make run` keeps in the data folder, "" without one: a management command run
    beside the server (`player_links`, which signs the players' links) must sign with the
    server's key, or every link it prints is a 404."""
    try:
        return str(read_secrets(folder).get("secret_key") or "")
    except (OSError, ValueError):
        return ""


SECRET_KEY = os.environ.get("VPT_SECRET_KEY", "") or _saved_secret_key(DATA_DIR)
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set VPT_SECRET_KEY: it is required when VPT_DEBUG is off.")
    SECRET_KEY = "insecure-local-development-key-not-for-production"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("VPT_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "django_htmx",
    "template_partials",
    "vpt.accounts",
    "vpt.audit",
    "vpt.people",
    "vpt.events",
    "vpt.clock",
    "vpt.tables",
    "vpt.seating",
    "vpt.rounds",
    "vpt.money",
    "vpt.festival",
    "vpt.tours",
    "vpt.slips",
    "vpt.standings",
    # The audiences' pages (no models): the director's floor, the table's device, the public
    # site, the JSON API.
    "vpt.floor",
    "vpt.dealer",
    "vpt.public",
    "vpt.api",
]

MIDDLEWARE = [
    # Above SecurityMiddleware, to take back its opener policy where browsers only complain of it.
    "vpt.http.OpenerPolicyOnTrustworthyOriginsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Static files answered here skip the rest of the stack (sessions, CSP, locale).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    # Outside the 503 page: every error under /api/ is JSON with a code (vpt.api_errors).
    "vpt.api_errors.ApiErrorsMiddleware",
    # Outside sessions and auth: a database that does not answer gives the 503 page, not a 500.
    "vpt.middleware.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before the CSRF check, which reads a POST's whole body: too large from nobody, refused.
    "vpt.accounts.middleware.AnonymousBodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "vpt.accounts.middleware.SignedInPagesNotStoredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes requires: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
    # A login from an address that failed just before waits, refused before any password check.
    "vpt.accounts.throttle.LoginFloodMiddleware",
]

ROOT_URLCONF = "vpt.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "vpt.tables.context_processors.table_device",
                "vpt.disk.disk_warning",
                "vpt.public.help_views.help_link",
            ],
        },
    },
]

WSGI_APPLICATION = "vpt.wsgi.application"

DATABASES = {
    # runserver (debug) starts a thread per request, so only gunicorn's fixed threads keep
    # their connection between requests; that bounds PostgreSQL's clients to workers x threads.
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0 if DEBUG else 60,
        conn_health_checks=not DEBUG,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A room of tablets writing at once: WAL lets the phones read while a hand is written, and
    # IMMEDIATE takes the write lock when a transaction starts, so a writer waits its turn
    # (up to the busy timeout) instead of failing with "database is locked" when a read lock
    # it already holds cannot be upgraded. synchronous=NORMAL is durable in WAL mode except
    # for the last commits on a power cut.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000; PRAGMA foreign_keys=ON"
            ),
        }
    )
    # Tests run on a file too, in WAL mode like the room: an in-memory database shares one
    # cache between threads and answers concurrent writers with "table is locked". One file per
    # process, so two test runs on one machine never share it (Django deletes it at the end).
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES["default"].setdefault("TEST", {}).setdefault("NAME", str(DATA_DIR / f"test-{os.getpid()}.sqlite3"))
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A pool of connections in each process (psycopg's, run by Django): a request's thread
    # borrows one and gives it back at the end; a thread that finds all of them lent waits up to
    # VPT_DB_POOL_TIMEOUT seconds, then the request gets the 503 page (vpt.middleware). A process
    # never holds more than VPT_DB_POOL_SIZE, so what the servers can open is bounded:
    #   app servers x gunicorn workers x VPT_DB_POOL_SIZE + 2 (job runner, a backup)
    #       <= max_connections - superuser_reserved_connections
    # The default, the threads per worker (VPT_THREADS, set by `make run`; 8), never makes a
    # thread wait. VPT_DB_POOL_SIZE=0 turns the pool off (a connection per thread, kept 60 s).
    DB_POOL_SIZE = int(os.environ.get("VPT_DB_POOL_SIZE") or os.environ.get("VPT_THREADS") or 8)
    if DB_POOL_SIZE > 0:
        DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django must not
        # Checked when lent: a connection broken while the database was down is replaced.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(2, DB_POOL_SIZE),
            "max_size": DB_POOL_SIZE,
            "timeout": float(os.environ.get("VPT_DB_POOL_TIMEOUT", "10")),
        }
        # After an outage the pool notices the database is back within seconds, not a minute.
        from vpt.outage import cap_pool_reconnect_delay

        cap_pool_reconnect_delay()

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Renders of the live pages, keyed by the event's version (vpt.pages.live). In each process's
# memory by default; in Redis, shared by every app server, when VPT_CACHE_URL names one.
CACHES: dict[str, dict[str, object]]
if os.environ.get("VPT_CACHE_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["VPT_CACHE_URL"],
            "KEY_PREFIX": "vpt",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "vpt",
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }

AUTHENTICATION_BACKENDS = [
    "vpt.accounts.backends.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
]

# Login throttling (django-axes): five wrong passwords for a username from one address lock
# that username at that address for 15 minutes, even with the right password; the count lives
# in the database, so every server process sees it. By username and address together: five
# wrong passwords from a phone in the room must not lock the director out of the laptop.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "vpt.floor.account_views.locked_out"
AXES_CLIENT_IP_CALLABLE = "vpt.accounts.throttle.client_address"
# And per address, before any password is checked (vpt.accounts.throttle): after a failed login
# the address waits 2 s, doubling with each further failure up to a minute.
VPT_LOGIN_WAIT_SECONDS = float(os.environ.get("VPT_LOGIN_WAIT_SECONDS", "2"))
VPT_LOGIN_WAIT_MAX_SECONDS = float(os.environ.get("VPT_LOGIN_WAIT_MAX_SECONDS", "60"))
# Directors' pages say "disk almost full" under this much free space (vpt.disk).
VPT_DISK_WARN_MB = int(os.environ.get("VPT_DISK_WARN_MB", "1024"))
# At most this many login attempt rows and access log rows are kept (the newest).
VPT_LOGIN_ROWS = 1000

SESSION_COOKIE_AGE = int(float(os.environ.get("VPT_SESSION_HOURS", "12")) * 3600)

# The public base URL printed in QR codes and absolute links: a dealer's tablet may reach the
# app as 127.0.0.1 or a LAN address that the players' phones cannot. Empty: the request's host.
VPT_PUBLIC_URL = os.environ.get("VPT_PUBLIC_URL", "").strip().rstrip("/")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "floor:login"
LOGIN_REDIRECT_URL = "public:home"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
# One number format everywhere: Spanish chips read 7.600 on the web as on the slips.
FORMAT_MODULE_PATH = ["vpt.formats"]
USE_TZ = True
TIME_ZONE = "Europe/Madrid"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "static"
# whitenoise looks in it when the app starts, before any `collectstatic` (the tests, `make dev`).
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Served by whitenoise with hashed names (cached for a year) once `collectstatic` has run,
    # as `make run` does; with debug on (and in the tests) files come straight from static/.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}

# HTTPS is the proxy's job (Caddy, nginx); VPT_HTTPS=1 says there is one.
HTTPS = _env_bool("VPT_HTTPS", default=False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # A monitor may ask the app directly, without the proxy.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Content Security Policy: scripts, styles, fonts and images come from this server only, and
# nothing inline runs (htmx's own indicator <style> is turned off in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}

# With debug off, errors and their tracebacks go to stderr and to a rotating file in the data
# folder; gunicorn writes one line per request.
if not DEBUG:
    LOG_DIR = DATA_DIR / "logs"
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    LOGGING = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "plain": {"format": "%(asctime)s %(levelname)s %(name)s [pid %(process)d] %(message)s"},
        },
        "filters": {"redact_tokens": {"()": "vpt.log_redaction.RedactTokens"}},
        "handlers": {
            "stderr": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["redact_tokens"]},
            "file": {
                # Closed and reopened when a write fails: logging goes on after a full disk.
                "class": "vpt.log_files.SurvivingRotatingFileHandler",
                "filename": LOG_DIR / "vpt.log",
                "maxBytes": 5 * 1024 * 1024,
                "backupCount": 5,
                "encoding": "utf-8",
                "delay": True,
                "formatter": "plain",
                "filters": ["redact_tokens"],
            },
        },
        "root": {"handlers": ["stderr", "file"], "level": "WARNING"},
        "loggers": {
            # 4xx answers are in gunicorn's access log; 5xx come here with their traceback.
            "django.request": {"level": "ERROR"},
        },
    }
