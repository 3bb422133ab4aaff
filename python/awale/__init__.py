"""awale: Awale (Oware) and its relatives from Python.

A thin layer over the awale C library (libawale.so, through ctypes): the
rule sets and their parameters, game states with history (legal moves, play,
undo, clone, observations), perft, the engine, endgame tables and game
records. Every error of the library is raised as an AwaleError carrying the
library's message; nothing passed from Python reaches the C code unchecked.

    >>> import awale
    >>> s = awale.State(rules="abapa")
    >>> s.legal_moves()
    ['A', 'B', 'C', 'D', 'E', 'F']
    >>> s.play("C")
    >>> s.position
    '4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1'

See docs/python.md.
"""

import ctypes
import os
import threading
import weakref
from collections import namedtuple
from ctypes import (byref, c_char_p, c_float, c_int, c_int32, c_uint8, c_uint64,
                    create_string_buffer)

from . import _lib
from ._lib import lib as _c

__all__ = ["AwaleError", "IllegalMoveError", "Rules", "State", "VectorGame", "Engine", "Analysis", "Line",
           "Score", "Tables", "Book", "Record", "Parameter", "rule_sets", "rule_set_summary",
           "parameters", "perft", "perft_divide", "read_records", "write_records",
           "engine_options", "library_version", "SOUTH", "NORTH"]

__version__ = _lib.version
# The calls of a random playout, looked up once.
_game_play, _game_legal, _game_status = _c.aw_game_play, _c.aw_game_legal, _c.aw_game_status
SOUTH, NORTH = 0, 1
_SIDES = "SN"
_STATUS_ONGOING = 0


class AwaleError(ValueError):
    """A bad rule set, parameter, position, move, record, option, file...:
    the message is the library's."""


class IllegalMoveError(AwaleError):
    """A move that cannot be played now (the message says why); .move is the
    move as given."""

    def __init__(self, message, move=None):
        super().__init__(message)
        self.move = move


def library_version():
    """The version of the C library loaded ("0.1.0")."""
    return _lib.version


# ------------------------------------------------------------------ helpers

def _text(value, what):
    """A Python string as bytes for C: a str without NUL characters."""
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise AwaleError("%s contains a NUL character" % what)
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError:
        raise AwaleError("%s is not valid text" % what) from None


def _msg(err):
    return err.msg.decode("utf-8", "replace")


