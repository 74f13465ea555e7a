"""Start-up: command-line flags, the window, and the frame loop.

``--headless``, ``--frames``, ``--scene``, ``--keys`` and ``--screenshot``
let tests, benchmarks and the README's screenshot drive the very same code
path a player uses.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from jayden_jazz import __version__
from jayden_jazz.interrupt import interrupted

KEY_INTERVAL_FRAMES = 4  # one scripted key press every few frames
SCREENSHOT_SETTLE_FRAMES = 90  # --screenshot without --frames: 1.5 s after the last scripted input

#: X11 WM_CLASS and Wayland app_id of the window. The desktop entry's
#: ``StartupWMClass`` and file name use the same word, so docks group the
#: window under the launcher's icon.
WM_CLASS = "jayden-jazz"


def _folders_epilog() -> str:
    from jayden_jazz import paths

    try:
        d = paths.user_dirs()
    except Exception as e:  # never let --help fail over a strange environment
        return f"Your files: (could not work out the folders: {e})"
    return "\n".join([
        "Your files:",
        f"  settings     {d.settings_file}",
        f"  saves        {d.saves}",
        f"  card packs   {d.cards}",
        "                (the title menu's \"Open cards folder\" opens it; packs there",
        "                 load after the shipped ones, then each --cards PATH)",
        f"  pack zips    {paths.zip_unpack_dir()} (unpacked; private, pruned)",
        *([f"  card search  {paths.cache_dir() / 'search'} (compiled; made again if removed)"]
          if getattr(sys, "frozen", False) else []),      # the bundle's, as tools/bundle_entry.py sets
        "Set JAYDEN_JAZZ_HOME=DIR (an absolute path) to keep all of them in one folder",
        "(portable installs).",
    ])


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="jayden-jazz",
        description="Jayden & Jazz: the 1989 EGA war game Jayden and the Jazz Jackrabbit Card Game.\n\n"
                    "  jayden-jazz serve [--host H] [--port P] [--data DIR] ...\n"
                    "                runs a game server for online play instead (no window);\n"
                    "                jayden-jazz serve --help lists its options\n"
                    "  jayden-jazz proxy-config --backend HOST:PORT ... --listen HOST:PORT\n"
                    "                writes the proxy's config for several servers (deploy/)\n"
                    "  jayden-jazz prepare\n"
                    "                compiles the computer's card search now (once a machine)\n"
                    "                and checks it; exit 1 when this copy plays it in Python",
        epilog=_folders_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"Jayden & Jazz {__version__}")
    p.add_argument("--headless", action="store_true",
                   help="no window and no sound (dummy video/audio drivers); for tests and screenshots")
    p.add_argument("--frames", type=int, metavar="N", help="quit after N frames")
    p.add_argument("--scene", metavar="NAME", default="menu",
                   help="start in a scene: menu, cards, jayden, instructions, options")
    p.add_argument("--keys", metavar="KEYS", default="",
                   help='feed key presses, e.g. "DOWN DOWN RETURN"; also CTRL+R (Ctrl and a letter), '
                        'CLICK:x,y RCLICK:x,y MOVE:x,y (logical pixels) and WAIT')
    p.add_argument("--screenshot", metavar="PATH", type=Path,
                   help="save the logical 640x350 frame as a PNG on exit")
    p.add_argument("--cards", metavar="PATH", type=Path, action="append", default=[],
                   help="also load card packs from this file or folder (may repeat)")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--scale", type=_scale, metavar="K", help="window scale (1-6; others are brought into range)")
    p.add_argument("--seed", type=int, metavar="N", help="fix the random seed (repeatable games)")
    return p


MIN_SCALE, MAX_SCALE = 1, 6


def _scale(text: str) -> int:
    """``--scale``: a whole number brought into 1..6, as the Options screen offers."""
    try:
        k = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    return min(max(k, MIN_SCALE), MAX_SCALE)


def parse_script(text: str) -> list[tuple[str, Any]]:
    """``--keys`` tokens -> ('key', code) / ('mouse', (button, x, y)) / ('wait', None)."""
    from jayden_jazz.shell.input import key_code

    out: list[tuple[str, Any]] = []
    for tok in text.split():
        up = tok.upper()
        if up == "WAIT":
            out.append(("wait", None))
        elif ":" in tok and up.split(":", 1)[0] in ("CLICK", "RCLICK", "MOVE"):
            kind, _, xy = tok.partition(":")
            try:
                x, y = (int(v) for v in xy.split(","))
            except ValueError:
                raise ValueError(f"bad mouse token {tok!r}: use CLICK:x,y") from None
            button = {"CLICK": 1, "RCLICK": 3, "MOVE": 0}[kind.upper()]
            out.append(("mouse", (button, x, y)))
        elif up.startswith("CTRL+") and len(tok) == 6 and tok[5].isalpha():
            letter = tok[5].lower()          # as SDL types it: the control character of the letter
            out.append(("ctrl", (key_code(letter), chr(ord(letter) - ord("a") + 1))))
        else:
            out.append(("key", key_code(tok)))
    return out


class App:
    """The session: window, scene stack, settings, sound. Passed to every scene."""

    def __init__(self, args: argparse.Namespace) -> None:
        import random

        import pygame

        from jayden_jazz import paths
        from jayden_jazz.files import clean_stale_temps
        from jayden_jazz.settings import Settings
        from jayden_jazz.shell.display import Display
        from jayden_jazz.shell.font import Font
        from jayden_jazz.shell.input import InputMap
        from jayden_jazz.shell.keymap import KeyMap
        from jayden_jazz.shell.loop import FixedStep, RedrawPlan
        from jayden_jazz.shell.scene import SceneStack
        from jayden_jazz.shell.sound import Sound

        self.args = args
        self.headless = bool(args.headless)
        from jayden_jazz.online.config import OnlineConfig
        #: Play online's settings; a headless run (tests, screenshots) keeps to this machine.
        self.online = OnlineConfig(local=self.headless)
        self.rng = random.Random(args.seed)
        self.dirs = paths.user_dirs()
        self.settings = Settings.load(self.dirs.settings_file)
        clean_stale_temps(self.dirs.config, self.dirs.data, self.dirs.saves)   # settings, statistics, saves
        clean_stale_temps(self.dirs.saves / "journey", depth=1)   # Journey profiles, their games and records
        # packs and their pictures written by the card workshop, and what it exports for sharing
        clean_stale_temps(self.dirs.cards, self.dirs.data / "shared", depth=2)
        self.notices: list[str] = [self.settings.notice] if self.settings.notice else []
        self._move_journey_game()
        self.extra_card_paths: list[Path] = list(args.cards)
        set_window_class()
        pygame.init()
        if not self.headless:
            check_display()
        self.font = Font.load(paths.asset("font", "ega8x14.txt"))
        icon = _load_icon()
        scale = args.scale or self.settings["scale"]
        fullscreen = args.fullscreen or (self.settings["fullscreen"] and not self.headless)
        self.display = Display(scale=scale, fullscreen=fullscreen,
                               aspect_correct=self.settings["aspect_correct"], icon=icon,
                               accelerated=not self.headless)
        keymap, key_problems = KeyMap.from_settings(self.settings["keys"])
        if key_problems:
            self.notices.append(f"Some keys in {self.settings.path} could not be used: "
                                + "; ".join(key_problems) + ".")
        self.input = InputMap(self.display.to_logical, keymap)
        self.sound = Sound(muted=self.settings["mute"] or self.headless, volume=self.settings["volume"])
        self.stack = SceneStack()
        self.step = FixedStep()
        self.redraw = RedrawPlan()
        self._input_events: list = []     # read each pass, turned into actions inside the tick
        self.frame = 0
        self.running = True
        self.script = parse_script(args.keys)
        self._pending_keyup: int | None = None

    def _move_journey_game(self) -> None:
        """A Journey game an older version kept in the shared card autosave goes to its profile's slot."""
        from jayden_jazz.saves.journey_game import move_from_shared

        try:
            move_from_shared(self.dirs.saves)
        except OSError as e:
            self.notices.append(f"A Journey game in the card autosave could not be moved to its profile's "
                                f"own slot ({e.strerror or e}); it was left where it is.")

    # services for scenes --------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError as e:
            self.notices.append(f"Could not save settings to {self.settings.path}: {e}")

    def apply_display_settings(self) -> None:
        if self.headless:
            self.display.aspect_correct = self.settings["aspect_correct"]
            return
        self.display.set_mode(fullscreen=self.settings["fullscreen"], scale=self.settings["scale"],
                              aspect_correct=self.settings["aspect_correct"])

    def scene(self, name: str, **kwargs: Any) -> Any:
        from jayden_jazz.scenes.registry import make_scene

        return make_scene(name, self, **kwargs)

    def back_to(self, name: str) -> None:
        from jayden_jazz.scenes.registry import scene_type

        self.stack.pop_to(scene_type(name))

    # the loop ---------------------------------------------------------------
    def _run_simulated(self, frames: int | None, settle: int | None = None) -> None:
        """``settle``: stop that many frames after the last scripted input (a screenshot run
        given no ``--frames`` must still end)."""
        from jayden_jazz.ai.worker import AIWorker
        from jayden_jazz.shell.loop import STEP

        quiet = 0
        while self.running and len(self.stack):
            # simulated frames take no real time: the next scripted input waits while the computer
            # thinks, so a script plays the same on a fast machine and on a busy one
            self._feed_script(hold=AIWorker.any_busy())
            self._process_events()
            self.step.advance(STEP, self._update)
            self.render()
            self.frame += 1
            if frames is not None and self.frame >= frames:
                break
            quiet = quiet + 1 if not self.script and self._pending_keyup is None else 0
            if settle is not None and quiet >= settle:
                break

    def _run_paced(self, frames: int | None, clock) -> None:
        """Tick every 1/60 s; draw and present only when the picture changed or a scene's timer is due.

        A computer player's reply counts as a change (scenes poll their worker in
        ``update``), and nothing is drawn while the window is minimized.
        """
        from jayden_jazz.ai.worker import AIWorker

        plan, stack = self.redraw, self.stack
        while self.running and len(stack):
            dt = clock.tick(self.step.until_next)
            self._feed_script()
            self._process_events()
            replies = AIWorker.replies_given
            self.step.advance(dt, self._update)
            if AIWorker.replies_given != replies:
                stack.changed()
            if not self.display.hidden and plan.should_draw(self.step.ticks, stack.dirty, stack.redraw_in()):
                stack.dirty = False
                self.render()
                self.display.present()
                plan.drawn(self.step.ticks, stack.redraw_in())
            self.frame += 1
            if frames is not None and self.frame >= frames:
                break

    def _feed_script(self, hold: bool = False) -> None:
        import pygame

        if self._pending_keyup is not None:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=self._pending_keyup, mod=0))
            self._pending_keyup = None
        if hold or not self.script or self.frame % KEY_INTERVAL_FRAMES != KEY_INTERVAL_FRAMES - 1:
            return
        kind, val = self.script.pop(0)
        if kind == "key":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=val, mod=0, unicode="", scancode=0))
            self._pending_keyup = val
        elif kind == "ctrl":
            code, char = val
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=pygame.KMOD_LCTRL, unicode=char,
                                                 scancode=0))
            self._pending_keyup = code
        elif kind == "mouse":
            button, x, y = val
            vp = self.display.viewport
            wpos = (vp.x + int((x + 0.5) * vp.w / 640), vp.y + int((y + 0.5) * vp.h / 350))
            # a scripted MOVE is a movement (a zero rel means "the pointer rests here": ignored)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(1, 1), buttons=(0, 0, 0)))
            if button:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=button))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=button))

    def _process_events(self) -> None:
        import pygame

        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if self.display.window_event(event):
                self.stack.changed()
                continue
            if event.type == pygame.KEYDOWN and (
                    event.key in self.input.keymap.keys_of("fullscreen") or
                    (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT)):
                if not self.headless:
                    self.display.toggle_fullscreen()
                    self.settings["fullscreen"] = self.display.fullscreen
                continue
            self._input_events.append(event)

    def _update(self) -> None:
        """One fixed tick: the input read since the last tick, held-key repeats, then the scene."""
        import pygame

        events, self._input_events = self._input_events, []
        for event in events:
            if event.type == pygame.WINDOWFOCUSLOST:
                self.input.release_all()
            for action in self.input.translate(event):
                self.stack.handle(action)
        for action in self.input.tick():
            self.stack.handle(action)
        self.stack.update()

    def render(self) -> None:
        surf = self.display.logical
        surf.fill(0)
        self.stack.draw(surf, self.step.alpha)

    def run(self, frames: int | None = None, screenshot: Path | None = None, clock=None) -> int:
        """The frame loop. ``--headless`` simulates time (one tick a frame, as fast as
        possible); a window, or a given ``clock`` (tests), paces by the clock."""
        import pygame

        try:
            if self.headless and clock is None:
                settle = SCREENSHOT_SETTLE_FRAMES if frames is None and screenshot is not None else None
                self._run_simulated(frames, settle)
            else:
                from jayden_jazz.shell.loop import FrameClock

                self._run_paced(frames, clock or FrameClock())
        except KeyboardInterrupt:        # Ctrl+C: close the scenes (workers, autosaves) as a quit does
            self.stack.clear()
            raise
        status = 0
        if screenshot is not None:
            self.render()
            try:
                save_screenshot(self.display.logical, screenshot)
            except (OSError, pygame.error) as e:
                status = _fatal(f"Could not save the screenshot to {screenshot}: "
                                f"{getattr(e, 'strerror', None) or e}")
        self.stack.clear()
        from jayden_jazz.online.hosting import STOP_GRACE, wait_all_stopped

        wait_all_stopped(2 * STOP_GRACE)    # a hosted server left is ended before the program is
        return status


