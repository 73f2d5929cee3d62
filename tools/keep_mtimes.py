#!/usr/bin/env python3
"""tools/keep_mtimes.py save|restore DIR LIST - keep the modification times of
Verilator's generated files whose content a re-run did not change.

Verilator rewrites every output file when it runs again (a flag stamp, an RTL
edit, or a new harness library), so make recompiled the whole model although
most files were identical (issue 17, docs/performance.md "Build time").
`save` records the SHA-1 and mtime of DIR's *.cpp, *.h and *.mk in LIST;
`restore`, after Verilator ran, gives each file whose content is unchanged its
recorded mtime back, so only the changed files (and what includes them,
through the compiler's .d files) recompile, and rewrites the "T" lines of
Verilator's --skip-identical record to the files' new times, so a later run
with the same inputs still skips. Prints how many kept/changed.
"""
import glob
import hashlib
import os
import sys


def files(d):
    return sorted(f for pat in ("*.cpp", "*.h", "*.mk") for f in glob.glob(os.path.join(d, pat)))


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("save", "restore"):
        sys.stderr.write("usage: keep_mtimes.py save|restore DIR LIST\n")
        return 2
    op, d, lst = sys.argv[1:]
    if op == "save":
        with open(lst + ".tmp", "w") as f:
            for p in files(d):
                f.write("%s %d %s\n" % (digest(p), os.stat(p).st_mtime_ns, os.path.basename(p)))
        os.replace(lst + ".tmp", lst)
        return 0
    old = {}
    if os.path.exists(lst):
        for line in open(lst):
            h, t, n = line.rstrip("\n").split(" ", 2)
            old[n] = (h, int(t))
    kept = changed = 0
    for p in files(d):
        n = os.path.basename(p)
        if n in old and old[n][0] == digest(p):
            os.utime(p, ns=(old[n][1], old[n][1]))
            kept += 1
        else:
            changed += 1
    # Verilator's --skip-identical record (V__verFiles.dat: size, inode,
    # ctime and mtime of each output, "T" lines) must describe the files as
    # they now are, else the next run with the same inputs would not skip
    for dat in glob.glob(os.path.join(d, "*__verFiles.dat")):
        out = []
        for line in open(dat):
            f = line.split()
            if line.startswith("T ") and len(f) == 8:
                name = f[7].strip('"')
                try:
                    st = os.stat(name)
                except OSError:
                    out.append(line)
                    continue
                line = 'T  %8d %8d %11d %11d %11d %11d "%s"\n' % (
                    st.st_size, st.st_ino, st.st_ctime_ns // 10**9, st.st_ctime_ns % 10**9,
                    st.st_mtime_ns // 10**9, st.st_mtime_ns % 10**9, name)
            out.append(line)
        with open(dat + ".tmp", "w") as w:
            w.writelines(out)
        os.replace(dat + ".tmp", dat)
    print("generated files: %d unchanged (times kept), %d new or changed" % (kept, changed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
