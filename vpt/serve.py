"""`make run`: serve the room from this machine (`python -m vpt.serve --port 8000`).

In order: make sure there is a secret key (kept in the data folder, see `vpt.local_secrets`),
work out the addresses tablets and phones can reach, then migrate, collect the static files,
load the demo event into an empty database, print where to go, start the job runner
(`vpt.jobs`: the clocks, backups every `VPT_BACKUP_MINUTES` and after rounds) and gunicorn:
debug off, bound to every interface, a few worker processes with threads each.

This process stays as their supervisor (`supervise`): when gunicorn's master process dies
(killed, out of memory) it is started again within seconds, and the room keeps its server;
gunicorn itself restarts a worker that dies. Ctrl-C or SIGTERM stops gunicorn (gracefully) and
the job runner, then this process. A crash loop (gunicorn dying again and again, say the port
is taken) ends it with exit 1.

Environment variables are read as everywhere else (`DATABASE_URL`, `VPT_*`); what this sets
(`VPT_DEBUG=0`, the key, the allowed hosts, the public URL) is passed on to gunicorn's processes.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from types import FrameType

from vpt.local_secrets import data_dir, ensure_secret_key, secrets_path

BASE_DIR = Path(__file__).resolve().parent.parent
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
# Threads wait on the database and the network; processes share the CPU. Eight threads per
# process keep 20 tablets and a few hundred phones served on a 2-core laptop.
THREADS_PER_WORKER = 8
# gunicorn dying more often than this is not a one-off: stop instead of looping.
MAX_RESTARTS, RESTART_WINDOW_SECONDS = 5, 60.0


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the one with the default route first.

    Connecting a UDP socket sends nothing: it only asks the kernel which interface it would use.
    """
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no network at all: the laptop alone still serves itself
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        found.append(str(info[4][0]))
    return [address for address in dict.fromkeys(found) if not address.startswith("127.")]


def allowed_hosts(addresses: Sequence[str]) -> list[str]:
    """Loopback, this machine's names and its LAN addresses: what a browser puts in Host."""
    name = socket.gethostname()
    names = [name, f"{name}.local"] if name and name != "localhost" else []
    return list(dict.fromkeys([*LOCAL_HOSTS, *names, *addresses]))


def server_command(port: int, bind: str, workers: int, threads: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "vpt.wsgi:application",
        "--bind",
        f"{bind}:{port}",
        "--worker-class",
        "gthread",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        # gunicorn's control socket is one path per user: several servers on one machine (a
        # bench next to the room) would fight over it, and nothing here uses it.
        "--no-control-socket",
        "--access-logfile",
        "-",
        # gunicorn's usual line, then the time the app took (milliseconds): the server's own
        # share of a request, without the network or the wait for a free thread.
        "--access-logformat",
        '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %(M)sms',
        "--error-logfile",
        "-",
        # No sign-in token in either log (vpt.log_redaction).
        "--logger-class",
        "vpt.log_redaction.RedactingLogger",
        # A slow request frees its thread after this; a hand is recorded in well under a second.
        "--timeout",
        "60",
        "--graceful-timeout",
        "10",
    ]


def default_public_url(port: int, addresses: Sequence[str]) -> str:
    """What QR codes and sign-in cards carry when ``VPT_PUBLIC_URL`` is not set: the first LAN
    address printed, so a director who opens the app as localhost still prints codes tablets reach.
    Empty without a LAN address (the cards then refuse to print, saying why)."""
    return f"http://{addresses[0]}:{port}" if addresses else ""


SERVING_FILE = "serving.json"


def remember_public_url(folder: Path, public_url: str) -> None:
    """Keep the address this server's codes carry, for commands run beside it (``player_links``
    prints the players' links on it, whatever port ``make run`` was given)."""
    (folder / SERVING_FILE).write_text(json.dumps({"public_url": public_url}) + "\n", encoding="utf-8")


def served_public_url(folder: Path) -> str:
    """The address the last ``make run`` here printed, "" when none is known."""
    try:
        return str(json.loads((folder / SERVING_FILE).read_text(encoding="utf-8")).get("public_url") or "")
    except (OSError, ValueError, AttributeError):
        return ""


