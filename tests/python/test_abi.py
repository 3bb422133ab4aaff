"""The module against the library it loaded: the same version as the
program, every mirrored struct laid out as the C compiler laid it out, and a
drifted mirror refused."""

import ctypes

import pytest

import awale
from awale import _lib


def test_version_is_the_programs(cli):
    assert cli.out("--version").strip() == "awale " + awale.__version__
    assert awale.library_version() == awale.__version__


@pytest.mark.parametrize("cname", sorted(_lib.MIRRORED))
def test_struct_layout_matches_the_library(cname):
    cls = _lib.MIRRORED[cname]
    assert _lib.lib.aw_abi_layout(cname.encode(), None) == ctypes.sizeof(cls)
    for name, *_ in cls._fields_:
        assert _lib.lib.aw_abi_layout(cname.encode(), name.encode()) == getattr(cls, name).offset, \
            "%s.%s" % (cname, name)


def test_a_drifted_mirror_is_refused(monkeypatch):
    # aw_rules with two fields swapped, and one with a field missing.
    fields = list(_lib.Rules._fields_)
    swapped = type("Rules", (ctypes.Structure,),
                   {"_fields_": [fields[0], fields[2], fields[1]] + fields[3:]})
    monkeypatch.setitem(_lib.MIRRORED, "aw_rules", swapped)
    with pytest.raises(ImportError, match="aw_rules"):
        _lib.check_layout(_lib.lib)
    short = type("Position", (ctypes.Structure,), {"_fields_": _lib.Position._fields_[:-1]})
    monkeypatch.setitem(_lib.MIRRORED, "aw_rules", _lib.Rules)
    monkeypatch.setitem(_lib.MIRRORED, "aw_position", short)
    with pytest.raises(ImportError, match="aw_position is 18 bytes in the library"):
        _lib.check_layout(_lib.lib)


def test_unknown_layout_names_answer_minus_one():
    assert _lib.lib.aw_abi_layout(b"aw_rules", b"nothing") == -1
    assert _lib.lib.aw_abi_layout(b"nothing", None) == -1


def test_the_package_metadata_has_the_librarys_version():
    import os

    from conftest import ROOT
    tomllib = pytest.importorskip("tomllib")
    with open(os.path.join(ROOT, "python", "pyproject.toml"), "rb") as f:
        meta = tomllib.load(f)
    assert meta["project"]["version"] == awale.__version__