def _int(value, what, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    if not lo <= value <= hi:
        raise AwaleError("%s must be from %d to %d, not %d" % (what, lo, hi, value))
    return value


def _str(b):
    return b.decode("utf-8", "replace") if b is not None else None


_NUMPY = False  # not looked for yet; then the module, or None


def _numpy(wanted=None):
    """numpy when it is there and wanted (None: if there; True: it must be;
    False: lists). AWALE_NUMPY=0 in the environment makes the module behave
    as if numpy were not installed."""
    global _NUMPY
    if wanted is False:
        return None
    if _NUMPY is False:
        _NUMPY = None
        if os.environ.get("AWALE_NUMPY", "1") != "0":
            try:
                import numpy
                _NUMPY = numpy
            except ImportError:
                pass
    if _NUMPY is None and wanted:
        raise ImportError("awale: numpy is not installed (Debian: python3-numpy)")
    return _NUMPY


def _actions_mode(actions):
    if actions not in ("absolute", "relative"):
        raise AwaleError("actions must be 'absolute' or 'relative', not %r" % (actions,))
    return actions == "relative"


# -------------------------------------------------------------- rule sets

Parameter = namedtuple("Parameter", "name values help")
Parameter.__doc__ = "A rule parameter: its name, the values it takes and its meaning."


def rule_sets():
    """The names of the rule sets ("abapa", ..., "relay")."""
    return [_c.aw_rules_preset_name(i).decode() for i in range(_c.aw_rules_preset_count())]


def rule_set_summary(name):
    """One paragraph describing a rule set."""
    names = rule_sets()
    if name not in names:
        Rules(name)  # raises the library's message
    return _c.aw_rules_preset_summary(names.index(name)).decode()


def parameters():
    """Every rule parameter, as Parameter(name, values, help)."""
    return [Parameter(_c.aw_rules_param_name(i).decode(), _c.aw_rules_param_values(i).decode(),
                      _c.aw_rules_param_help(i).decode())
            for i in range(_c.aw_rules_param_count())]


class Rules:
    """A rule set: a preset ("abapa", "seven-turns", "grand-slam",
    "two-seeds", "relay") with parameters overridden by name, as with
    --rule: Rules("abapa", rule={"target": "24"}) or rule=["target=24"].
    Reading rules["target"] gives a parameter's value as typed."""

    __slots__ = ("_r", "_names", "_codes")

    def __init__(self, rules="abapa", rule=None):
        self._r = _lib.Rules()
        self._names = self._codes = None
        if isinstance(rules, Rules):
            ctypes.pointer(self._r)[0] = rules._r
        else:
            err = _lib.Error()
            if _c.aw_rules_preset(_text(rules, "the rule set"), byref(self._r), byref(err)):
                raise AwaleError(_msg(err))
        if rule is None:
            return
        if isinstance(rule, dict):
            for k, v in rule.items():
                self.set(k, v)
        elif isinstance(rule, str):
            self.set_arg(rule)
        else:
            for a in rule:
                self.set_arg(a)

    def set(self, param, value):
        """Set one parameter ("target", "24"; numbers and booleans are taken
        as they print)."""
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif isinstance(value, int):
            value = str(value)
        err = _lib.Error()
        if _c.aw_rules_set(byref(self._r), _text(param, "the parameter"),
                           _text(value, "the value"), byref(err)):
            raise AwaleError(_msg(err))
        self._names = self._codes = None
        return self

    def set_arg(self, assignment):
        """Set one parameter from "name=value", as typed after --rule."""
        err = _lib.Error()
        if _c.aw_rules_set_arg(byref(self._r), _text(assignment, "the rule"), byref(err)):
            raise AwaleError(_msg(err))
        self._names = self._codes = None
        return self

    def __getitem__(self, param):
        buf = create_string_buffer(64)
        out = _c.aw_rules_get(byref(self._r), _text(param, "the parameter"), buf, 64)
        if out is None:
            raise KeyError(param)
        return out.decode()

    def get(self, param, default=None):
        try:
            return self[param]
        except KeyError:
            return default

    @property
    def name(self):
        """The preset these rules started from."""
        return self._r.name.decode()

    @property
    def family(self):
        """"oware" or "relay"."""
        return "relay" if self._r.family == 1 else "oware"

    def applies(self, param):
        """Whether the parameter matters in this rule set's family."""
        return bool(_c.aw_rules_param_applies(byref(self._r), _text(param, "the parameter")))

    def as_dict(self):
        """Every parameter that applies, with its value as typed."""
        return {p.name: self[p.name] for p in parameters() if self.applies(p.name)}

    def diff(self):
        """The --rule assignments that turn the preset into these rules
        ("target=24 repetition=2"; "" when none)."""
        buf = create_string_buffer(512)
        _c.aw_rules_diff(byref(self._r), buf, 512)
        return buf.value.decode()

    def describe(self, param):
        """A parameter's value in words."""
        buf = create_string_buffer(512)
        out = _c.aw_rules_describe(byref(self._r), _text(param, "the parameter"), buf, 512)
        if out is None:
            raise KeyError(param)
        return out.decode()

    def howto(self):
        """How to play, in a few paragraphs (one per line)."""
        buf = create_string_buffer(_lib.AW_HOWTO_MAX)
        _c.aw_rules_howto(byref(self._r), buf, _lib.AW_HOWTO_MAX)
        return buf.value.decode()

    def copy(self):
        return Rules(self)

    def __reduce__(self):
        return (Rules, (self.name, self.diff().split()))

    def __eq__(self, other):
        return isinstance(other, Rules) and bytes(self._r) == bytes(other._r)

    def __hash__(self):
        return hash(bytes(self._r))

    def __repr__(self):
        d = self.diff()
        if not d:
            return "Rules(%r)" % self.name
        return "Rules(%r, rule=%r)" % (self.name, d.split())

    # Move names and action numbers, made once per rule set.
    def _tables(self):
        if self._names is None:
            known = _MOVE_TABLES.get(bytes(self._r))
            if known:
                self._names, self._codes = known
                return known
            names, codes = {}, {}
            buf = create_string_buffer(_lib.AW_MOVE_MAX)
            moves = list(range(12))
            if self._r.family == 1:
                moves += [m | _lib.AW_MOVE_CW for m in range(12)] + [_lib.AW_MOVE_PASS]
            for m in moves:
                name = _c.aw_move_format(byref(self._r), m, buf).decode()
                names[m] = name
                codes[name] = m
            self._names, self._codes = names, codes
            if len(_MOVE_TABLES) < 256:
                _MOVE_TABLES[bytes(self._r)] = (names, codes)
        return self._names, self._codes


_MOVE_TABLES = {}


def _rules(rules, rule):
    if isinstance(rules, Rules) and rule is None:
        return rules
    return Rules(rules, rule)


def _position(text, rules=None, first=SOUTH):
    pos = _lib.Position()
    if text is None:
        return _c.aw_position_start(first)
    if isinstance(text, State):
        return text._pos()
    err = _lib.Error()
    if _c.aw_position_parse(_text(text, "the position"), byref(pos), byref(err)):
        raise AwaleError(_msg(err))
    return pos


def _format_position(pos):
    buf = create_string_buffer(_lib.AW_POSITION_MAX)
    return _c.aw_position_format(byref(pos), buf).decode()


# --------------------------------------------------------------- the state

class State:
    """A game: rules, a start position and the moves played, with what
    follows from them (legal moves, repetition, the end, the scores).

    State(rules="abapa", rule=None, position=None, first="S"): rules is a
    rule set name or a Rules; rule overrides parameters (a dict, or "k=v"
    strings); position is a position string to start from (default: the
    start position with `first` to move).

    Moves are named as in the program ("C", "e"; "C+", "C-" and "pass" in
    the relay game) or numbered as actions: action(move) and move_name(a)
    convert, num_actions() is 12 for Oware and 25 for the relay game (pits
    0..11 counterclockwise, 12..23 clockwise, 24 the pass). With
    actions="relative" they are numbered from the side to move's view, as
    OpenSpiel numbers Oware's: 0..5 its own pits A..F or a..f (relay: 0..5
    counterclockwise, 6..11 clockwise, 12 the pass), and observation() is
    OpenSpiel's observation tensor.

    pickle, copy.copy and copy.deepcopy copy a State (history included);
    serialize() gives it as text and State.deserialize(text) reads it back.

    A State may be used by several threads: each call is atomic (a lock
    makes the others wait), so a move is played whole or not at all."""

    __slots__ = ("_g", "rules", "_names", "_codes", "_acodes", "_buf", "_err", "_lock",
                 "_relative")

    def __init__(self, rules="abapa", rule=None, position=None, first="S", actions="absolute"):
        self._g = None
        self.rules = _rules(rules, rule).copy()
        relative = _actions_mode(actions)
        if first not in ("S", "N", SOUTH, NORTH):
            raise AwaleError("first must be 'S' or 'N', not %r" % (first,))
        start = _position(position, first=0 if first in ("S", SOUTH) else 1)
        self._init(_c.aw_game_new(byref(self.rules._r), byref(start)), relative)

    def _init(self, game, relative=False):
        if not game:
            raise MemoryError("awale: out of memory")
        self._g = game
        # Held around every call of the C game (which runs without the GIL).
        self._lock = threading.Lock()
        self._relative = relative
        self._names, self._codes = self.rules._tables()
        # The fast path of play(int): absolute actions only.
        self._acodes = () if relative else _ACTION_CODES[:self.num_actions()]
        self._buf = (c_uint8 * _lib.AW_MAX_MOVES)()
        self._err = byref(_lib.Error())

    def __del__(self):
        g, self._g = getattr(self, "_g", None), None
        if g and _c is not None:
            _c.aw_game_free(g)

    # What the game is now.
    @property
    def position(self):
        """The current position as a position string."""
        return _format_position(self._pos())

    @property
    def start(self):
        """The start position as a position string."""
        p = _lib.Position()
        with self._lock:
            ctypes.pointer(p)[0] = _c.aw_game_start(self._g)[0]
        return _format_position(p)

    def _pos(self):
        """A copy of the current position."""
        p = _lib.Position()
        with self._lock:
            ctypes.pointer(p)[0] = _c.aw_game_position(self._g)[0]
        return p

    @property
    def ply(self):
        """The number of moves played."""
        with self._lock:
            return _c.aw_game_ply(self._g)

    @property
    def history(self):
        """The moves played, by name."""
        with self._lock:
            g = self._g
            return [self._names[_c.aw_game_move(g, i)] for i in range(_c.aw_game_ply(g))]

    @property
    def to_move(self):
        """"S" or "N"."""
        return _SIDES[self._pos().side]

    @property
    def current_player(self):
        """0 (South) or 1 (North): the side to move."""
        return self._pos().side

    def legal_moves(self):
        """The moves that can be played now, by name; [] once the game is
        over."""
        with self._lock:
            n = _game_legal(self._g, self._buf)
            return list(map(self._names.__getitem__, self._buf[:n]))

    def legal_actions(self):
        """The same as action numbers."""
        of = _RELATIVE_OF if self._relative else _ACTION_OF
        with self._lock:
            n = _game_legal(self._g, self._buf)
            return list(map(of.__getitem__, self._buf[:n]))

    def legal_action_mask(self, numpy=None):
        """For every action number, whether it can be played now: a numpy
        bool array of num_actions() (a list of bools with numpy=False or
        without numpy)."""
        mask = [False] * self.num_actions()
        for a in self.legal_actions():
            mask[a] = True
        np = _numpy(numpy)
        return mask if np is None else np.array(mask, dtype=np.bool_)

    def num_actions(self):
        """12 (Oware) or 25 (relay) absolute actions; 6 or 13 relative."""
        relay = self.rules._r.family == 1
        if self._relative:
            return 13 if relay else 6
        return 25 if relay else 12

    @property
    def actions(self):
        """"absolute" or "relative": how actions are numbered."""
        return "relative" if self._relative else "absolute"

    def action(self, move):
        """The action number of a move name (relative actions: counted in
        the row of the pit's owner)."""
        code = self._code(move)
        return _RELATIVE_OF[code] if self._relative else _action(code)

    def move_name(self, action):
        """The move name of an action number (relative actions: for the side
        to move)."""
        return self._names[self._action_code(action)]

    def _action_code(self, action, side=None):
        _int(action, "the action", 0, self.num_actions() - 1)
        if self._relative:
            if side is None:
                side = self._pos().side
            return _RELATIVE_CODES[side][action if action < 12 else 24]
        if action == 24:
            return _lib.AW_MOVE_PASS
        return action - 12 | _lib.AW_MOVE_CW if action >= 12 else action

    def _code(self, move):
        if isinstance(move, str):
            code = self._codes.get(move)
            if code is not None:
                return code
            # Other spellings the library reads (" C ", "C,").
            text = c_char_p(_text(move, "the move"))
            code = c_uint8()
            err = _lib.Error()
            rc = _c.aw_move_parse_next(byref(self.rules._r), byref(text), byref(code), byref(err))
            if rc < 0:
                raise IllegalMoveError(_msg(err), move)
            if rc == 0 or text.value.strip(b" ,"):
                raise IllegalMoveError("expected one move, not %r" % move, move)
            return code.value
        if isinstance(move, int) and not isinstance(move, bool):
            return self._action_code(move)
        raise TypeError("a move is a name (str) or an action (int), not %s"
                        % type(move).__name__)

    def play(self, move):
        """Play a move (a name or an action number). Raises
        IllegalMoveError (with the reason) when it cannot be played, the
        game unchanged."""
        if type(move) is int and 0 <= move < len(self._acodes):
            code = self._acodes[move]
        elif self._relative and isinstance(move, int) and not isinstance(move, bool):
            # The side to move and the move, under one hold of the lock.
            _int(move, "the action", 0, self.num_actions() - 1)
            codes = _RELATIVE_CODES
            with self._lock:
                code = codes[_c.aw_game_position(self._g)[0].side][move if move < 12 else 24]
                if _game_play(self._g, code, self._err):
                    raise IllegalMoveError(_msg(self._err._obj), move)
            return
        else:
            code = self._codes.get(move) if isinstance(move, str) else None
            if code is None:
                code = self._code(move)
        with self._lock:
            if _game_play(self._g, code, self._err):
                raise IllegalMoveError(_msg(self._err._obj), move)

    def play_moves(self, moves):
        """Play several moves: a list (names or actions), or a text ("C f F
        b", "CfFb"). A bad move raises IllegalMoveError with its number, as
        'awale replay' says it ("move 3 (C) is illegal: ..."); the moves
        before it stay played."""
        if isinstance(moves, str):
            text = c_char_p(_text(moves, "the moves"))
            code = c_uint8()
            err = _lib.Error()
            parsed = []
            while True:
                rc = _c.aw_move_parse_next(byref(self.rules._r), byref(text), byref(code),
                                           byref(err))
                if rc < 0:
                    parsed.append(IllegalMoveError(
                        "move %d is malformed: %s" % (len(parsed) + 1, _msg(err)), moves))
                    break
                if rc == 0:
                    break
                parsed.append(self._names[code.value])
            moves = parsed
        for i, m in enumerate(moves):
            if isinstance(m, IllegalMoveError):
                raise m
            try:
                self.play(m)
            except AwaleError as e:
                name = m if isinstance(m, str) else str(m)
                raise IllegalMoveError("move %d (%s) is illegal: %s" % (i + 1, name, e),
                                       m) from None

    def playout(self, seed=None, max_plies=None):
        """Play random legal moves (uniformly) in C until the game is over
        or max_plies moves were played; returns the number played. The same
        seed (an int) plays the same moves; None draws one from Python's
        random module. Much faster than a loop in Python."""
        if seed is None:
            import random
            seed = random.getrandbits(64)
        state = c_uint64(_int(seed, "seed", 0, (1 << 64) - 1))
        limit = (1 << 31) - 1 if max_plies is None else _int(max_plies, "max_plies", 0,
                                                             (1 << 31) - 1)
        with self._lock:
            n = _c.aw_game_playout(self._g, byref(state), limit)
        if n < 0:
            raise MemoryError("awale: out of memory")
        return n

    def undo(self, plies=1):
        """Take back the last move (or `plies` moves). Returns the number
        taken back; AwaleError when there is none."""
        _int(plies, "plies", 1, 1 << 30)
        with self._lock:
            n = _c.aw_game_undo(self._g, plies)
        if n == 0:
            raise AwaleError("no move to take back")
        return n

    def clone(self):
        """An independent copy, history included."""
        s = State.__new__(State)
        s._g = None
        s.rules = self.rules
        with self._lock:
            g = _c.aw_game_clone(self._g)
        s._init(g, self._relative)
        return s

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_restore_state, (self.serialize(),))

    def serialize(self):
        """The game as text (rules, start position, moves, the action
        numbering), for State.deserialize: lines "awale-state 1", "rules
        NAME", "rule K=V ..." (when the rules differ from the preset),
        "start POSITION", "moves M M ..." (when some were played), "agreed"
        (when the game ended by agreement), "actions relative"."""
        with self._lock:
            g = self._g
            start = _format_position(_c.aw_game_start(g)[0])
            moves = [self._names[_c.aw_game_move(g, i)] for i in range(_c.aw_game_ply(g))]
            agreed = _c.aw_game_status(g) == _STATUS_AGREEMENT
        lines = ["awale-state 1", "rules " + self.rules.name]
        diff = self.rules.diff()
        if diff:
            lines.append("rule " + diff)
        lines.append("start " + start)
        if moves:
            lines.append("moves " + " ".join(moves))
        if agreed:
            lines.append("agreed")
        if self._relative:
            lines.append("actions relative")
        return "\n".join(lines) + "\n"

    @staticmethod
    def deserialize(text):
        """A State from the text of serialize(); AwaleError naming the line
        and the problem for anything else."""
        if not isinstance(text, str):
            raise TypeError("a serialized State is a str, not %s" % type(text).__name__)
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if not lines or lines[0] != "awale-state 1":
            first = lines[0][:40] if lines else ""
            raise AwaleError("not a serialized State: line 1 is %r, not 'awale-state 1'" % first)
        fields = {}
        order = ("rules", "rule", "start", "moves", "agreed", "actions")
        for number, line in enumerate(lines[1:], 2):
            key, _, value = line.partition(" ")
            if key not in order:
                raise AwaleError("line %d: unknown field %r" % (number, key[:40]))
            if key in fields:
                raise AwaleError("line %d: %s given twice" % (number, key))
            if list(fields) and order.index(key) < order.index(list(fields)[-1]):
                raise AwaleError("line %d: %s after %s" % (number, key, list(fields)[-1]))
            if (key == "agreed") != (value == ""):
                raise AwaleError("line %d: %s" % (number, "agreed takes no value"
                                                  if key == "agreed" else key + " needs a value"))
            fields[key] = value
        for key in ("rules", "start"):
            if key not in fields:
                raise AwaleError("the serialized State has no %s line" % key)
        try:
            rules = Rules(fields["rules"], fields["rule"].split() if "rule" in fields else None)
            s = State(rules, position=fields["start"],
                      actions=fields.get("actions", "absolute"))
            if "moves" in fields:
                s.play_moves(fields["moves"].split(" "))
            if "agreed" in fields:
                s.agree()
        except AwaleError as e:
            raise AwaleError("bad serialized State: %s" % e) from None
        return s

    def agree(self):
        """End the game by agreement, when the rule set allows it."""
        err = _lib.Error()
        with self._lock:
            rc = _c.aw_game_agree(self._g, byref(err))
        if rc:
            raise AwaleError(_msg(err))

    # How it ends.
    @property
    def status(self):
        """"ongoing", or why the game is over ("target", "empty-row",
        "cannot-feed", "no-move", "no-capture", "repetition", ...)."""
        with self._lock:
            return _c.aw_status_word(_c.aw_game_status(self._g)).decode()

    def explain(self):
        """The status in a sentence."""
        buf = create_string_buffer(512)
        with self._lock:
            return _c.aw_status_explain(_c.aw_game_status(self._g), byref(self.rules._r),
                                        _c.aw_game_position(self._g), buf, 512).decode()

    def is_over(self):
        with self._lock:
            return _game_status(self._g) != _STATUS_ONGOING

    def scores(self):
        """(South, North): the final scores once the game is over (the seeds
        left handed out as the rules say), the captures so far before."""
        out = (c_int * 2)()
        with self._lock:
            _c.aw_game_scores(self._g, out)
        return (out[0], out[1])

    def winner(self):
        """"S" or "N" once the game is over, "draw" for a level end, None
        while it goes on."""
        out = (c_int * 2)()
        with self._lock:
            if _game_status(self._g) == _STATUS_ONGOING:
                return None
            _c.aw_game_scores(self._g, out)
        s, n = out[0], out[1]
        return "S" if s > n else "N" if n > s else "draw"

    def returns(self):
        """(South, North) rewards: +1 for a win, -1 for a loss, 0 for a draw
        or a game still going on."""
        w = self.winner()
        return (1, -1) if w == "S" else (-1, 1) if w == "N" else (0, 0)

    def occurrences(self):
        """How many times the current position occurred since the last
        capture (repetition)."""
        with self._lock:
            return _c.aw_game_occurrences(self._g)

    def observation(self, mover_first=False, numpy=None):
        """The board as 14 numbers: the 12 pits (A..F, then a..f) and the two
        scores (South, North); with mover_first, from the side to move's
        view (its pits and score first). A numpy array (uint8) when numpy is
        there (numpy=None) or asked for (True); a list with numpy=False.

        With actions="relative", OpenSpiel's observation tensor of Oware:
        the same 14 numbers divided by 48 (float32; floats in a list),
        the same for both players."""
        p = self._pos()
        pits, score = list(p.pits), list(p.score)
        if mover_first and p.side == NORTH:
            pits = pits[6:] + pits[:6]
            score = score[::-1]
        obs = pits + score
        np = _numpy(numpy)
        if self._relative:
            if np is None:
                return [_FRACTION[k] for k in obs]
            return np.array(obs, dtype=np.float32) / np.float32(_lib.AW_SEEDS)
        return obs if np is None else np.array(obs, dtype=np.uint8)

    observation_tensor = observation

    def evaluate(self):
        """The engine's static evaluation, hundredths of a seed for the
        side to move."""
        return _c.aw_engine_evaluate(byref(self.rules._r), byref(self._pos()))

    def record(self, tags=None):
        """This game as a Record, with these tags (a dict)."""
        return Record(self, tags)

    def __str__(self):
        return self.position

    def __repr__(self):
        with self._lock:
            g = self._g
            pos = _format_position(_c.aw_game_position(g)[0])
            ply, status = _c.aw_game_ply(g), _c.aw_status_word(_c.aw_game_status(g)).decode()
        return "<awale.State %s %s, %d moves, %s>" % (self.rules.name, pos, ply, status)


