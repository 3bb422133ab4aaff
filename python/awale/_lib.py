"""The C library through ctypes: finding libawale.so, the structs of
awale.h mirrored field by field (and checked against the library's own
answer, aw_abi_layout, when loaded), and the prototypes of the functions
used. Nothing here is public: see the awale package."""

import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_int,
                    c_int64, c_long, c_longlong, c_size_t, c_uint8, c_uint16, c_uint64, c_void_p)

# The major version (soname) this module was written for: a library with
# another one is refused, since its structs and functions may differ.
ABI_MAJOR = 0
SONAME = "libawale.so.%d" % ABI_MAJOR

AW_PITS = 12
AW_MAX_MOVES = 12
AW_POSITION_MAX = 64
AW_MOVE_MAX = 8
AW_SEARCH_MAX_PV = 64
AW_PERFT_MAX_DEPTH = 64
AW_HOWTO_MAX = 4096
AW_MOVE_CW = 0x10
AW_MOVE_PASS = 0x40
AW_MOVE_NONE = 0xFF
AW_SEEDS = 48
AW_VECTOR_RELATIVE = 1
AW_VECTOR_FLOAT = 2
AW_VECTOR_OBS = 14
AW_VECTOR_MAX = 1 << 20


class Error(Structure):
    _fields_ = [("msg", c_char * 256)]


class Rules(Structure):
    _fields_ = [("name", c_char * 24), ("family", c_int), ("captures", c_uint64),
                ("grand_slam", c_int), ("cannot_feed", c_int), ("empty_row", c_int),
                ("agreement", c_int), ("target", c_int), ("no_capture", c_int),
                ("repetition", c_int), ("play_on", c_bool), ("clockwise", c_bool),
                ("skip_origin", c_bool), ("chain_backward", c_bool), ("no_move_pass", c_bool)]


class Position(Structure):
    _fields_ = [("pits", c_uint8 * AW_PITS), ("score", c_uint8 * 2), ("side", c_uint8),
                ("unused", c_uint8), ("quiet", c_uint16)]


class Score(Structure):
    _fields_ = [("kind", c_int), ("value", c_int), ("margin", c_int), ("plies", c_int)]


class SearchLine(Structure):
    _fields_ = [("score", Score), ("length", c_int), ("pv", c_uint8 * AW_SEARCH_MAX_PV)]


class SearchInfo(Structure):
    _fields_ = [("depth", c_int), ("seldepth", c_int), ("nodes", c_uint64), ("nps", c_uint64),
                ("time_ms", c_int64), ("hashfull", c_int), ("lines", c_int),
                ("line", SearchLine * AW_MAX_MOVES)]


class SearchResult(Structure):
    _fields_ = [("best", c_uint8), ("ponder", c_uint8), ("info", SearchInfo), ("book", c_bool),
                ("tables", c_bool)]


class Limits(Structure):
    _fields_ = [("depth", c_int), ("nodes", c_uint64), ("movetime_ms", c_int64),
                ("time_ms", c_int64 * 2), ("inc_ms", c_int64 * 2), ("movestogo", c_int),
                ("infinite", c_bool), ("ponder", c_bool), ("multipv", c_int),
                ("only", POINTER(c_uint8)), ("only_count", c_int)]


class EngineOption(Structure):
    _fields_ = [("name", c_char_p), ("type", c_char_p), ("def", c_longlong),
                ("min", c_longlong), ("max", c_longlong), ("help", c_char_p),
                ("def_string", c_char_p)]


TABLES_PROGRESS_FN = CFUNCTYPE(c_int, c_void_p, c_void_p)
TABLES_LOG_FN = CFUNCTYPE(None, c_void_p, c_char_p)


class TablesBuildOptions(Structure):
    _fields_ = [("seeds", c_int), ("threads", c_int), ("compress", c_bool),
                ("memory_limit", c_uint64), ("progress", TABLES_PROGRESS_FN),
                ("log", TABLES_LOG_FN), ("ctx", c_void_p)]


