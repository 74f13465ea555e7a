"""The proxy's configuration for a set of workers, written from the templates in ``deploy/``.

The templates are working configurations (deploy/haproxy.cfg, deploy/nginx.conf) with two kinds
of marks: the line ending ``# jj:listen`` holds the address the proxy listens on, and each block
between ``# jj:servers begin`` and ``# jj:servers end`` lists the workers, its first line the
pattern for all (its address replaced, its name ``w1`` numbered). So a config edited by hand keeps
every other line as it was, and one file is both the example and the template.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

TEMPLATES = {"haproxy": "haproxy.cfg", "nginx": "nginx.conf"}
LISTEN_MARK = "# jj:listen"
BEGIN, END = "# jj:servers begin", "# jj:servers end"

_ADDRESS = re.compile(r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}")
_NAME = re.compile(r"\bw1\b")


class TemplateError(ValueError):
    """A template without its marks, or an address that is not host:port: one line for people."""


def default_template(proxy: str) -> Path:
    """deploy/<file> beside the package (a source checkout)."""
    return Path(__file__).resolve().parents[2] / "deploy" / TEMPLATES[proxy]


def check_address(text: str) -> str:
    """``host:port`` (an IPv6 host in brackets) with a port 1..65535, else TemplateError."""
    if not _ADDRESS.fullmatch(text) or not 0 < int(text.rsplit(":", 1)[1]) < 65536:
        raise TemplateError(f"not a host:port address: {text!r}")
    return text


def render(template: str, backends: Sequence[str], listen: str, where: str = "the template") -> str:
    """``template`` with its listen line and every servers block rewritten for ``backends``."""
    if not backends:
        raise TemplateError("no worker address given")
    for a in (*backends, listen):
        check_address(a)
    out: list[str] = []
    block: list[str] | None = None
    listens = blocks = 0
    for number, line in enumerate(template.splitlines(), 1):
        if block is not None:
            if line.strip() == END:
                pattern = next((b for b in block if b.strip() and not b.lstrip().startswith("#")), None)
                if pattern is None:
                    raise TemplateError(f"{where}, line {number}: the servers block has no server line to follow")
                for i, address in enumerate(backends, 1):
                    out.append(_NAME.sub(f"w{i}", _ADDRESS.sub(address, pattern, count=1)))
                out.append(line)
                block = None
                blocks += 1
            else:
                block.append(line)
            continue
        if line.strip() == BEGIN:
            out.append(line)
            block = []
        elif line.rstrip().endswith(LISTEN_MARK):
            if not _ADDRESS.search(line):
                raise TemplateError(f"{where}, line {number}: the listen line has no host:port")
            out.append(_ADDRESS.sub(listen, line, count=1))
            listens += 1
        else:
            out.append(line)
    if block is not None:
        raise TemplateError(f"{where}: a servers block is not closed by {END!r}")
    if not listens or not blocks:
        raise TemplateError(f"{where} has no {LISTEN_MARK!r} line or no {BEGIN!r} block")
    return "\n".join(out) + "\n"


def write(path: Path, backends: Sequence[str], listen: str, proxy: str = "haproxy",
          template: Path | None = None) -> None:
    """Write the config for ``backends`` to ``path`` atomically (a proxy reloading never reads half)."""
    from jayden_jazz.files import atomic_write_text

    source = template or default_template(proxy)
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as e:
        raise TemplateError(f"cannot read the template {source}: {e.strerror or e}") from None
    atomic_write_text(path, render(text, backends, listen, str(source)))


__all__ = ["TEMPLATES", "TemplateError", "check_address", "default_template", "render", "write"]