def _action(code):
    if code == _lib.AW_MOVE_PASS:
        return 24
    return (code & 0x0F) + (12 if code & _lib.AW_MOVE_CW else 0)


# Action numbers to move codes and back.
_ACTION_CODES = tuple(range(12)) + tuple(m | _lib.AW_MOVE_CW for m in range(12)) + (
    _lib.AW_MOVE_PASS,)
_ACTION_OF = {code: a for a, code in enumerate(_ACTION_CODES)}
# Relative actions: the move codes of actions 0..24 for each side to move
# (0..5 own pits, 6..11 clockwise... in a 25-long table, 12 read at 24), and
# the relative action of every move code.
_RELATIVE_CODES = tuple(
    tuple(range(6 * side, 6 * side + 6)) + tuple(m | _lib.AW_MOVE_CW
                                                  for m in range(6 * side, 6 * side + 6))
    + (None,) * 12 + (_lib.AW_MOVE_PASS,) for side in (SOUTH, NORTH))
_RELATIVE_OF = {code: (code & 0x0F) % 6 + (6 if code & _lib.AW_MOVE_CW else 0)
                for code in _ACTION_CODES[:24]}
_RELATIVE_OF[_lib.AW_MOVE_PASS] = 12
# k / 48 as numpy's float32 makes it, as a Python float (OpenSpiel's tensor).
_FRACTION = [float(ctypes.c_float(k / 48.0).value) for k in range(49)]
_STATUS_AGREEMENT = 8