# The C name of each mirrored struct, for the layout check.
MIRRORED = {"aw_error": Error, "aw_rules": Rules, "aw_position": Position, "aw_score": Score,
            "aw_search_line": SearchLine, "aw_search_info": SearchInfo,
            "aw_search_result": SearchResult, "aw_limits": Limits,
            "aw_engine_option": EngineOption, "aw_tables_build_options": TablesBuildOptions}

P = POINTER
_PROTOTYPES = {
    # basics
    "aw_version": (c_char_p, []),
    "aw_abi_layout": (c_long, [c_char_p, c_char_p]),
    # rule sets
    "aw_rules_preset": (c_int, [c_char_p, P(Rules), P(Error)]),
    "aw_rules_set": (c_int, [P(Rules), c_char_p, c_char_p, P(Error)]),
    "aw_rules_set_arg": (c_int, [P(Rules), c_char_p, P(Error)]),
    "aw_rules_preset_count": (c_int, []),
    "aw_rules_preset_name": (c_char_p, [c_int]),
    "aw_rules_preset_summary": (c_char_p, [c_int]),
    "aw_rules_param_count": (c_int, []),
    "aw_rules_param_name": (c_char_p, [c_int]),
    "aw_rules_param_values": (c_char_p, [c_int]),
    "aw_rules_param_help": (c_char_p, [c_int]),
    "aw_rules_get": (c_char_p, [P(Rules), c_char_p, c_char_p, c_size_t]),
    "aw_rules_param_applies": (c_bool, [P(Rules), c_char_p]),
    "aw_rules_diff": (c_int, [P(Rules), c_char_p, c_size_t]),
    "aw_rules_describe": (c_char_p, [P(Rules), c_char_p, c_char_p, c_size_t]),
    "aw_rules_howto": (c_size_t, [P(Rules), c_char_p, c_size_t]),
    # positions and moves
    "aw_position_start": (Position, [c_int]),
    "aw_position_parse": (c_int, [c_char_p, P(Position), P(Error)]),
    "aw_position_format": (c_char_p, [P(Position), c_char_p]),
    "aw_moves_parse": (c_int, [P(Rules), c_char_p, P(c_uint8), c_int, P(Error)]),
    "aw_move_parse_next": (c_int, [P(Rules), P(c_char_p), P(c_uint8), P(Error)]),
    "aw_move_format": (c_char_p, [P(Rules), c_uint8, c_char_p]),
    # playing
    "aw_status_word": (c_char_p, [c_int]),
    "aw_status_explain": (c_char_p, [c_int, P(Rules), P(Position), c_char_p, c_size_t]),
    "aw_generate": (c_int, [P(Rules), P(Position), P(c_uint8)]),
    "aw_position_status": (c_int, [P(Rules), P(Position)]),
    "aw_final_scores": (None, [P(Rules), P(Position), c_int, P(c_int)]),
    # games
    "aw_game_new": (c_void_p, [P(Rules), P(Position)]),
    "aw_game_free": (None, [c_void_p]),
    "aw_game_clone": (c_void_p, [c_void_p]),
    "aw_game_rules": (P(Rules), [c_void_p]),
    "aw_game_position": (P(Position), [c_void_p]),
    "aw_game_start": (P(Position), [c_void_p]),
    "aw_game_ply": (c_int, [c_void_p]),
    "aw_game_move": (c_uint8, [c_void_p, c_int]),
    "aw_game_position_at": (P(Position), [c_void_p, c_int]),
    "aw_game_play": (c_int, [c_void_p, c_uint8, P(Error)]),
    "aw_game_undo": (c_int, [c_void_p, c_int]),
    "aw_game_agree": (c_int, [c_void_p, P(Error)]),
    "aw_game_status": (c_int, [c_void_p]),
    "aw_game_legal": (c_int, [c_void_p, P(c_uint8)]),
    "aw_game_playout": (c_int, [c_void_p, P(c_uint64), c_int]),
    "aw_game_occurrences": (c_int, [c_void_p]),
    "aw_game_scores": (None, [c_void_p, P(c_int)]),
    # vectors of games (the arrays are passed as addresses: c_void_p)
    "aw_vector_new": (c_void_p, [P(Rules), c_int, c_int, c_uint64, P(Error)]),
    "aw_vector_free": (None, [c_void_p]),
    "aw_vector_size": (c_int, [c_void_p]),
    "aw_vector_num_actions": (c_int, [c_void_p]),
    "aw_vector_reset": (None, [c_void_p]),
    "aw_vector_observe": (None, [c_void_p, c_void_p, c_void_p]),
    "aw_vector_step": (c_int, [c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p,
                               P(Error)]),
    "aw_vector_random_actions": (None, [c_void_p, c_void_p]),
    "aw_vector_players": (None, [c_void_p, c_void_p]),
    "aw_vector_position": (P(Position), [c_void_p, c_int]),
    "aw_vector_ply": (c_int, [c_void_p, c_int]),
    # records
    "aw_record_new": (c_void_p, [P(Rules), P(Position)]),
    "aw_record_free": (None, [c_void_p]),
    "aw_record_game_const": (c_void_p, [c_void_p]),
    "aw_record_set_game": (c_int, [c_void_p, c_void_p, P(Error)]),
    "aw_record_set_tag": (c_int, [c_void_p, c_char_p, c_char_p, P(Error)]),
    "aw_record_tag": (c_char_p, [c_void_p, c_char_p]),
    "aw_record_tag_count": (c_int, [c_void_p]),
    "aw_record_tag_name": (c_char_p, [c_void_p, c_int]),
    "aw_record_tag_value": (c_char_p, [c_void_p, c_int]),
    "aw_record_set_comment": (c_int, [c_void_p, c_int, c_char_p, P(Error)]),
    "aw_record_comment": (c_char_p, [c_void_p, c_int]),
    "aw_record_result": (c_char_p, [c_void_p]),
    "aw_record_format": (c_void_p, [c_void_p]),  # malloc'ed: freed with free()
    "aw_record_read": (c_void_p, [P(c_char_p), P(c_int), P(Error)]),
    # perft
    "aw_perft": (c_uint64, [P(Rules), P(Position), c_int, P(c_uint64)]),
    "aw_perft_divide": (c_uint64, [P(Rules), P(Position), c_int, P(c_uint64),
                                   CFUNCTYPE(None, c_void_p, c_uint8, c_int, c_int, c_uint64),
                                   c_void_p]),
    # search
    "aw_score_format": (c_char_p, [P(Score), c_char_p, c_size_t]),
    "aw_engine_option_count": (c_int, []),
    "aw_engine_option_info": (P(EngineOption), [c_int]),
    "aw_engine_new": (c_void_p, [P(Error)]),
    "aw_engine_free": (None, [c_void_p]),
    "aw_engine_set_option": (c_int, [c_void_p, c_char_p, c_char_p, P(Error)]),
    "aw_engine_get_option": (c_char_p, [c_void_p, c_char_p, c_char_p, c_size_t]),
    "aw_engine_clear": (None, [c_void_p]),
    "aw_engine_set_game": (c_int, [c_void_p, c_void_p, P(Error)]),
    "aw_engine_set_probe": (None, [c_void_p, c_void_p, c_void_p, c_int]),
    "aw_engine_set_book": (None, [c_void_p, c_void_p]),
    "aw_search_start": (c_int, [c_void_p, P(Limits), c_void_p, c_void_p, c_void_p, P(Error)]),
    "aw_search_stop": (None, [c_void_p]),
    "aw_search_running": (c_bool, [c_void_p]),
    "aw_search_wait": (c_int, [c_void_p, P(SearchResult)]),
    "aw_engine_evaluate": (c_int, [P(Rules), P(Position)]),
    # opening books
    "aw_book_load": (c_void_p, [c_char_p, P(Error)]),
    "aw_book_free": (None, [c_void_p]),
    "aw_book_matches": (c_bool, [c_void_p, P(Rules)]),
    "aw_book_probe": (c_int, [c_void_p, P(Rules), P(Position), P(c_uint8), P(Score)]),
    # endgame tables
    "aw_tables_default_dir": (c_char_p, [c_char_p, c_size_t]),
    "aw_tables_supported": (c_int, [P(Rules), P(Error)]),
    "aw_tables_open": (c_void_p, [c_char_p, P(Rules), c_int, P(Error)]),
    "aw_tables_open_or_build": (c_void_p, [c_char_p, P(Rules), c_int, P(Error)]),
    "aw_tables_close": (None, [c_void_p]),
    "aw_tables_seeds": (c_int, [c_void_p]),
    "aw_tables_bytes": (c_uint64, [c_void_p]),
    "aw_tables_probe": (c_bool, [c_void_p, P(Position), P(c_int)]),
    "aw_tables_probe_moves": (c_int, [c_void_p, P(Position), P(c_uint8), P(c_int)]),
    "aw_tables_probe_plies": (c_bool, [c_void_p, P(Position), P(c_int), P(c_int)]),
    "aw_tables_probe_moves_plies": (c_int, [c_void_p, P(Position), P(c_uint8), P(c_int),
                                            P(c_int)]),
    "aw_tables_move": (c_bool, [c_void_p, P(Position), P(c_uint8)]),
    "aw_tables_build": (c_int, [c_char_p, P(Rules), P(TablesBuildOptions), P(Error)]),
    "aw_tables_threads": (c_int, []),
}
PERFT_MOVE_FN = _PROTOTYPES["aw_perft_divide"][1][4]


