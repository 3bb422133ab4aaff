"""The Python samples of the documentation run and print what the page
shows: each ```python block of docs/python.md (and of README.md) is run in
turn in one namespace, in a temporary directory; a ```text block right after
it is what it must print ('…' in a line stands for one word)."""

import contextlib
import io
import os
import re

import pytest

from conftest import ROOT

PAGES = ["docs/python.md", "README.md"]


def blocks(path):
    """[(line, code, expected output or None)] of a Markdown page."""
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    found = [(m.group(1), text.count("\n", 0, m.start()) + 1, m.group(2), m.end())
             for m in re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)]
    out = []
    for i, (lang, line, body, end) in enumerate(found):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(found) and found[i + 1][0] == "text" and \
                text[end:text.index("```text", end)].strip() == "":
            expected = found[i + 1][2]
        out.append((line, body, expected))
    return out


def matches(want, got):
    w, g = want.splitlines(), got.splitlines()
    if len(w) != len(g):
        return False
    for a, b in zip(w, g):
        pattern = "^" + re.escape(a).replace("…", r"\S+") + "$"
        if not re.match(pattern, b):
            return False
    return True


@pytest.mark.parametrize("page", PAGES)
def test_samples_print_what_the_page_shows(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    samples = blocks(page)
    if page == "docs/python.md":
        assert len(samples) >= 5
    namespace = {"__name__": "sample"}
    for line, code, expected in samples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "%s:%d" % (page, line), "exec"), namespace)
        if expected is not None:
            assert matches(expected, out.getvalue()), \
                "%s:%d printed:\n%s" % (page, line, out.getvalue())


def test_the_module_docstring_example():
    import doctest

    import awale
    result = doctest.testmod(awale)
    assert result.attempted >= 4 and result.failed == 0