def _restore_state(text):
    """pickle's way back to a State (State.__reduce__)."""
    return State.deserialize(text)


def _state(position, rules, rule):
    """A State from a State (as it is) or a position string and rules."""
    if isinstance(position, State):
        if rule is not None or (rules is not None and _rules(rules, None) != position.rules):
            raise AwaleError("give the rules with the State, not beside it")
        return position
    return State(rules if rules is not None else "abapa", rule, position)


# ---------------------------------------------------------- vectors of games

class VectorGame:
    """n games of one rule set stepped together in C, for training loops.

    VectorGame(n, rules="abapa", rule=None, seed=0, actions="absolute",
    numpy=None): n games at the start position (South to move). step()
    plays one action in every game; a game that ends gets its rewards and
    starts again at once. Actions are numbered as State's (absolute, or
    relative as OpenSpiel's with actions="relative"); observations are 14
    numbers a game as State.observation() gives them (uint8 counts, or
    OpenSpiel's float32 tensor with relative actions).

    With numpy (the default when it is there), the arrays returned are
    written in place by every call (observations (n, 14), legal masks
    (n, num_actions) bool, rewards (n, 2) float32 for South and North,
    done (n,) bool): copy them to keep them. Without numpy (or with
    numpy=False), new lists are returned instead.

    The C code runs without Python's GIL, so other threads run meanwhile.
    A VectorGame may be shared by threads: each call is atomic (a lock
    makes the others wait); several VectorGames step in parallel."""

    def __init__(self, n, rules="abapa", rule=None, seed=0, actions="absolute", numpy=None):
        self._v = None
        self._lock = threading.Lock()
        self.rules = _rules(rules, rule).copy()
        relative = _actions_mode(actions)
        self.actions = actions
        self.n = _int(n, "the number of games", 1, _lib.AW_VECTOR_MAX)
        seed = _int(seed, "seed", 0, (1 << 64) - 1)
        flags = _lib.AW_VECTOR_RELATIVE | _lib.AW_VECTOR_FLOAT if relative else 0
        err = _lib.Error()
        v = _c.aw_vector_new(byref(self.rules._r), n, flags, seed, byref(err))
        if not v:
            raise AwaleError(_msg(err))
        self._v = v
        self.num_actions = na = _c.aw_vector_num_actions(v)
        self._names, _ = self.rules._tables()
        np = self._np = _numpy(numpy)
        nobs = _lib.AW_VECTOR_OBS
        if np is not None:
            self._obs = np.zeros((n, nobs), dtype=np.float32 if relative else np.uint8)
            self._mask = np.zeros((n, na), dtype=np.bool_)
            self._rew = np.zeros((n, 2), dtype=np.float32)
            self._done = np.zeros(n, dtype=np.bool_)
            self._act = np.zeros(n, dtype=np.int32)
            self._given = np.zeros(n, dtype=np.int32)
            self._players = np.zeros(n, dtype=np.uint8)
            addr = _np_address
        else:
            self._obs = ((c_float if relative else c_uint8) * (n * nobs))()
            self._mask = (c_uint8 * (n * na))()
            self._rew = (c_float * (2 * n))()
            self._done = (c_uint8 * n)()
            self._act = (c_int32 * n)()
            self._given = self._act
            self._players = (c_uint8 * n)()
            addr = ctypes.addressof
        self._a_obs, self._a_mask, self._a_rew = (addr(self._obs), addr(self._mask),
                                                  addr(self._rew))
        self._a_done, self._a_act, self._a_given = (addr(self._done), addr(self._act),
                                                    addr(self._given))
        self._a_players = addr(self._players)
        self._err = _lib.Error()
        self._perr = byref(self._err)
        _c.aw_vector_observe(v, self._a_obs, self._a_mask)

    def _live(self):
        if not self._v:
            raise AwaleError("the VectorGame is closed")
        return self._v

    def close(self):
        """Free the games (at once; the garbage collector would too)."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            v, self._v = self._v, None
        if v and _c is not None:
            _c.aw_vector_free(v)

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __len__(self):
        return self.n

    def __reduce__(self):
        raise TypeError("a VectorGame cannot be pickled (its games can: State)")

    def __repr__(self):
        return "<awale.VectorGame %d games of %s, %s actions>" % (self.n, self.rules.name,
                                                                   self.actions)

    # The arrays, or lists without numpy.
    def _rows(self, flat, width, convert=None):
        items = list(flat) if convert is None else list(map(convert, flat))
        return [items[i * width:(i + 1) * width] for i in range(self.n)]

    def _observations(self):
        if self._np is not None:
            return self._obs
        return self._rows(self._obs, _lib.AW_VECTOR_OBS)

    def _masks(self):
        if self._np is not None:
            return self._mask
        return self._rows(self._mask, self.num_actions, bool)

    def reset(self):
        """Every game back to the start position; returns observations()."""
        with self._lock:
            v = self._live()
            _c.aw_vector_reset(v)
            _c.aw_vector_observe(v, self._a_obs, self._a_mask)
            return self._observations()

    def observations(self):
        """Each game's observation: (n, 14), a row a game."""
        with self._lock:
            self._live()
            return self._observations()

    def legal_masks(self):
        """Each game's legal actions: (n, num_actions) booleans."""
        with self._lock:
            self._live()
            return self._masks()

    def current_players(self):
        """Each game's side to move: 0 (South) or 1 (North)."""
        with self._lock:
            _c.aw_vector_players(self._live(), self._a_players)
            return self._players if self._np is not None else list(self._players)

    def random_actions(self):
        """A legal action for every game, drawn uniformly in C from the
        vector's seed (the same seed, the same games). With numpy the array
        is written in place by the next call."""
        with self._lock:
            _c.aw_vector_random_actions(self._live(), self._a_act)
            return self._act if self._np is not None else list(self._act)

    def _actions_address(self, actions):
        """The address of the actions as n int32, checked (any problem is
        the library's message for the first game that has it)."""
        n, na, np = self.n, self.num_actions, self._np
        if actions is self._act and np is not None:
            return actions, self._a_act  # random_actions()'s own array
        if np is not None:
            if (type(actions) is np.ndarray and actions.dtype == np.int32
                    and actions.shape == (n,) and actions.flags.c_contiguous):
                return actions, actions.ctypes.data  # the C code checks the range
            a = np.asarray(actions)
            if a.shape != (n,):
                raise AwaleError("step() needs %d actions, one a game, not an array of shape %s"
                                 % (n, a.shape))
            if a.dtype.kind not in "iu":
                raise TypeError("actions must be integers, not %s" % a.dtype)
            bad = np.flatnonzero((a < 0) | (a >= na))
            if bad.size:
                i = int(bad[0])
                raise IllegalMoveError("game %d: action %d is out of range (0 to %d)"
                                       % (i, int(a[i]), na - 1), int(a[i]))
            self._given[:] = a
            return self._given, self._a_given
        actions = list(actions)
        if len(actions) != n:
            raise AwaleError("step() needs %d actions, one a game, not %d" % (n, len(actions)))
        for i, a in enumerate(actions):
            if isinstance(a, bool) or not isinstance(a, int):
                raise TypeError("actions must be integers, not %s" % type(a).__name__)
            if not 0 <= a < na:
                raise IllegalMoveError("game %d: action %d is out of range (0 to %d)"
                                       % (i, a, na - 1), a)
        self._given[:] = actions
        return self._given, self._a_given

    def step(self, actions):
        """Play actions[i] in game i, for every game (a numpy int array, or a
        sequence of ints). Returns (observations, rewards, done): rewards
        (n, 2) are +1/-1/0 for South and North in the games that ended at
        this step (0 in the others), done (n,) says which ended; those
        games start again, and their observations and legal masks are
        those of the new game. An action out of range or illegal raises
        IllegalMoveError naming the game, with nothing played."""
        with self._lock:
            v = self._live()
            keep, address = self._actions_address(actions)
            if _c.aw_vector_step(v, address, self._a_rew, self._a_done, self._a_obs,
                                 self._a_mask, self._perr):
                raise IllegalMoveError(_msg(self._err))
            if self._np is not None:
                return self._obs, self._rew, self._done
            return (self._observations(), self._rows(self._rew, 2),
                    [bool(d) for d in self._done])

    def position(self, i):
        """Game i's position, as a position string."""
        _int(i, "the game", 0, self.n - 1)
        with self._lock:
            return _format_position(_c.aw_vector_position(self._live(), i)[0])

    def positions(self):
        """Every game's position, as position strings."""
        with self._lock:
            v = self._live()
            return [_format_position(_c.aw_vector_position(v, i)[0]) for i in range(self.n)]

    def ply(self, i):
        """The number of moves game i played since it (re)started."""
        _int(i, "the game", 0, self.n - 1)
        with self._lock:
            return _c.aw_vector_ply(self._live(), i)

    def move_name(self, i, action):
        """The name of an action in game i now ("C", "e", "C+")."""
        _int(action, "the action", 0, self.num_actions - 1)
        _int(i, "the game", 0, self.n - 1)
        with self._lock:
            side = _c.aw_vector_position(self._live(), i)[0].side
        if self.actions == "relative":
            return self._names[_RELATIVE_CODES[side][action if action < 12 else 24]]
        return self._names[_ACTION_CODES[action]]


