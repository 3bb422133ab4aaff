"""Shared fixtures of the Python module's tests: the awale program the
module is compared with ($AWALE_PROGRAM, default build/release/awale), run
with its data and state directories in a temporary directory."""

import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PROGRAM = os.environ.get("AWALE_PROGRAM", os.path.join(ROOT, "build", "release", "awale"))


class Cli:
    def __init__(self, home):
        self.env = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"),
                        XDG_STATE_HOME=os.path.join(home, "state"),
                        XDG_CONFIG_HOME=os.path.join(home, "config"))

    def run(self, *args, input=None):
        """(status, stdout, stderr) of `awale ARGS...`."""
        p = subprocess.run([PROGRAM, *args], input=input, capture_output=True, text=True,
                           env=self.env, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def out(self, *args):
        status, out, err = self.run(*args)
        assert status == 0, "awale %s: %s" % (" ".join(args), err)
        return out

    def error(self, *args, input=None):
        """The message of a failing command, without its 'awale CMD: '."""
        status, out, err = self.run(*args, input=input)
        assert status != 0, "awale %s succeeded" % " ".join(args)
        line = err.strip().splitlines()[-1]
        return line.split(": ", 1)[1] if line.startswith("awale ") else line


@pytest.fixture(scope="session")
def cli(tmp_path_factory):
    return Cli(str(tmp_path_factory.mktemp("cli")))


@pytest.fixture(autouse=True)
def data_home(tmp_path, monkeypatch):
    """The module's tables default directory is a temporary one too."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def no_numpy(monkeypatch):
    """The module as on a system without numpy: importing it fails, and the
    module looks for it again."""
    import builtins

    import awale
    real = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("no numpy here")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refuse)
    monkeypatch.setattr(awale, "_NUMPY", False)
