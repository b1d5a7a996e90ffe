"""`kg serve` as users run it, for the tests that speak to it: a subprocess on a free loopback port, spoken
to over HTTP."""

from __future__ import annotations

import http.client
import json
import os
import select
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

TIMEOUT = 2
MAX_BYTES = 200_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> set[int]:
    """The processes `pid` started, from any of its threads (Linux): a worker a request's thread starts is that
    thread's child until the thread ends."""
    found: set[int] = set()
    for path in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found.update(int(c) for c in path.read_text().split())
        except OSError:  # the thread ended meanwhile
            continue
    return found


def workers(pid: int) -> set[int]:
    """The query workers among the processes `pid` started (not multiprocessing's resource tracker)."""
    return {c for c in children(pid) if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Server:
    """`kg serve` started by the test; its first line of output is the query URL."""

    def __init__(self, graph: Path, tmp: Path, *args: str) -> None:
        self.log = open(tmp / "serve.log", "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kg.cli", "serve", "--graph", str(graph), *args],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        ready, _, _ = select.select([self.process.stdout], [], [], 120)
        self.url = self.process.stdout.readline().strip() if ready else ""
        assert self.url, (tmp / "serve.log").read_text()

    def request(self, url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data, headers or {}), timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def query(self, query: str, accept: str = "application/sparql-results+json") -> tuple[int, str]:
        return self.request(f"{self.url}?{urllib.parse.urlencode({'query': query})}", headers={"Accept": accept})

    def rows(self, query: str) -> list[dict]:
        status, body = self.query(query)
        assert status == 200, body
        return [{k: v["value"] for k, v in b.items()} for b in json.loads(body)["results"]["bindings"]]

    def http(self, method: str, target: str, body: bytes | None = None, headers: dict | None = None):
        """One request on a connection of its own: (status, headers, body); `target` is a path and query."""
        url = urllib.parse.urlsplit(self.url)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        try:
            connection.request(method, target, body, headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()

    def raw(self, request: bytes, seconds: float = 10) -> tuple[int, str]:
        """Send `request` as it is (what no client library sends) and read the reply to its end. The sending
        side stays open: a server that waits for more of the body never answers, and the read times out."""
        url = urllib.parse.urlsplit(self.url)
        with socket.create_connection((url.hostname, url.port), timeout=seconds) as connection:
            connection.sendall(request)
            reply = b""
            try:
                while chunk := connection.recv(65536):
                    reply += chunk
            except ConnectionResetError:  # the server closed with the body unread: a reset follows its reply
                assert reply
        head, _, body = reply.partition(b"\r\n\r\n")
        return int(head.split()[1]), body.decode()

    def log_text(self) -> str:
        """What the server has written to stderr so far."""
        return Path(self.log.name).read_text()

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        code = self.process.wait(timeout=30)
        self.log.close()
        return code
