"""Settings for mjsite, read from the environment.

Every variable goes through a typed helper (``env_str``, ``env_bool``, ``env_int``,
``env_list``) that raises ``ImproperlyConfigured`` naming the variable and the bad value,
so a typo such as ``MJ_DEBUG=maybe`` stops the process at start-up instead of being read
as some default.  An empty value counts as unset.

With no environment at all the site runs in debug mode on SQLite with the in-memory
channel layer, which is what ``make run`` relies on.  Production sets ``MJ_DEBUG=false``,
and then ``MJ_SECRET_KEY`` and ``MJ_ALLOWED_HOSTS`` are required.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from mjsite import lan
from scoring.engine.rulesets import site_apps

BASE_DIR = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------
# Typed environment helpers
# ---------------------------------------------------------------------------

_REQUIRED: Any = object()

_TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
_FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def _raw(name: str, environ: Mapping[str, str] | None) -> str | None:
    value = (os.environ if environ is None else environ).get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def _missing(name: str, why: str | None) -> ImproperlyConfigured:
    reason = f" ({why})" if why else ""
    return ImproperlyConfigured(f"The environment variable {name} is required{reason}.")


def env_str(
    name: str,
    default: str = _REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
    why: str | None = None,
) -> str:
    """Return the variable as a string, or ``default``; required when no default is given."""
    raw = _raw(name, environ)
    if raw is None:
        if default is _REQUIRED:
            raise _missing(name, why)
        return default
    return raw


def env_bool(
    name: str,
    default: bool = _REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> bool:
    """Return the variable as a boolean: true/false, yes/no, on/off or 1/0, any case."""
    raw = _raw(name, environ)
    if raw is None:
        if default is _REQUIRED:
            raise _missing(name, None)
        return default
    word = raw.lower()
    if word in _TRUE_WORDS:
        return True
    if word in _FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean; use one of true/false, yes/no, on/off or 1/0."
    )


def env_int(
    name: str,
    default: int = _REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """Return the variable as a whole number (optionally within ``minimum``-``maximum``)."""
    raw = _raw(name, environ)
    if raw is None:
        if default is _REQUIRED:
            raise _missing(name, None)
        return default
    try:
        value = int(raw, 10)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    if maximum is not None and value > maximum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at most {maximum}.")
    return value


def env_list(
    name: str,
    default: list[str] | None = _REQUIRED,
    *,
    environ: Mapping[str, str] | None = None,
) -> list[str]:
    """Return a comma-separated variable as a list of stripped, non-empty items."""
    raw = _raw(name, environ)
    if raw is None:
        if default is _REQUIRED:
            raise _missing(name, "a comma-separated list")
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


_RATE_UNITS = ("s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day")


def env_rate(name: str, default: str, *, environ: Mapping[str, str] | None = None) -> str:
    """Return the variable as a DRF throttle rate such as ``60/minute``."""
    value = env_str(name, default, environ=environ)
    count, _sep, unit = value.partition("/")
    if not count.isdigit() or unit not in _RATE_UNITS:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a rate; use a number of requests per second, minute, "
            "hour or day, e.g. 60/minute."
        )
    return value


def env_delay_ms(name: str, *, debug: bool,
                 environ: Mapping[str, str] | None = None) -> tuple[int, int] | None:
    """A test-only latency such as ``300-800`` (milliseconds, low-high) or ``500``; only
    with ``MJ_DEBUG`` on, so a production server can never be slowed by it."""
    raw = _raw(name, environ)
    if raw is None:
        return None
    if not debug:
        raise ImproperlyConfigured(f"{name} is for tests and needs MJ_DEBUG=true.")
    low, _sep, high = raw.partition("-")
    if not low.strip().isdigit() or (high and not high.strip().isdigit()):
        raise ImproperlyConfigured(f"{name}={raw!r} must be milliseconds, e.g. 300-800 or 500.")
    pair = (int(low), int(high or low))
    if pair[0] > pair[1] or pair[1] > 10_000:
        raise ImproperlyConfigured(f"{name}={raw!r} must be low-high, at most 10000.")
    return pair


def local_secret_key(path: Path, _attempts: int = 5) -> str:
    """The home game's secret key: read from ``path``, made there on the first start.

    A key of its own per installation (never a key shipped in the code) keeps sessions and
    seats safe from anyone who read the source; keeping it in a file keeps phones seated
    across restarts.
    """
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    except OSError as exc:
        raise ImproperlyConfigured(f"cannot read the secret key file {path}: {exc}") from None
    if len(key) >= 50:
        return key
    if key:
        raise ImproperlyConfigured(f"the secret key file {path} holds no usable key (50 or "
                                   "more characters); delete it and a new one is made")
    from django.core.management.utils import get_random_secret_key

    key = get_random_secret_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Readable by this user only; O_EXCL so that of two processes starting at once,
        # the second reads the first one's key instead of replacing it.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if _attempts <= 1:
            raise ImproperlyConfigured(f"the secret key file {path} stays empty; delete it "
                                       "and a new one is made") from None
        time.sleep(0.2)  # another process is writing it
        return local_secret_key(path, _attempts - 1)
    except OSError as exc:
        raise ImproperlyConfigured(
            f"cannot write the secret key file {path}: {exc}; set MJ_SECRET_KEY instead"
        ) from None
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    return key


def public_url_setting(raw: str) -> str:
    """``MJ_PUBLIC_URL`` checked: an http(s) origin, kept without a trailing slash."""
    if not raw:
        return ""
    parsed = urlsplit(raw)
    if parsed.scheme not in {"http", "https"} or not parsed.hostname or parsed.query \
            or parsed.fragment or parsed.path not in {"", "/"}:
        raise ImproperlyConfigured(
            f"MJ_PUBLIC_URL={raw!r} must be the site's address such as "
            "https://mahjong.example.org (http or https, no path)."
        )
    return raw.rstrip("/")


def public_url_host(url: str) -> str:
    hostname = urlsplit(url).hostname or ""
    return f"[{hostname}]" if ":" in hostname else hostname


# ---------------------------------------------------------------------------
# Builders for settings that are derived from a URL (tested on their own)
# ---------------------------------------------------------------------------

DEFAULT_DATABASE_URL = f"sqlite:///{BASE_DIR / 'db.sqlite3'}"


def database_config(url: str, *, conn_max_age: int = 0) -> dict[str, Any]:
    """Turn a ``DATABASE_URL`` into a Django ``DATABASES['default']`` entry.

    ``postgres://`` selects Django's PostgreSQL backend, which uses psycopg 3.
    """
    try:
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} cannot be used: {exc}") from None
    if not config.get("ENGINE"):
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} names no database engine.")
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Write-ahead log, synced at checkpoints rather than on every commit: a hand stays
        # recorded if the server process dies (tested), and only a power cut may lose the
        # last moments. With the default rollback journal each write waited for two disk
        # syncs, which bench/load.py showed to be most of a hand's latency.
        options = dict(config.get("OPTIONS") or {})
        options.setdefault("init_command",
                           "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
        config["OPTIONS"] = options
    return dict(config)


# Messages a socket's channel holds before the layer drops more: Channels' default. A
# phone that connects asks only the phones entering a hand who is (games.consumers), and
# they answer it alone, so a crowd connecting at once puts nothing in the others'
# channels. (It was 1000 while each connect asked the whole table and every entering phone
# answered the whole table: a 300-phone crowd filled channels of 100 and dropped a hand,
# games/tests/integration/test_two_servers.py.)
CHANNEL_CAPACITY = 100
REDIS_SOCKET_TIMEOUT = 30
# Redis connections per process, for the channel layer and for the cache each (a blocking
# pool: a burst waits for a free one; mjsite/redis_pool.py).
REDIS_MAX_CONNECTIONS = 50


def channel_layers_for(redis_url: str | None, prefix: str = "",
                       max_connections: int = REDIS_MAX_CONNECTIONS) -> dict[str, Any]:
    """``CHANNEL_LAYERS`` for a ``REDIS_URL``: channels-redis when set, else in-memory.

    The in-memory layer only reaches consumers in the same process, which is fine for
    ``make run`` and tests; several server processes need Redis. ``prefix`` keeps two sites
    (or two test runs) on one Redis from hearing each other's groups.
    """
    if not redis_url:
        return {"default": {"BACKEND": "mjsite.memory_layer.SweptInMemoryChannelLayer",
                            "CONFIG": {"capacity": CHANNEL_CAPACITY}}}
    scheme = redis_url.split("://", 1)[0].lower() if "://" in redis_url else ""
    if scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            f"REDIS_URL={redis_url!r} must start with redis://, rediss:// or unix://."
        )
    # redis-py 8 reads with a 5 s socket timeout by default, the same 5 s that channels-redis
    # blocks in BZPOPMIN waiting for messages: under load the read timed out first and
    # the consumer died, dropping the phone's socket. Give the read a margin over it.
    # A plain pool opens a connection per concurrent command and keeps every one of them
    # (hundreds of idle connections after a crowd left) or, at its maximum, raises: the
    # pool blocks at max_connections instead (mjsite/redis_pool.py).
    host = {"address": redis_url, "socket_timeout": REDIS_SOCKET_TIMEOUT,
            "socket_connect_timeout": 5, "max_connections": max_connections}
    config: dict[str, Any] = {"hosts": [host], "capacity": CHANNEL_CAPACITY}
    if prefix:
        config["prefix"] = prefix
    return {"default": {"BACKEND": "mjsite.redis_pool.CappedRedisChannelLayer",
                        "CONFIG": config}}


def caches_for(cache_url: str | None, prefix: str = "",
               max_connections: int = REDIS_MAX_CONNECTIONS) -> dict[str, Any]:
    """``CACHES`` for ``MJ_CACHE_URL`` (else ``REDIS_URL``): Redis when set, else in-memory.

    The rate limits (common/ratelimit.py, the API throttles) count in this cache, so several
    server processes must share one: a per-process memory cache would let each of them
    allow the full rate.
    """
    if not cache_url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    scheme = cache_url.split("://", 1)[0].lower() if "://" in cache_url else ""
    if scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            f"MJ_CACHE_URL={cache_url!r} must start with redis://, rediss:// or unix://."
        )
    cache: dict[str, Any] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": cache_url,
        # At most max_connections per process; a thread waits up to 10 s for one, then
        # the limits fail open as in an outage (common/ratelimit.py).
        "OPTIONS": {"pool_class": "redis.BlockingConnectionPool",
                    "max_connections": max_connections, "timeout": 10},
    }
    if prefix:
        cache["KEY_PREFIX"] = prefix
    return {"default": cache}


# ---------------------------------------------------------------------------
# Core
# ---------------------------------------------------------------------------

# `make run` is the home-game server: debug off, every interface, this machine's LAN
# addresses allowed, a secret key of its own kept in a git-ignored file, plain HTTP.
# `make dev` is the debug server on loopback; production sets neither (MJ_DEBUG=false).
HOME_GAME = env_bool("MJ_HOME_GAME", False)
DEBUG = env_bool("MJ_DEBUG", not HOME_GAME)
# Test-only ruleset packages (the toy ruleset the suite plays), which the engine finds
# itself (scoring/engine/rulesets/__init__.py): debug only, so that no production site
# ever offers them.
if env_str("MJ_EXTRA_RULESETS", "") and not DEBUG:
    raise ImproperlyConfigured("MJ_EXTRA_RULESETS is for tests and needs MJ_DEBUG=true.")

# Only ever used with MJ_DEBUG on; production must set its own key.
_DEV_SECRET_KEY = "mjsite-development-key-not-for-production-use-0123456789abcdef"
SECRET_KEY_FILE = Path(env_str("MJ_SECRET_KEY_FILE", str(BASE_DIR / ".mjsite-secret-key")))
if DEBUG:
    SECRET_KEY = env_str("MJ_SECRET_KEY", _DEV_SECRET_KEY)
elif HOME_GAME:
    SECRET_KEY = env_str("MJ_SECRET_KEY", "") or local_secret_key(SECRET_KEY_FILE)
else:
    SECRET_KEY = env_str("MJ_SECRET_KEY", why="MJ_DEBUG is false")
if not DEBUG and SECRET_KEY == _DEV_SECRET_KEY:
    raise ImproperlyConfigured("MJ_SECRET_KEY must not be the development key in production.")

# Where phones open the site: join links and QR codes use it when set (a hosted site,
# e.g. https://mahjong.example.org); else the address the browser used, except that a
# browser on this machine (loopback) is given the LAN address the home game serves on.
PUBLIC_URL = public_url_setting(env_str("MJ_PUBLIC_URL", ""))
LAN_ADDRESSES: list[str] = lan.lan_addresses() if HOME_GAME else []

_LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
if HOME_GAME:
    _default_hosts = [*_LOOPBACK_HOSTS, *LAN_ADDRESSES, *lan.host_names()]
elif DEBUG:
    _default_hosts = _LOOPBACK_HOSTS
else:
    _default_hosts = []
ALLOWED_HOSTS = env_list("MJ_ALLOWED_HOSTS", _default_hosts)
if PUBLIC_URL and not env_list("MJ_ALLOWED_HOSTS", []):
    ALLOWED_HOSTS.append(public_url_host(PUBLIC_URL))
if not DEBUG and not ALLOWED_HOSTS:
    raise _missing("MJ_ALLOWED_HOSTS", "MJ_DEBUG is false; e.g. mahjong.example.org")
CSRF_TRUSTED_ORIGINS = env_list("MJ_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "csp",
    "scoring",
    "games",
    "clubs",
    "events",
    "backup",
    # Each ruleset package's own pages (its ``site`` app; scoring/registry.py mounts them).
    *site_apps(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "mjsite.middleware.ApiErrorsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "mjsite.middleware.UnstorableInputMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.devices.DeviceMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mjsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scoring.context_processors.ruleset_pages",
            ],
        },
    },
]

WSGI_APPLICATION = "mjsite.wsgi.application"
ASGI_APPLICATION = "mjsite.asgi.application"

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", DEFAULT_DATABASE_URL),
        conn_max_age=env_int("MJ_DB_CONN_MAX_AGE", 0, minimum=0),
    )
}

# One Redis may serve several sites or test runs: give each its own MJ_REDIS_PREFIX.
_REDIS_PREFIX = env_str("MJ_REDIS_PREFIX", "")
_REDIS_POOL = env_int("MJ_REDIS_MAX_CONNECTIONS", REDIS_MAX_CONNECTIONS, minimum=4,
                      maximum=10_000)
CHANNEL_LAYERS = channel_layers_for(env_str("REDIS_URL", ""), _REDIS_PREFIX, _REDIS_POOL)
CACHES = caches_for(env_str("MJ_CACHE_URL", env_str("REDIS_URL", "")), _REDIS_PREFIX,
                    _REDIS_POOL)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# ---------------------------------------------------------------------------
# Languages
# ---------------------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hans", _("Simplified Chinese")),
    ("zh-hant", _("Traditional Chinese")),
    ("ja", _("Japanese")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("MJ_TIME_ZONE", "UTC")
USE_TZ = True

# ---------------------------------------------------------------------------
# Static files (served by WhiteNoise, also under daphne in debug)
# ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where collectstatic gathers the files WhiteNoise serves with debug off.
STATIC_ROOT = Path(env_str("MJ_STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# In debug WhiteNoise serves straight from the app and project static folders, so neither
# `make run` nor the tests need collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
# In debug WhiteNoise looks for each file again at every request and lets browsers keep
# none (an edited script is served at the next reload). The browser tests' servers turn
# that off (games/tests/live_server.py): their files do not change during a run, and a
# phone then keeps them for a minute (WhiteNoise's max-age), as a phone in production
# keeps the hashed ones, instead of asking for 19 files again at every page.
WHITENOISE_AUTOREFRESH = env_bool("MJ_STATIC_AUTOREFRESH", DEBUG)
if not WHITENOISE_AUTOREFRESH:
    WHITENOISE_MAX_AGE = 60  # WhiteNoise's own with debug off (hashed files: forever)
if not DEBUG:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        # WhiteNoise's CompressedManifestStaticFilesStorage, the site's script modules
        # importing each other by their hashed names (mjsite/storage.py).
        "staticfiles": {"BACKEND": "mjsite.storage.StaticFilesStorage"},
    }

# ---------------------------------------------------------------------------
# Content-Security-Policy (django-csp) and Permissions-Policy (django-permissions-policy),
# in debug too, so a page that breaks them breaks in development and in the browser tests.
# No inline script or style anywhere: pages load their modules from /static/ and pass data
# in <script type="application/json"> blocks (json_script), which are not run. The API
# docs page relaxes styles for Swagger UI (mjsite/urls.py).
# ---------------------------------------------------------------------------

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],  # the table's websocket: same host, ws: or wss:
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
# Nothing on the site needs a device feature: none for anyone, this site included.
PERMISSIONS_POLICY: dict[str, list[str]] = {feature: [] for feature in (
    "accelerometer", "autoplay", "browsing-topics", "camera", "display-capture",
    "encrypted-media", "geolocation", "gyroscope", "hid", "magnetometer", "microphone", "midi",
    "payment", "serial", "usb",
)}

# ---------------------------------------------------------------------------
# Production security (MJ_DEBUG=false)
# ---------------------------------------------------------------------------

if not DEBUG and not HOME_GAME:
    # A reverse proxy that terminates TLS and redirects by itself may turn this off.
    SECURE_SSL_REDIRECT = env_bool("MJ_SECURE_SSL_REDIRECT", True)
    # Trust X-Forwarded-Proto only behind a proxy that always sets it.
    if env_bool("MJ_SECURE_PROXY_SSL_HEADER", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env_bool("MJ_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = env_int("MJ_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
    SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# ---------------------------------------------------------------------------
# API
# ---------------------------------------------------------------------------

# How many reverse proxies in front of the site append to X-Forwarded-For (the sample
# nginx is one, sending $remote_addr): the client address used by every limit is the
# entry the outermost of them wrote (common.ratelimit.client_address). 0 (the default, no
# proxy) ignores the header, which any client can send.
MJ_TRUSTED_PROXIES = env_int("MJ_TRUSTED_PROXIES", 0, minimum=0, maximum=10)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    # Scoped limits on the API's writes and engine calls (scoring/api/common.py), per user
    # or, anonymously, per address; "<number>/<second|minute|hour|day>".
    "DEFAULT_THROTTLE_RATES": {
        "score": env_rate("MJ_API_SCORE_RATE", "120/minute"),
        "record": env_rate("MJ_API_RECORD_RATE", "60/minute"),
        "token": env_rate("MJ_API_TOKEN_RATE", "10/minute"),
    },
}

# Limits outside DRF's settings (common/ratelimit.py, common/limits.py; every one is listed
# in docs/limits.md). Counted in CACHES["default"]: a phone's changes at a table (every
# path), things created, other page writes; password checks (admin sign-in, /api/token/)
# per username and address, per address, and per username from browsers that never signed
# in as that user. Counted in each process's memory (games/socket_limits.py): messages
# other than writes per socket, previews per table from sockets that may not write, and
# everything those sockets send per table.
# games/latency.py: every frame a table socket sends arrives this much later, in order, so
# the browser tests meet the window between a write and its acknowledgement that café
# Wi-Fi opens (e.g. MJ_TEST_SOCKET_DELAY_MS=300-800). Debug only.
TEST_SOCKET_DELAY_MS = env_delay_ms("MJ_TEST_SOCKET_DELAY_MS", debug=DEBUG)

MJ_RATE_LIMITS = {
    # games/limits.py: the changes one phone makes at one table, by the websocket, the
    # record sheet's plain form and the API together (MJ_WS_WRITE_RATE: its older name).
    "table_write": env_rate("MJ_TABLE_WRITE_RATE", env_rate("MJ_WS_WRITE_RATE", "30/minute")),
    # Tables, groups and evenings created (pages and API), per user or address.
    "create": env_rate("MJ_CREATE_RATE", "30/hour"),
    # Every other page form that changes something, per user or address.
    "page_write": env_rate("MJ_PAGE_WRITE_RATE", "60/minute"),
    "login": env_rate("MJ_LOGIN_RATE", "5/minute"),
    "login_address": env_rate("MJ_LOGIN_ADDRESS_RATE", "20/minute"),
    "login_user": env_rate("MJ_LOGIN_USER_RATE", "20/hour"),
    "ws_read": env_rate("MJ_WS_READ_RATE", "5/second"),
    "ws_preview": env_rate("MJ_WS_PREVIEW_RATE", "20/second"),
    # games/socket_limits.py: everything the sockets that may not write send to one table,
    # shared by all of them in a process, so a crowd of watchers cannot queue work on the
    # process's database thread ahead of a seated phone's write.
    "ws_watchers": env_rate("MJ_WS_WATCHERS_RATE", "20/second"),
}
# Watchers' previews of one table running at once in a process (games/socket_limits.py).
MJ_WS_PREVIEWS_AT_ONCE = env_int("MJ_WS_PREVIEWS_AT_ONCE", 2, minimum=1, maximum=100)
# How long a check of a table's hash chain is reused for the same version of the table
# (games/chain.py): a change made in the database shows within this (issue 29).
MJ_CHAIN_CHECK_SECONDS = env_int("MJ_CHAIN_CHECK_SECONDS", 10, minimum=0, maximum=3600)

SPECTACULAR_SETTINGS = {
    "TITLE": "mjsite API",
    "DESCRIPTION": "Keep the score of face-to-face mahjong games.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and ReDoc come from drf-spectacular-sidecar's static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # An ordinary refusal (4xx) is one line; Django logs a traceback with each 403. On the
    # handler for every logger (django.security.<Exception> ones too), and on
    # django.request for Django's own console handler of a debug server.
    "filters": {"one_line_refusals": {"()": "mjsite.log_filters.OneLineRefusals"}},
    "handlers": {"console": {"class": "logging.StreamHandler",
                             "filters": ["one_line_refusals"]}},
    "loggers": {"django.request": {"filters": ["one_line_refusals"]}},
    "root": {"handlers": ["console"], "level": env_str("MJ_LOG_LEVEL", "INFO").upper()},
}
