import time

from jayden_jazz.ai.worker import AIWorker


def test_result_comes_back_without_blocking_the_caller():
    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai._testing:slow", 0.5)
        t0 = time.perf_counter()
        assert w.poll() is None                  # returns at once while it thinks
        assert time.perf_counter() - t0 < 0.1
        assert w.busy
        r = w.wait(30)
        assert r.ok and r.value == "done" and not w.busy
        w.submit("jayden_jazz.ai._testing:add", 2, 3)
        assert w.wait(30).value == 5             # the same process serves again
    finally:
        w.close()


def test_cancel_stops_a_long_search_and_worker_restarts():
    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai._testing:slow", 60)
        time.sleep(0.2)
        t0 = time.perf_counter()
        w.cancel()
        assert time.perf_counter() - t0 < 3
        assert not w.busy and w.poll() is None
        w.submit("jayden_jazz.ai._testing:add", 1, 1)
        assert w.wait(30).value == 2
    finally:
        w.close()


def test_errors_are_reported_not_raised_in_the_frame_loop():
    w = AIWorker()
    try:
        w.submit("jayden_jazz.ai._testing:fail")
        r = w.wait(30)
        assert not r.ok and "no move found" in r.value
    finally:
        w.close()