def save_screenshot(surface, path: Path) -> None:
    import pygame

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def set_window_class() -> None:
    """SDL reads these when video starts, so this must run before ``pygame.init``.

    Without them SDL uses the program name, which is ``python3.11``,
    ``jayden-jazz`` or ``JaydenJazz`` depending on how the game was started.
    """
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WM_CLASS
    os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = WM_CLASS


def check_display() -> None:
    """Raise pygame.error when no real screen is there.

    With no X11/Wayland display SDL quietly falls back to its ``offscreen``
    driver: the game would then run with no window at all, which a player
    can only see as "nothing happens". Asking for a virtual driver by name
    (``SDL_VIDEODRIVER``) is still allowed.
    """
    import pygame

    if not pygame.display.get_init():
        raise pygame.error("the video system did not start")
    driver = (pygame.display.get_driver() or "").lower()
    wanted = os.environ.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("offscreen", "dummy") and driver not in wanted.split(","):
        raise pygame.error(f"no display found (only SDL's '{driver}' driver started)")


def _load_icon():
    """The window icon, or None: a missing or broken icon must not stop the game."""
    import pygame

    from jayden_jazz import paths

    try:
        p = paths.window_icon_png()
        if p is not None:
            return pygame.image.load(str(p))
    except (OSError, pygame.error):
        pass
    return None