def _np_address(a):
    return a.ctypes.data


# ------------------------------------------------------------------ perft

def perft(depth, rules="abapa", rule=None, position=None):
    """The number of legal move sequences of exactly d plies for every d =
    0..depth (a list: result[d]; result[0] is 1)."""
    _int(depth, "depth", 0, _lib.AW_PERFT_MAX_DEPTH)
    r = _rules(rules, rule)
    pos = _position(position)
    counts = (c_uint64 * (depth + 1))()
    _c.aw_perft(byref(r._r), byref(pos), depth, counts)
    return list(counts)


def perft_divide(depth, rules="abapa", rule=None, position=None):
    """Each root move with the number of sequences of `depth` plies that
    start with it (a dict, in move order)."""
    _int(depth, "depth", 1, _lib.AW_PERFT_MAX_DEPTH)
    r = _rules(rules, rule)
    pos = _position(position)
    counts = (c_uint64 * (depth + 1))()
    names, _ = r._tables()
    out = {}

    def each(ctx, move, index, total, count):
        out[names[move]] = count

    fn = _lib.PERFT_MOVE_FN(each)
    _c.aw_perft_divide(byref(r._r), byref(pos), depth, counts, fn, None)
    return out


# ----------------------------------------------------------------- engine

Line = namedtuple("Line", "score moves")
Line.__doc__ = "One line of play: its Score and its moves (names)."


