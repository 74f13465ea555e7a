"""Loopback servers for the Play online screen tests (127.0.0.1, port 0 only)."""

from __future__ import annotations

import pytest

from tests.net.conftest import FAST, ThreadServer


@pytest.fixture
def online_loop_server(tmp_path):
    """A game server in a thread, with the short seat timeout of the network tests."""
    s = ThreadServer(tmp_path / "data", FAST)
    yield s
    s.stop()


@pytest.fixture
def online_fast_server(make_app):
    """Hosted servers without the rate limit a person never reaches, and a short seat timeout."""
    make_app.online(server_args=("--rate", "2000", "--seat-timeout", "1"))
