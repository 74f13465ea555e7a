"""The server writes its text frames itself (connection.text_frame): each must be, byte for
byte, the frame ``websockets`` would write, and read back as the same message."""

from __future__ import annotations

import pytest
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from jayden_jazz.net.connection import text_frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 1000, 65535, 65536, 70000])
def test_text_frame_is_the_frame_websockets_writes(size: int) -> None:
    payload = ("é" * size).encode()[:size]  # multi-byte text cut to the size (the header only counts bytes)
    want = Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
    got = text_frame(payload)
    assert got == want
    reader = StreamReader()
    reader.feed_data(got)
    parser = Frame.parse(reader.read_exact, mask=False, max_size=None, extensions=[])
    try:
        next(parser)
    except StopIteration as done:
        frame = done.value
    else:
        raise AssertionError("the frame did not parse from its bytes alone")
    assert frame.opcode is Opcode.TEXT and frame.fin and frame.data == payload
