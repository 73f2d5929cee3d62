"""Provenance of a run: git commit and dirty flag, tool versions, host."""
import functools
import os
import platform
import subprocess


def repo_root():
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return here


def _out(cmd, cwd=None):
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=30)
        return (r.stdout or r.stderr).strip().splitlines()[0] if (r.stdout or r.stderr).strip() else ""
    except (OSError, subprocess.SubprocessError):
        return ""


@functools.lru_cache(maxsize=None)
def collect(root="."):
    root = os.path.abspath(root)
    commit = _out(["git", "rev-parse", "HEAD"], root)
    try:
        st = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root, capture_output=True,
                            text=True, timeout=30).stdout
        dirty = 1 if st.strip() else 0
    except (OSError, subprocess.SubprocessError):
        dirty = None
    return {
        "git_commit": commit,
        "git_dirty": dirty,
        "tool_verilator": _out(["verilator", "--version"]),
        "tool_gcc": _out(["gcc", "--version"]),
        "tool_riscv_gcc": _out(["riscv64-unknown-elf-gcc", "--version"]),
        "tool_python": platform.python_version(),
    }
