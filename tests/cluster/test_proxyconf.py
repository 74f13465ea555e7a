"""The proxy's configuration written from deploy/'s templates: the workers' addresses and the
listening address go where the marks say, every other line stays, and the result is one the
proxy itself accepts (checked with ``haproxy -c`` / ``nginx -t`` when they are installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from jayden_jazz.net import proxyconf
from jayden_jazz.net.__main__ import main

BACKENDS = ["127.0.0.1:9101", "127.0.0.1:9102", "127.0.0.1:9103"]


def test_haproxy_config_lists_every_worker_in_both_backends_and_keeps_the_rest() -> None:
    template = proxyconf.default_template("haproxy").read_text(encoding="utf-8")
    out = proxyconf.render(template, BACKENDS, "127.0.0.1:7001")
    assert "    bind 127.0.0.1:7001  # jj:listen" in out.splitlines()
    for i, b in enumerate(BACKENDS, 1):
        assert f"    server w{i} {b} check" in out.splitlines()
        assert f"    server w{i} {b} track games/w{i}" in out.splitlines()
    assert "8765" not in out and "8766" not in out
    kept = [line for line in template.splitlines() if "server w" not in line and "jj:listen" not in line]
    assert kept == [line for line in out.splitlines() if "server w" not in line and "jj:listen" not in line]
    assert "hash-type consistent" in out and "timeout tunnel" in out


def test_nginx_config_lists_every_worker() -> None:
    out = proxyconf.render(proxyconf.default_template("nginx").read_text(encoding="utf-8"), BACKENDS[:1],
                           "127.0.0.1:7002")
    assert [line.strip() for line in out.splitlines() if line.strip().startswith("server 127")] == \
        ["server 127.0.0.1:9101 max_fails=1 fail_timeout=5s;"]
    assert "listen 127.0.0.1:7002;  # jj:listen" in out and "hash $jj_route consistent;" in out


@pytest.mark.parametrize("proxy,check", [("haproxy", ["haproxy", "-c", "-f"]), ("nginx", ["nginx", "-t", "-c"])])
def test_the_proxy_accepts_what_is_written(tmp_path: Path, proxy: str, check: list[str]) -> None:
    if shutil.which(check[0]) is None:
        pytest.skip(f"{check[0]} is not installed")
    conf = tmp_path / proxyconf.TEMPLATES[proxy]
    proxyconf.write(conf, BACKENDS, "127.0.0.1:7003", proxy)
    done = subprocess.run([*check, str(conf), *(["-p", str(tmp_path)] if proxy == "nginx" else [])],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def test_bad_addresses_and_templates_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["proxy-config", "--backend", "127.0.0.1:99999"]) == 2
    assert capsys.readouterr().err.strip() == "jayden-jazz proxy-config: not a host:port address: '127.0.0.1:99999'"
    bare = tmp_path / "bare.cfg"
    bare.write_text("global\n    maxconn 10\n", encoding="utf-8")
    assert main(["proxy-config", "--backend", "127.0.0.1:9000", "--template", str(bare)]) == 2
    assert "has no '# jj:listen' line" in capsys.readouterr().err
    open_block = tmp_path / "open.cfg"
    open_block.write_text("bind 1.2.3.4:80 # jj:listen\n# jj:servers begin\nserver w1 1.2.3.4:1\n", encoding="utf-8")
    out = tmp_path / "out.cfg"
    assert main(["proxy-config", "--backend", "127.0.0.1:9000", "--template", str(open_block), "--out", str(out)]) == 2
    assert "is not closed" in capsys.readouterr().err and not out.exists()


def test_the_command_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "haproxy.cfg"
    assert main(["proxy-config", "--backend", "127.0.0.1:9201", "--backend", "[::1]:9202", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "server w2 [::1]:9202 check" in text and capsys.readouterr().err == ""
