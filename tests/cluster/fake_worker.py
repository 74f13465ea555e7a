"""A stand-in for a ``serve`` worker in the supervisor's tests: listens on the port it is given
(0: a free one) and says so as ``serve`` does, then lives as told by its arguments:

    fake_worker.py PORT MODE MARK   MODE: live (until SIGTERM or its stdin closes), die-once
    (the first run, when MARK does not exist yet, ends 0.3 s after listening), die (every run
    ends at once), refuse (says one line on stderr and ends with 2 before listening).
Each run appends its pid to MARK.pids, so a test can check that none is left running."""

import os
import signal
import socket
import sys
import time

sys.path.insert(0, os.environ["JJ_ROOT"])
from jayden_jazz.net.supervisor import watch_stdin  # noqa: E402

port, mode, mark = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(mark + ".pids", "a") as f:
    f.write(f"{os.getpid()}\n")
if mode == "refuse":
    print("jayden-jazz serve: cannot listen on 127.0.0.1:1: Permission denied", file=sys.stderr, flush=True)
    sys.exit(2)
sock = socket.socket()
sock.bind(("127.0.0.1", port))
sock.listen()
print(f"jayden-jazz server: listening on ws://127.0.0.1:{sock.getsockname()[1]}, data in x", flush=True)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
watch_stdin()
if mode == "die" or (mode == "die-once" and not os.path.exists(mark)):
    open(mark, "w").close()
    time.sleep(0.3)
    print("dying as told", file=sys.stderr, flush=True)
    os._exit(3)
while True:
    time.sleep(0.5)