def make_app(argv: list[str] | None = None) -> App:
    """Build an App (and its first scene) without running the loop; used by tests."""
    args = build_parser().parse_args(argv)
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from jayden_jazz.scenes.registry import make_scene

    app = App(args)
    app.stack.push(make_scene("menu", app))
    if args.scene != "menu":
        app.stack.push(make_scene(args.scene, app))
    return app


def main(argv: list[str] | None = None) -> int:
    """The gui-script, ``python -m jayden_jazz`` and the bundle all start here.

    Expected failures (no display, a missing file, a bad flag value) end with
    one line on stderr, a message box for double-click players, and exit
    code 2. Anything else is a bug: with a console it raises as usual;
    without one (Windows launcher, bundle) it is written to a crash file the
    message box names, since the traceback would otherwise vanish.
    """
    words = sys.argv[1:] if argv is None else argv
    if words[:1] in (["serve"], ["proxy-config"]):     # the headless game server: no window, no pygame
        from jayden_jazz.net.__main__ import main as net_main

        return net_main(list(words))
    if words[:1] == ["prepare"]:                        # no window either: the card search only
        from jayden_jazz.ai.cards.jit.prepare import main as prepare_main

        return prepare_main(list(words[1:]))
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    try:
        from jayden_jazz.scenes.registry import UnknownScene

        try:
            app = make_app(argv)
        except FileNotFoundError as e:
            return _fatal(f"A required file is missing: {e}")
        except UnknownScene as e:        # only the name itself: a KeyError inside a scene is a bug
            return _fatal(str(e))
        except ValueError as e:
            return _fatal(str(e))
        except ModuleNotFoundError as e:
            return _fatal(f"A part of the game or a library it needs is not installed ({e}); "
                          "reinstall the game.")
        except Exception as e:
            if _is_pygame_error(e):
                return _fatal(f"Could not open the game window: {e}. "
                              "Is a display available? Try --headless for a test run.")
            raise
        return app.run(frames=args.frames, screenshot=args.screenshot)
    except KeyboardInterrupt:            # Ctrl+C in the console: the loop has closed the scenes
        return interrupted()
    except Exception:
        if sys.stderr is not None:
            raise
        return _crash_report()


def _is_pygame_error(e: BaseException) -> bool:
    pygame = sys.modules.get("pygame")
    return pygame is not None and isinstance(e, pygame.error)


def _crash_report() -> int:
    """Keep the traceback where the player can send it; say where it is."""
    import traceback

    text = traceback.format_exc()
    where = "(could not be saved)"
    try:
        from jayden_jazz import paths

        crash = paths.user_dirs().data / "crash.txt"
        crash.parent.mkdir(parents=True, exist_ok=True)
        crash.write_text(f"Jayden & Jazz {__version__}\n{text}", encoding="utf-8")
        where = str(crash)
    except Exception:
        pass
    _show_error_box(f"Jayden & Jazz stopped because of an internal error.\nDetails: {where}")
    return 1


def _fatal(message: str) -> int:
    if sys.stderr is not None:       # None under pythonw.exe and a windowed bundle
        print(f"jayden-jazz: {message}", file=sys.stderr)
    _show_error_box(message)
    return 2


def _show_error_box(message: str) -> None:
    """Double-click users have no console: try a native message box too."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        import pygame

        pygame.display.message_box("Jayden & Jazz", message, message_type="error")  # pygame-ce 2.4+
    except Exception:
        pass

