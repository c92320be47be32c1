"""Files that are not plain files: FIFOs and sockets are skipped without being opened, a
dangling symbolic link is TPL013 at the link's own path, a file that vanishes is TPL013."""

import os
import socket
import sys

import pytest

import templating.lint.linter as linter
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.files import collect_files

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, sockets and symlinks are POSIX here")
AGENT = 'agent = Agent(instruction="Hi {{name}}")\n'


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "agent.py").write_text(AGENT)
    return tmp_path


def test_files_fifo_and_socket_are_skipped_when_walking(folder):
    os.mkfifo(folder / "x.py")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(folder / "s.py"))
        files = collect_files([folder], folder, (), ())
    assert [path.name for path in files] == ["agent.py"]


def test_lint_fifo_named_on_the_command_line_is_not_opened(folder):
    os.mkfifo(folder / "x.py")
    result = lint_paths([folder / "x.py"], Settings(root=folder))  # would block forever if opened
    assert (result.findings, result.files, result.empty) == ((), 0, (folder / "x.py",))


def test_lint_dangling_symlink_is_tpl013_at_the_link(folder):
    (folder / "link.py").symlink_to(folder / "missing_target.py")
    for paths in ([folder], [folder / "link.py"]):
        (finding,) = [f for f in lint_paths(paths, Settings(root=folder)).findings if f.code == "TPL013"]
        assert (finding.path, finding.message) == ("link.py", "a symbolic link to a missing file")


def test_lint_symlink_shows_under_its_own_name(folder):
    (folder / "alias.py").symlink_to(folder / "agent.py")
    paths = {finding.path for finding in lint_paths([folder / "alias.py"], Settings(root=folder)).findings}
    assert paths == {"alias.py"}


def test_lint_file_that_vanishes_mid_run_is_tpl013(folder, monkeypatch):
    (folder / "gone.py").write_text(AGENT)
    collect = linter.collect_files

    def collect_then_delete(*arguments, **options):
        files = collect(*arguments, **options)
        (folder / "gone.py").unlink()  # deleted between the walk and the read
        return files

    monkeypatch.setattr(linter, "collect_files", collect_then_delete)
    findings = lint_paths([folder], Settings(root=folder)).findings
    (vanished,) = [f for f in findings if f.code == "TPL013"]
    assert vanished.path == "gone.py" and "cannot read the file" in vanished.message