class Score:
    """A search score from the side to move's view: kind is "seeds" (an
    estimate: value in seeds) or a proven "win", "loss" or "draw" with the
    final margin and the plies to the end. str() prints it as the program
    does ("+1.25", "win +3 in 17")."""

    __slots__ = ("kind", "value", "margin", "plies", "text")
    _KINDS = ("seeds", "win", "loss", "draw")

    def __init__(self, s):
        self.kind = self._KINDS[s.kind]
        self.value = s.value / 100.0
        self.margin = s.margin if s.kind else None
        self.plies = s.plies if s.kind else None
        buf = create_string_buffer(64)
        self.text = _c.aw_score_format(byref(s), buf, 64).decode()

    def __float__(self):
        return self.value

    def __str__(self):
        return self.text

    def __repr__(self):
        return "<awale.Score %s>" % self.text


class Analysis:
    """What a search found: best (a move name, None when the game is over),
    ponder (the expected reply or None), score (a Score), line (the moves
    expected), lines (every Line asked for, best first), depth, seldepth,
    nodes, time_ms, book (the move came from an opening book)."""

    __slots__ = ("best", "ponder", "score", "line", "lines", "depth", "seldepth", "nodes",
                 "time_ms", "book")

    def __init__(self, res, names):
        none = _lib.AW_MOVE_NONE
        self.best = names[res.best] if res.best != none else None
        self.ponder = names[res.ponder] if res.ponder != none else None
        info = res.info
        self.lines = [Line(Score(info.line[i].score),
                           [names[info.line[i].pv[k]] for k in range(info.line[i].length)])
                      for i in range(info.lines)]
        self.score = self.lines[0].score if self.lines else None
        self.line = self.lines[0].moves if self.lines else []
        self.depth, self.seldepth = info.depth, info.seldepth
        self.nodes, self.time_ms = info.nodes, info.time_ms
        self.book = bool(res.book)

    def __repr__(self):
        return "<awale.Analysis best %s score %s depth %d line %s>" % (
            self.best, self.score, self.depth, " ".join(self.line))


def engine_options():
    """The engine's options: {name: {"type", "default", "min", "max", "help"}}."""
    out = {}
    for i in range(_c.aw_engine_option_count()):
        o = _c.aw_engine_option_info(i)[0]
        default = o.def_string.decode() if o.def_string is not None else getattr(o, "def")
        if o.type == b"check":
            default = bool(default)
        out[o.name.decode()] = {"type": o.type.decode(), "default": default, "min": o.min,
                                "max": o.max, "help": o.help.decode()}
    return out


