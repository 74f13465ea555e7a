"""Card picture files checked before anything decodes them.

A picture's header tells its size in a few bytes, while decoding a
10000x10000 one costs hundreds of megabytes; so a pack's picture is refused
(the card is shown without it) unless it is a PNG, JPEG, GIF or BMP file of
at most :data:`MAX_PICTURE_BYTES` bytes and :data:`MAX_PICTURE_SIDE` pixels
a side, read from its header. :func:`damage` goes further for the pack
validator: it reads the whole file and finds truncated or corrupt data
(every PNG chunk's checksum and its compressed pixels; the other formats'
structure) without an image library.

Only a plain file is ever read: a named pipe, device or socket given as a
picture would block the game on its first read, so a file is opened without
waiting and refused when it is anything else (:func:`open_plain`).
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from pathlib import Path
from typing import BinaryIO

MAX_PICTURE_SIDE = 1024
MAX_PICTURE_BYTES = 4 * 1024 * 1024
_HEAD_BYTES = 256 * 1024          # a JPEG's size may follow a long metadata block
_PNG = b"\x89PNG\r\n\x1a\n"


class PictureError(ValueError):
    """Why a picture is not used, in plain words."""


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 <= len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = int.from_bytes(head[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return w, h
        if length < 2:
            return None
        i += 2 + length
    return None


def header_size(head: bytes) -> tuple[str, int, int]:
    """(format, width, height) from the first bytes of a picture file; PictureError if unknown."""
    if head.startswith(_PNG):
        if len(head) < 24 or head[12:16] != b"IHDR":
            raise PictureError("the PNG file is damaged (its header is incomplete)")
        w, h = struct.unpack(">II", head[16:24])
        return "PNG", w, h
    if head[:6] in (b"GIF87a", b"GIF89a"):
        if len(head) < 10:
            raise PictureError("the GIF file is damaged (its header is incomplete)")
        w, h = struct.unpack("<HH", head[6:10])
        return "GIF", w, h
    if head[:2] == b"BM":
        if len(head) < 26:
            raise PictureError("the BMP file is damaged (its header is incomplete)")
        if int.from_bytes(head[14:18], "little") == 12:
            w, h = struct.unpack("<HH", head[18:22])
        else:
            w, h = struct.unpack("<ii", head[18:26])
        return "BMP", abs(w), abs(h)
    if head[:2] == b"\xff\xd8":
        size = _jpeg_size(head)
        if size is None:
            raise PictureError("the JPEG file is damaged (no picture size found in its first "
                               f"{_HEAD_BYTES // 1024} KiB)")
        return "JPEG", size[0], size[1]
    raise PictureError("it is not a picture the game reads (a PNG, JPEG, GIF or BMP file)")


_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def _refuse_kind(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a plain file")
        raise PictureError(f"it is {kind}, not a picture file; only plain files can be pictures")


def open_plain(path: Path | str, max_bytes: int = MAX_PICTURE_BYTES) -> BinaryIO:
    """The file opened for reading; PictureError unless it is a plain file of at most ``max_bytes``.

    The type is read from the opened file itself (``fstat``), so nothing can
    swap the file between the check and the read; opening does not wait
    (``O_NONBLOCK``), so a pipe with no writer cannot hang the caller.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        _refuse_kind(os.stat(path).st_mode)      # a socket cannot be opened at all: say what it is
        raise
    try:
        st = os.fstat(fd)
        _refuse_kind(st.st_mode)
        if st.st_size > max_bytes:
            raise PictureError(f"the file is {st.st_size:,} bytes; a picture may be at most "
                               f"{max_bytes // 1048576} MiB")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_plain(path: Path | str, max_bytes: int = MAX_PICTURE_BYTES) -> bytes:
    """A plain file's bytes (see :func:`open_plain`); at most ``max_bytes`` are read."""
    with open_plain(path, max_bytes) as f:
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise PictureError(f"the file is over {max_bytes // 1048576} MiB; a picture may be at most "
                           f"{max_bytes // 1048576} MiB")
    return data


