"""tools/mkvars.py - read a `NAME := words` list from one of the project's
makefiles (sw/sw.mk: KERNELS FKERNELS MKERNELS; config/configs.mk: CONFIGS,
REGRESS_CONFIGS, CFG_<name>). Used by tools/golden.py, tests/manifest.py and
tools/weft/knobs.py, so the three read the lists the same way."""
import os
import re


def make_var(root, path, name, default=None):
    """The words of `name := ...` in root/path; `default` (or SystemExit) if absent."""
    try:
        with open(os.path.join(root, path)) as f:
            for line in f:
                m = re.match(r"^%s\s*:=\s*(.*)$" % re.escape(name), line)
                if m:
                    return m.group(1).split()
    except OSError:
        if default is not None:
            return default
        raise
    if default is not None:
        return default
    raise SystemExit("%s not found in %s" % (name, path))