class Engine:
    """The search engine, with options by name (as in the protocol: Hash,
    Threads, Level, MultiPV, Seed, Eval, ...): Engine(Hash=16, Level=10).
    analyze() searches a State (its history counts for repetition) or a
    position string with rules. Use tables= to play perfectly inside the
    endgame tables. Close it (or use `with`) to free its memory at once.

    An engine runs one search at a time: called from several threads, its
    methods wait for each other (analyze() for the analysis under way to
    end). stop() is the exception: from any thread, it ends the analysis
    under way at once."""

    def __init__(self, tables=None, book=None, **options):
        self._e = None
        self._tables = self._book = None
        # Held by every method (analyze() for the whole search); _stop_lock
        # only guards the pointer for stop(), which must not wait.
        self._lock = threading.Lock()
        self._stop_lock = threading.Lock()
        err = _lib.Error()
        e = _c.aw_engine_new(byref(err))
        if not e:
            raise AwaleError(_msg(err))
        self._e = e
        for k, v in options.items():
            self.set_option(k, v)
        self.set_tables(tables)
        self.set_book(book)

    def _live(self):
        if not self._e:
            raise AwaleError("the engine is closed")
        return self._e

    def close(self):
        """Free the engine; an analysis running on another thread ends
        first."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            with self._stop_lock:
                e, self._e = self._e, None
            if e and _c is not None:
                _c.aw_engine_free(e)
            self._tables = self._book = None

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def stop(self):
        """End the analysis under way (from any thread): analyze() returns
        at once with the best move found so far. Does nothing when none
        runs."""
        with self._stop_lock:
            if self._e:
                _c.aw_search_stop(self._e)

    def set_option(self, name, value):
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, int):
            value = str(value)
        err = _lib.Error()
        with self._lock:
            rc = _c.aw_engine_set_option(self._live(), _text(name, "the option"),
                                         _text(value, "the value"), byref(err))
        if rc:
            raise AwaleError(_msg(err))

    def get_option(self, name):
        buf = create_string_buffer(4096)
        with self._lock:
            out = _c.aw_engine_get_option(self._live(), _text(name, "the option"), buf, 4096)
        if out is None:
            raise AwaleError("no engine option '%s'" % name)
        return out.decode()

    def set_tables(self, tables):
        """Endgame tables (a Tables, or None to remove them)."""
        if tables is not None and not isinstance(tables, Tables):
            raise TypeError("tables must be a Tables or None")
        with self._lock:
            e = self._live()
            if tables is None:
                _c.aw_engine_set_probe(e, None, None, 0)
            else:
                # Registered first, so that a close() from now on takes the
                # tables from this engine before freeing them.
                tables._attach(self)
                _c.aw_engine_set_probe(e, _lib.tables_probe_hook, tables._h,
                                       _c.aw_tables_seeds(tables._h))
            self._tables = tables  # kept alive while the engine may use it

    def set_book(self, book):
        """An opening book (a Book, or None), used with the option OwnBook."""
        if book is not None and not isinstance(book, Book):
            raise TypeError("book must be a Book or None")
        with self._lock:
            e = self._live()
            if book is not None:
                book._attach(self)
            _c.aw_engine_set_book(e, book._h if book else None)
            self._book = book

    def _detach(self, shared):
        """Stop using these tables or this book (being closed)."""
        with self._lock:
            if not self._e:
                return
            if self._tables is shared:
                _c.aw_engine_set_probe(self._e, None, None, 0)
                self._tables = None
            if self._book is shared:
                _c.aw_engine_set_book(self._e, None)
                self._book = None

    def clear(self):
        """Forget what was learnt (a new game)."""
        with self._lock:
            _c.aw_engine_clear(self._live())

    def analyze(self, position=None, rules=None, rule=None, depth=None, nodes=None,
                movetime=None, multipv=None, moves=None):
        """Search a State, or a position string (default: the start) with
        rules, until one of the limits: depth (plies), nodes, movetime
        (milliseconds; 1000 when no limit is given). multipv asks for the N
        best lines. Returns an Analysis. Ctrl-C stops the search and raises
        KeyboardInterrupt; stop() from another thread ends it early."""
        state = _state(position, rules, rule)
        if moves is not None:
            state = state.clone()
            state.play_moves(moves)
        limits = _lib.Limits()
        if depth is not None:
            limits.depth = _int(depth, "depth", 1, 100)
        if nodes is not None:
            limits.nodes = _int(nodes, "nodes", 1, 1 << 62)
        if movetime is not None:
            limits.movetime_ms = _int(movetime, "movetime", 1, 1 << 40)
        if depth is None and nodes is None and movetime is None:
            limits.movetime_ms = 1000
        if multipv is not None:
            limits.multipv = _int(multipv, "multipv", 1, _lib.AW_MAX_MOVES)
        with self._lock:
            e = self._live()
            # The tables and the book stay open until the search is over;
            # those being closed are dropped first.
            pinned = []
            for shared in (self._tables, self._book):
                if shared is None:
                    continue
                if shared._pin():
                    pinned.append(shared)
                elif shared is self._tables:
                    _c.aw_engine_set_probe(e, None, None, 0)
                    self._tables = None
                else:
                    _c.aw_engine_set_book(e, None)
                    self._book = None
            try:
                return self._search(e, state, limits)
            finally:
                for shared in pinned:
                    shared._unpin()

    def _search(self, e, state, limits):
        err = _lib.Error()
        with state._lock:
            rc = _c.aw_engine_set_game(e, state._g, byref(err))
        if rc:
            raise AwaleError(_msg(err))
        # In the background, so that Ctrl-C can stop it.
        if _c.aw_search_start(e, byref(limits), None, None, None, byref(err)):
            raise AwaleError(_msg(err))
        res = _lib.SearchResult()
        try:
            import time
            delay = 0.0001
            while _c.aw_search_running(e):
                time.sleep(delay)
                delay = min(delay * 2, 0.005)
        except BaseException:
            _c.aw_search_stop(e)
            _c.aw_search_wait(e, byref(res))
            raise
        _c.aw_search_wait(e, byref(res))
        return Analysis(res, state._names)


# ------------------------------------------------------------------ tables

class _Shared:
    """What engines use while they search: endgame tables and opening books.
    A search or a probe holds it (_pin) until it is over; close() refuses
    new users, waits for those under way, takes it from every engine given
    it, and only then frees it. So close() from one thread while another
    analyzes waits for that analysis to end (Engine.stop() ends it early)."""

    _what = "it"

    def _shared_init(self):
        self._h = None                    # the C handle
        self._cond = threading.Condition(threading.Lock())
        self._uses = 0                    # searches and probes under way
        self._closing = False             # close() began
        self._users = weakref.WeakSet()   # engines given it

    def _pin(self):
        """Hold it for a search or a probe: False once it is closed."""
        with self._cond:
            if self._closing or not self._h:
                return False
            self._uses += 1
            return True

    def _unpin(self):
        with self._cond:
            self._uses -= 1
            if self._uses == 0:
                self._cond.notify_all()

    def _attach(self, engine):
        with self._cond:
            if self._closing or not self._h:
                raise AwaleError("the %s closed" % self._what)
            self._users.add(engine)

    def _use(self):
        """The handle, held until _unpin(); AwaleError once it is closed."""
        if not self._pin():
            raise AwaleError("the %s closed" % self._what)
        return self._h

    def close(self):
        cond = getattr(self, "_cond", None)
        if cond is None:
            return
        with cond:
            if self._closing:
                return
            self._closing = True
            while self._uses:
                cond.wait()
            users = list(self._users)
        for e in users:
            # Engines that use it wait here for their analysis to end.
            if e._tables is self or e._book is self:
                e._detach(self)
        with cond:
            h, self._h = self._h, None
        if h and _c is not None:
            self._free(h)

    __del__ = close

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Tables(_Shared):
    """Endgame tables (docs/tables.md): the exact value of every Oware
    position with up to `seeds` seeds on the board.

    Tables(rules="abapa", dir=None, seeds=None, build=False): open the
    tables of these rules in dir (default: $XDG_DATA_HOME/awale/tables), up
    to `seeds` (default: all there are); with build=True, build the missing
    layers up to `seeds` first (default 12, a few seconds).

    Tables may be shared by threads and engines: probes and searches run
    at the same time, and close() waits for those under way."""

    _what = "tables are"

    def __init__(self, rules="abapa", rule=None, dir=None, seeds=None, build=False):
        self._shared_init()
        self.rules = _rules(rules, rule).copy()
        self.dir = self.default_dir() if dir is None else dir
        err = _lib.Error()
        d = _text(os.fspath(self.dir), "the directory")
        if build:
            n = 12 if seeds is None else _int(seeds, "seeds", 0, 48)
            self._h = _c.aw_tables_open_or_build(d, byref(self.rules._r), n, byref(err))
        else:
            n = 0 if seeds is None else _int(seeds, "seeds", 0, 48)
            self._h = _c.aw_tables_open(d, byref(self.rules._r), n, byref(err))
        if not self._h:
            raise AwaleError(_msg(err))

    @staticmethod
    def _free(h):
        _c.aw_tables_close(h)

    @staticmethod
    def default_dir():
        buf = create_string_buffer(4096)
        out = _c.aw_tables_default_dir(buf, 4096)
        if out is None:
            raise AwaleError("no tables directory: set XDG_DATA_HOME or HOME")
        return out.decode()

    @staticmethod
    def build(rules="abapa", rule=None, dir=None, seeds=12, threads=0, compress=False):
        """Build the tables of these rules in dir, every layer up to
        `seeds` (layers already there are kept)."""
        r = _rules(rules, rule)
        d = Tables.default_dir() if dir is None else dir
        opt = _lib.TablesBuildOptions()
        opt.seeds = _int(seeds, "seeds", 0, 48)
        opt.threads = _int(threads, "threads", 0, 64)
        opt.compress = bool(compress)
        err = _lib.Error()
        if _c.aw_tables_build(_text(os.fspath(d), "the directory"), byref(r._r), byref(opt),
                              byref(err)):
            raise AwaleError(_msg(err))

    @staticmethod
    def supported(rules="abapa", rule=None):
        """None when tables can serve these rules, else the reason why not."""
        err = _lib.Error()
        if _c.aw_tables_supported(byref(_rules(rules, rule)._r), byref(err)):
            return _msg(err)
        return None

    @property
    def seeds(self):
        """The largest seed count on the board that the tables cover."""
        h = self._use()
        try:
            return _c.aw_tables_seeds(h)
        finally:
            self._unpin()

    @property
    def bytes(self):
        h = self._use()
        try:
            return _c.aw_tables_bytes(h)
        finally:
            self._unpin()

    def probe(self, position):
        """The value of a position (a State or a position string) for the
        side to move: the net seeds it can force from the board onwards.
        None when the tables do not cover it."""
        pos = _position(position)
        v = c_int()
        h = self._use()
        try:
            if not _c.aw_tables_probe(h, byref(pos), byref(v)):
                return None
        finally:
            self._unpin()
        return v.value

    def probe_moves(self, position):
        """Each legal move with its value for the side to move ({} when the
        game is over), or None when the tables do not cover it."""
        pos = _position(position)
        moves = (c_uint8 * _lib.AW_MAX_MOVES)()
        values = (c_int * _lib.AW_MAX_MOVES)()
        h = self._use()
        try:
            n = _c.aw_tables_probe_moves(h, byref(pos), moves, values)
        finally:
            self._unpin()
        if n < 0:
            return None
        names, _ = self.rules._tables()
        return {names[moves[i]]: values[i] for i in range(n)}

    def close(self):
        """Free the tables. Engines using them stop using them: a probe or
        an analysis running on another thread ends first (close() waits for
        it), later analyses run without them."""
        _Shared.close(self)


class Book(_Shared):
    """An opening book file (docs/book.md), checked completely when read.
    A book may be shared by threads and engines, as tables are."""

    _what = "book is"

    def __init__(self, path):
        self._shared_init()
        err = _lib.Error()
        self._h = _c.aw_book_load(_text(os.fspath(path), "the path"), byref(err))
        if not self._h:
            raise AwaleError(_msg(err))

    @staticmethod
    def _free(h):
        _c.aw_book_free(h)

    def probe(self, position, rules="abapa", rule=None):
        """The book moves of a position with their Scores, best first
        ({} when the position is not an inner position of the book)."""
        state = _state(position, None if isinstance(position, State) else rules, rule)
        pos = state._pos()
        moves = (c_uint8 * _lib.AW_MAX_MOVES)()
        scores = (_lib.Score * _lib.AW_MAX_MOVES)()
        h = self._use()
        try:
            n = _c.aw_book_probe(h, byref(state.rules._r), byref(pos), moves, scores)
        finally:
            self._unpin()
        return {state._names[moves[i]]: Score(scores[i]) for i in range(n)}

    def close(self):
        """Free the book. Engines using it stop using it: an analysis
        running on another thread ends first (close() waits for it)."""
        _Shared.close(self)


# ----------------------------------------------------------------- records

class Record:
    """A game record (docs/records.md): tags, a game and comments.
    Record(state=None, tags=None): a record of a State's game (or of an
    empty game of the default rules) with tags (a dict). str(record) is the
    record's text; read_records(text) reads records. As with a State, each
    call is atomic when several threads use a record."""

    def __init__(self, state=None, tags=None):
        self._r = None
        self._lock = threading.Lock()
        if state is None:
            state = State()
        if not isinstance(state, State):
            raise TypeError("state must be a State")
        err = _lib.Error()
        with state._lock:
            self._r = _c.aw_record_new(byref(state.rules._r), _c.aw_game_start(state._g))
            if not self._r:
                raise MemoryError("awale: out of memory")
            rc = _c.aw_record_set_game(self._r, state._g, byref(err))
        if rc:
            raise AwaleError(_msg(err))
        for k, v in (tags or {}).items():
            self.set_tag(k, v)

    @classmethod
    def _own(cls, ptr):
        r = cls.__new__(cls)
        r._r = ptr
        r._lock = threading.Lock()
        return r

    def __del__(self):
        r, self._r = getattr(self, "_r", None), None
        if r and _c is not None:
            _c.aw_record_free(r)

    @property
    def state(self):
        """The record's game as a new State."""
        s = State.__new__(State)
        s._g = None
        s.rules = Rules.__new__(Rules)
        s.rules._r = _lib.Rules()
        with self._lock:
            g = _c.aw_record_game_const(self._r)
            ctypes.pointer(s.rules._r)[0] = _c.aw_game_rules(g)[0]
            clone = _c.aw_game_clone(g)
        s.rules._names = s.rules._codes = None
        s._init(clone)
        return s

    def set_tag(self, name, value):
        """Set a tag (None removes it); the derived tags (Rules, FEN...) are
        refused."""
        err = _lib.Error()
        v = None if value is None else _text(str(value), "the tag value")
        n = _text(name, "the tag name")
        with self._lock:
            rc = _c.aw_record_set_tag(self._r, n, v, byref(err))
        if rc:
            raise AwaleError(_msg(err))

    def tag(self, name):
        n = _text(name, "the tag name")
        with self._lock:
            return _str(_c.aw_record_tag(self._r, n))

    @property
    def tags(self):
        """The tags set on the record, in order (a dict)."""
        with self._lock:
            r = self._r
            return {_str(_c.aw_record_tag_name(r, i)): _str(_c.aw_record_tag_value(r, i))
                    for i in range(_c.aw_record_tag_count(r))}

    def comment(self, ply):
        """The comment after `ply` moves (None when none)."""
        ply = _int(ply, "ply", 0, 1 << 30)
        with self._lock:
            return _str(_c.aw_record_comment(self._r, ply))

    def set_comment(self, ply, text):
        err = _lib.Error()
        t = None if text is None else _text(text, "the comment")
        ply = _int(ply, "ply", 0, 1 << 30)
        with self._lock:
            rc = _c.aw_record_set_comment(self._r, ply, t, byref(err))
        if rc:
            raise AwaleError(_msg(err))

    @property
    def result(self):
        """"1-0", "0-1", "1/2-1/2" or "*"."""
        with self._lock:
            return _c.aw_record_result(self._r).decode()

    def __str__(self):
        with self._lock:
            p = _c.aw_record_format(self._r)
        if not p:
            raise MemoryError("awale: out of memory")
        try:
            return ctypes.string_at(p).decode("utf-8", "replace")
        finally:
            _lib.libc.free(p)

    def __repr__(self):
        return "<awale.Record %s, %d moves, %s>" % (self.tags, self.state.ply, self.result)


def read_records(text):
    """Every record of a text (a str, or bytes as read from a file), as
    Records. A bad record raises AwaleError("line N: reason")."""
    if isinstance(text, str):
        data = _text(text, "the records")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
        if b"\0" in data:
            raise AwaleError("the records contain a NUL byte")
    else:
        raise TypeError("records are read from a str or bytes")
    buf = create_string_buffer(data)
    cur = ctypes.cast(buf, c_char_p)
    line = c_int(1)
    err = _lib.Error()
    out = []
    while True:
        rec = _c.aw_record_read(byref(cur), byref(line), byref(err))
        if not rec:
            if err.msg:
                raise AwaleError(_msg(err))
            return out
        out.append(Record._own(rec))


def write_records(records):
    """The text of several records, separated by blank lines."""
    return "\n".join(str(r) for r in records)
