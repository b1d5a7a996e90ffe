"""A real Bolt server for the tests: ArcadeDB (embedded, JRE bundled) with its Neo4j-compatible Bolt plugin.

Run as `python bolt_server.py ROOT BOLT_PORT HTTP_PORT DATABASE...` with the root password in
$BOLT_TEST_PASSWORD. It listens on loopback only, creates the databases, prints "ready", and stops
when its standard input closes: a test fixture owns it as one child process.
"""

import os
import sys

import arcadedb_embedded as arcadedb


def main() -> None:
    root, bolt_port, http_port, *databases = sys.argv[1:]
    server = arcadedb.create_server(
        root,
        root_password=os.environ["BOLT_TEST_PASSWORD"],
        config={
            "host": "127.0.0.1",
            "http_port": int(http_port),
            "server_plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            "bolt_port": int(bolt_port),
        },
    )
    server.start()
    try:
        for name in databases:
            server.create_database(name)
        print("ready", flush=True)
        sys.stdin.read()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