def print_welcome(port: int, addresses: Sequence[str], folder: Path, public_url: str) -> None:
    urls = [f"http://{address}:{port}/" for address in addresses] or [f"http://127.0.0.1:{port}/"]
    print()
    print("VPT Director is serving. Tablets and phones on this Wi-Fi open:")
    for url in urls:
        print(f"    {url}")
    print(f"This laptop: http://localhost:{port}/")
    if public_url:
        print(f"QR codes, slips and sign-in cards carry {public_url}/ (set VPT_PUBLIC_URL to change it)")
    else:
        print("No network found: QR codes and sign-in cards will not print until VPT_PUBLIC_URL is set")
    print(f"Passwords and the secret key: {secrets_path(folder)} (keep it private)")
    if addresses:
        try:
            import qrcode
        except ImportError:  # the QR is a convenience; the address above is enough
            return
        code = qrcode.QRCode(border=1)
        code.add_data(urls[0])
        code.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def prepare(folder: Path, demo: bool = True) -> None:
    """Migrate, collect static files and load the demo, with the settings gunicorn will use."""
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    call_command("migrate", interactive=False, verbosity=1)
    call_command("collectstatic", interactive=False, verbosity=0)
    if demo:
        call_command("load_demo")
    # gunicorn's processes open their own; none may inherit this one across exec.
    connections.close_all()


def main(argv: Sequence[str] | None = None) -> None:
    cpus = os.cpu_count() or 1
    parser = argparse.ArgumentParser(prog="python -m vpt.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    parser.add_argument(
        "--workers", type=int, default=max(2, cpus), help="processes (default: one per CPU, 2 at least)"
    )
    parser.add_argument("--threads", type=int, default=THREADS_PER_WORKER, help="threads per process")
    parser.add_argument(
        "--no-jobs",
        action="store_true",
        help="no job runner (clocks, backups): for every app server but one behind a proxy",
    )
    parser.add_argument("--no-demo", action="store_true", help="do not load the demo event into an empty database")
    options = parser.parse_args(argv)

    folder = data_dir(BASE_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.environ["VPT_DEBUG"] = "0"
    os.environ["VPT_DATA_DIR"] = str(folder)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vpt.settings")
    if not os.environ.get("VPT_SECRET_KEY"):
        os.environ["VPT_SECRET_KEY"] = ensure_secret_key(folder)
    local_only = options.bind.startswith("127.")
    addresses = [] if local_only else lan_addresses()
    if not os.environ.get("VPT_ALLOWED_HOSTS"):
        os.environ["VPT_ALLOWED_HOSTS"] = ",".join(allowed_hosts(addresses))
    if not os.environ.get("VPT_PUBLIC_URL", "").strip():
        os.environ["VPT_PUBLIC_URL"] = default_public_url(options.port, addresses)
    # The database pool of each worker (settings) is sized from its threads: see docs/bigger-event.md
    # ("Connections"), for workers x pool against PostgreSQL's max_connections.
    os.environ["VPT_THREADS"] = str(options.threads)

    prepare(folder, demo=not options.no_demo)
    remember_public_url(folder, os.environ["VPT_PUBLIC_URL"].strip().rstrip("/"))
    print_welcome(options.port, addresses, folder, os.environ["VPT_PUBLIC_URL"].strip().rstrip("/"))
    command = server_command(options.port, options.bind, options.workers, options.threads)
    os.chdir(BASE_DIR)
    sys.exit(supervise(command, jobs=not options.no_jobs))


def _say(message: str) -> None:
    print(f"[{datetime.now():%H:%M:%S}] serve: {message}", flush=True)


def supervise(command: Sequence[str], *, jobs: bool) -> int:
    """Run gunicorn (and the job runner) until told to stop; start gunicorn again if it dies."""
    stopping: list[int] = []
    server: subprocess.Popen[bytes] | None = None

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.append(signum)
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)  # gunicorn's graceful stop

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, stop)
    runner = start_job_runner() if jobs else None
    restarts: list[float] = []
    try:
        while not stopping:
            server = subprocess.Popen(list(command), close_fds=True)
            code = server.wait()
            if stopping:
                break
            now = time.monotonic()
            restarts = [at for at in restarts if now - at < RESTART_WINDOW_SECONDS] + [now]
            if len(restarts) > MAX_RESTARTS:
                _say(f"gunicorn ended {len(restarts)} times within {RESTART_WINDOW_SECONDS:.0f} s: giving up")
                return 1
            how = f"signal {-code}" if code < 0 else f"exit code {code}"
            _say(f"gunicorn's master process ended ({how}): starting it again")
            time.sleep(1.0)
        return 0
    finally:
        if runner is not None and runner.poll() is None:
            runner.terminate()
            runner.wait(timeout=30)


def start_job_runner() -> subprocess.Popen[bytes]:
    """`python -m vpt.jobs` as a child of this process (the supervisor).

    It watches its parent and exits once the supervisor has gone (see `vpt.jobs.main`).
    """
    sys.stdout.flush()
    command = [sys.executable, "-m", "vpt.jobs", "--parent", str(os.getpid())]
    return subprocess.Popen(command, cwd=BASE_DIR, close_fds=True)


if __name__ == "__main__":
    main()
