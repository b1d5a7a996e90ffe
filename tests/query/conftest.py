"""The `server` fixture: `kg serve` over the sample build, one for each test module that asks for it."""

from __future__ import annotations

import pytest

from tests.query.serving import MAX_BYTES, TIMEOUT, Server, free_port


@pytest.fixture(scope="module")
def server(sample_build, tmp_path_factory):
    port = free_port()
    server = Server(
        sample_build.out,
        tmp_path_factory.mktemp("serve"),
        "--port",
        str(port),
        "--timeout",
        str(TIMEOUT),
        "--max-result-bytes",
        str(MAX_BYTES),
    )
    yield server
    server.stop()
