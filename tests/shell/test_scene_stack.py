from jayden_jazz.shell.input import ACTION, BACK
from jayden_jazz.shell.scene import Scene, SceneStack


class Mock(Scene):
    def __init__(self, name, opaque=True, log=None):
        super().__init__(None)
        self.name, self.opaque, self.log = name, opaque, log if log is not None else []
        self.actions = []
        self.updates = 0

    def enter(self): self.log.append((self.name, "enter"))
    def exit(self): self.log.append((self.name, "exit"))
    def pause(self): self.log.append((self.name, "pause"))
    def resume(self): self.log.append((self.name, "resume"))
    def handle(self, a): self.actions.append(a)
    def update(self): self.updates += 1
    def draw(self, surf): self.log.append((self.name, "draw"))


def test_push_pop_lifecycle_pairs_pause_with_resume():
    log = []
    st = SceneStack()
    a, b = Mock("a", log=log), Mock("b", log=log)
    st.push(a)
    st.push(b)
    assert st.top is b and len(st) == 2
    st.pop()
    assert st.top is a
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"), ("a", "resume")]
    assert b.stack is None and a.stack is st


def test_replace_does_not_wake_scene_below():
    log = []
    st = SceneStack()
    st.push(Mock("a", log=log))
    st.push(Mock("b", log=log))
    log.clear()
    st.replace(Mock("c", log=log))
    assert log == [("b", "exit"), ("c", "enter")]
    assert [s.name for s in st] == ["a", "c"]


def test_only_top_scene_gets_actions_and_updates():
    st = SceneStack()
    a, b = Mock("a"), Mock("b")
    st.push(a)
    st.push(b)
    st.handle(ACTION)
    st.update()
    assert b.actions == [ACTION] and a.actions == []
    assert b.updates == 1 and a.updates == 0


def test_overlay_draws_over_the_scene_below_but_opaque_hides_lower():
    log = []
    st = SceneStack()
    st.push(Mock("title", log=log))
    st.push(Mock("board", log=log))
    st.push(Mock("menu", opaque=False, log=log))
    log.clear()
    st.draw(None)
    assert log == [("board", "draw"), ("menu", "draw")]


def test_close_pops_only_when_on_top_and_clear_exits_all():
    log = []
    st = SceneStack()
    a, b = Mock("a", log=log), Mock("b", log=log)
    st.push(a)
    st.push(b)
    a.close()          # not on top: nothing happens
    assert st.top is b
    b.close()
    assert st.top is a
    st.clear()
    assert len(st) == 0 and ("a", "exit") in log


def test_pop_to_type():
    class Title(Mock):
        pass
    st = SceneStack()
    t = Title("t")
    st.push(t)
    st.push(Mock("x"))
    st.push(Mock("y"))
    assert st.pop_to(Title) is t and len(st) == 1
    st.handle(BACK)
    assert t.actions == [BACK]


class _Helper:
    def __init__(self):
        self.closed = 0

    def close(self):
        self.closed += 1


class _Input:
    def __init__(self):
        self.released = 0

    def release_all(self):
        self.released += 1


class _App:
    def __init__(self):
        self.input = _Input()


def test_play_scene_closes_its_computer_helper_when_it_leaves():
    from jayden_jazz.shell.scene import PlayScene

    class Table(PlayScene):
        helper_attr = "brain"

    st = SceneStack()
    sc = Table(_App())
    helper = sc.brain = _Helper()
    st.push(sc)
    st.push(Mock("window"))
    st.pop()
    assert sc.app.input.released == 1       # keys held under the window are forgotten
    st.pop()
    assert helper.closed == 1 and sc.brain is None


def test_menu_pick_closes_on_escape_and_passes_other_actions_to_the_menu():
    class Menu:
        def __init__(self):
            self.seen = []

        def handle(self, action):
            self.seen.append(action)
            return "item"

    st = SceneStack()
    st.push(Mock("below"))
    sc = Scene(None)
    st.push(sc)
    menu = Menu()
    assert sc.menu_pick(menu, ACTION) == "item" and menu.seen == [ACTION]
    assert sc.menu_pick(menu, BACK) is None
    assert st.top.name == "below" and menu.seen == [ACTION]


class Still(Mock):
    def __init__(self, name, wait=None, opaque=True):
        super().__init__(name, opaque=opaque)
        self.wait = wait

    def redraw_in(self):
        return self.wait


def test_handled_input_and_scenes_coming_and_going_mark_the_picture_changed():
    st = SceneStack()
    a = Still("a")
    st.push(a)
    assert st.dirty
    st.dirty = False
    st.update()
    assert not st.dirty                          # a tick alone changes nothing
    st.handle(ACTION)
    assert st.dirty
    st.dirty = False
    st.push(Still("b", opaque=False))
    assert st.dirty
    st.dirty = False
    st.pop()
    assert st.dirty
    st.dirty = False
    a.changed()
    assert st.dirty


def test_redraw_in_is_the_soonest_of_the_visible_scenes():
    st = SceneStack()
    st.push(Still("hidden", wait=1))
    st.push(Still("board", wait=15))
    assert st.redraw_in() == 15                  # the opaque board hides the scene below
    st.push(Still("window", wait=None, opaque=False))
    assert st.redraw_in() == 15
    st.push(Still("still", wait=None))
    assert st.redraw_in() is None
    st.push(Mock("default"))
    assert st.redraw_in() == 1                   # a scene that says nothing redraws every tick


def test_ticks_to_next_and_soonest():
    from jayden_jazz.shell.scene import soonest, ticks_to_next

    assert [ticks_to_next(t, 15) for t in (0, 1, 14, 15)] == [15, 14, 1, 15]
    assert soonest(None, 7, 3) == 3 and soonest(None, None) is None