def check(path: Path | str, max_side: int = MAX_PICTURE_SIDE,
          max_bytes: int = MAX_PICTURE_BYTES) -> tuple[str, int, int]:
    """The picture's format and size, read from its header; PictureError when it may not be used.

    The limits are a card picture's unless given (the picture editor imports
    larger ones, which it scales down).
    """
    try:
        with open_plain(path, max_bytes) as f:
            head = f.read(32)
            if head[:2] == b"\xff\xd8":         # only a JPEG may need more to tell its size
                head += f.read(_HEAD_BYTES - len(head))
    except OSError as e:
        raise PictureError(f"it cannot be read ({e.strerror or e})") from None
    fmt, w, h = header_size(head)
    if w <= 0 or h <= 0:
        raise PictureError(f"the {fmt} file is damaged (it says it is {w}x{h} pixels)")
    if w > max_side or h > max_side:
        raise PictureError(f"it is {w}x{h} pixels; a picture may be at most {max_side}x{max_side}")
    return fmt, w, h


def _png_damage(data: bytes, w: int, h: int) -> str | None:
    i = 8
    idat = []
    ihdr = None
    while True:
        if i + 8 > len(data):
            return "the PNG file is cut short (its end marker is missing)"
        length, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + length]
        crc = data[i + 8 + length:i + 12 + length]
        if len(body) < length or len(crc) < 4:
            return "the PNG file is cut short"
        if zlib.crc32(kind + body) != int.from_bytes(crc, "big"):
            return f"the PNG file is damaged (the {kind.decode('latin-1')} block's checksum is wrong)"
        if kind == b"IHDR":
            ihdr = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        i += 12 + length
    if ihdr is None or len(ihdr) != 13 or not idat:
        return "the PNG file is damaged (a required block is missing)"
    depth, colour, _, _, interlace = ihdr[8:13]
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour)
    if channels is None or depth not in (1, 2, 4, 8, 16):
        return "the PNG file is damaged (unknown colour type or depth)"
    row = (w * channels * depth + 7) // 8 + 1
    expected = row * h
    inflate = zlib.decompressobj()
    try:
        pixels = inflate.decompress(b"".join(idat), expected * 2 + 64)
    except zlib.error:
        return "the PNG file is damaged (its picture data cannot be unpacked)"
    if not inflate.eof:
        return "the PNG file is damaged (its picture data is cut short or too long)"
    if not interlace and len(pixels) != expected:
        return f"the PNG file is damaged (it holds {len(pixels):,} bytes of pixels, not {expected:,})"
    return None


def damage(path: Path | str) -> str | None:
    """What is wrong with a picture file in plain words, or None when it looks sound.

    Reads the whole file (at most :data:`MAX_PICTURE_BYTES`): for the pack
    validator, not for every game start.
    """
    try:
        fmt, w, h = check(path)
        data = read_plain(path)
    except PictureError as e:
        return str(e)
    except OSError as e:
        return f"it cannot be read ({e.strerror or e})"
    if fmt == "PNG":
        return _png_damage(data, w, h)
    if fmt == "GIF" and not data.rstrip(b"\x00").endswith(b"\x3b"):
        return "the GIF file is cut short (its end marker is missing)"
    if fmt == "JPEG" and b"\xff\xd9" not in data[-64:]:
        return "the JPEG file is cut short (its end marker is missing)"
    if fmt == "BMP":
        offset = int.from_bytes(data[10:14], "little")
        if offset >= len(data) or offset < 26:
            return "the BMP file is damaged (its pixels are missing)"
    return None


__all__ = ["MAX_PICTURE_BYTES", "MAX_PICTURE_SIDE", "PictureError", "check", "damage", "header_size", "open_plain",
           "read_plain"]