def _candidates():
    """Where to look for the library, first match wins: $AWALE_LIBRARY; the
    directory make install wrote into _paths.py; a build tree around the
    package (python/awale -> build/release); then the system, by soname."""
    env = os.environ.get("AWALE_LIBRARY")
    if env:
        yield env
        return
    try:
        from . import _paths
        yield os.path.join(_paths.LIBDIR, SONAME)
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.join(here, "..", "..", "build", "release", SONAME)
    if os.path.exists(tree):
        yield os.path.normpath(tree)
    yield SONAME
    found = ctypes.util.find_library("awale")
    if found:
        yield found


def _load():
    errors = []
    for name in _candidates():
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError as e:
            errors.append("%s: %s" % (name, e))
    else:
        raise ImportError("awale: cannot load the awale library (%s); install it (make install, "
                          "or Debian's libawale%d) or set AWALE_LIBRARY to its path"
                          % ("; ".join(errors), ABI_MAJOR))
    lib.aw_version.restype = c_char_p
    lib.aw_version.argtypes = []
    version = lib.aw_version().decode()
    if int(version.split(".")[0]) != ABI_MAJOR:
        raise ImportError("awale: the library %s is version %s; this module needs %d.x"
                          % (lib._name, version, ABI_MAJOR))
    for name, (restype, argtypes) in _PROTOTYPES.items():
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError("awale: the library %s (version %s) lacks %s"
                              % (lib._name, version, name)) from None
        fn.restype = restype
        fn.argtypes = argtypes
    check_layout(lib)
    return lib, version


def check_layout(lib):
    """Refuse a library whose structs are not laid out as mirrored here."""
    for cname, cls in MIRRORED.items():
        size = lib.aw_abi_layout(cname.encode(), None)
        if size != ctypes.sizeof(cls):
            raise ImportError("awale: %s is %d bytes in the library, %d in the module"
                              % (cname, size, ctypes.sizeof(cls)))
        for field in cls._fields_:
            off = lib.aw_abi_layout(cname.encode(), field[0].encode())
            if off != getattr(cls, field[0]).offset:
                raise ImportError("awale: %s.%s is at offset %d in the library, %d in the module"
                                  % (cname, field[0], off, getattr(cls, field[0]).offset))


lib, version = _load()
libc = ctypes.CDLL(None)
libc.free.argtypes = [c_void_p]
libc.free.restype = None
tables_probe_hook = ctypes.cast(lib.aw_tables_probe_hook, c_void_p)

