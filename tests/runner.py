#!/usr/bin/env python3
"""tests/runner.py - the Weft test runner (make test, make test-full, tests/run.sh).

usage: tests/runner.py [--full] [--list] [-k PATTERN]... [--jobs N] [--times [N]]
                       [--junit FILE] [PATTERN]

  --full         also the larger configurations and the slower checks
  --list         print the selected checks (group, name, what they need) and exit
  -k, --filter P run only the checks whose group or name contains P (or matches
                 it as a glob when P has * ? [); repeat for several; a bare
                 PATTERN argument is the same (tests/run.sh lint)
  --jobs N       checks run at the same time (default 2; 1 = one after the other)
  --times [N]    print the N slowest checks at the end (default 15)
  --junit FILE   also write the results as JUnit XML

The checks are declared in tests/manifest.py (groups, checks, and the build
steps they need). A selected check pulls in the build steps it needs; a check
whose needed step failed fails too. Every check prints `ok|FAIL|skip NAME
(seconds)` and logs to build/test-logs/NAME.log; sub-suites that keep their own
counts (`N passed, M failed` as their last such line) add them to the totals.
The run ends with the line `N passed, M failed` and exits non-zero on failure.
Python 3 standard library only.
"""
import argparse
import fnmatch
import importlib.util
import os
import re
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join("build", "test-logs")
RESULT_RE = re.compile(r"^(\d+) passed, (\d+) failed", re.M)


class Check:
    """One entry of the manifest.

    kind: "check" (exit 0), "expect" (exit `code` and print `text`), "suite"
    (prints `N passed, M failed`; its counts are added), "func" (a Python
    callable returning (ok, text)).
    cmd: argv list, or a callable(run) returning one (decided once the
    selection is known), or for "func" the callable(run) itself.
    needs: names of checks that must have passed first (pulled into a filtered
    run). after: names of checks that must have finished first when they are
    in the run (ordering only). locks: names of resources the check holds
    while it runs (checks sharing one never overlap). weight: slots it takes
    (0: runs beside the others, like synthesis in the background; builds and
    sub-suites that run in parallel themselves take all slots).
    skip: callable() returning a reason to skip (not counted) or None.
    """

    def __init__(self, group, name, kind, cmd, code=0, text="", env=None, needs=(), after=(), locks=(),
                 weight=1, skip=None, build=False):
        self.group, self.name, self.kind, self.cmd = group, name, kind, cmd
        self.code, self.text, self.env = code, text, env or {}
        self.needs, self.after, self.locks = list(needs), list(after), list(locks)
        self.weight, self.skip, self.build = weight, skip, build
        self.status = None  # ok | FAIL | skip
        self.passed = self.failed = 0
        self.seconds = 0.0
        self.summary = ""
        self.detail = ""


class Manifest:
    """What tests/manifest.py's declare(m) fills in."""

    def __init__(self, full, jobs):
        self.full = full
        self.jobs = jobs
        self.root = ROOT
        self.log = LOG
        self.checks = []
        self.groups = {}  # name -> description, in declaration order
        self._group = None

    def group(self, name, description=""):
        self.groups.setdefault(name, description)
        self._group = name

    def _add(self, c):
        if any(x.name == c.name for x in self.checks):
            raise SystemExit("manifest: duplicate check name %s" % c.name)
        self.checks.append(c)
        return c

    def check(self, name, cmd, **kw):
        return self._add(Check(kw.pop("group", self._group), name, "check", cmd, **kw))

    def build(self, name, cmd, **kw):
        kw.setdefault("locks", ["make"])
        return self._add(Check(kw.pop("group", self._group), name, "check", cmd, build=True, **kw))

    def expect(self, name, code, text, cmd, **kw):
        return self._add(Check(kw.pop("group", self._group), name, "expect", cmd, code=code, text=text, **kw))

    def suite(self, name, cmd, **kw):
        return self._add(Check(kw.pop("group", self._group), name, "suite", cmd, **kw))

    def func(self, name, fn, **kw):
        return self._add(Check(kw.pop("group", self._group), name, "func", fn, **kw))


def load_manifest(full, jobs):
    spec = importlib.util.spec_from_file_location("weft_test_manifest", os.path.join(ROOT, "tests", "manifest.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    m = Manifest(full, jobs)
    mod.declare(m)
    return m


def matches(c, patterns):
    for p in patterns:
        for s in (c.group, c.name):
            if any(ch in p for ch in "*?[") and fnmatch.fnmatchcase(s, p):
                return True
            if p in s:
                return True
    return False


def select(m, patterns):
    by = {c.name: c for c in m.checks}
    chosen = {c.name for c in m.checks if not patterns or matches(c, patterns)}
    todo = list(chosen)
    while todo:  # pull in what the chosen checks need
        for n in by[todo.pop()].needs:
            if n not in by:
                raise SystemExit("manifest: a check needs the unknown check %s" % n)
            if n not in chosen:
                chosen.add(n)
                todo.append(n)
    return [c for c in m.checks if c.name in chosen]


def now():
    return time.monotonic()


class Run:
    def __init__(self, checks, jobs):
        self.checks = checks
        self.selected = {c.name for c in checks}
        self.by = {c.name: c for c in checks}
        self.jobs = max(1, jobs)
        self.lock = threading.Lock()
        self.cv = threading.Condition(self.lock)
        self.used = 0
        self.held = set()
        self.started_groups = set()
        self.done = set()
        self.running = 0

    def say(self, line):
        with self.lock:
            print(line, flush=True)

    # ---------------------------------------------------------------- one check
    def execute(self, c):
        t0 = now()
        log = os.path.join(LOG, c.name + ".log")
        bad = [n for n in c.needs if self.by[n].status != "ok"]
        reason = c.skip() if c.skip else None
        # a check that skips itself (e.g. a missing tool) does so before its
        # needs are judged: its build step skipped for the same reason
        if reason:
            c.status, c.summary = "skip", reason
            with open(log, "w") as f:
                f.write("skipped: %s\n" % reason)
        elif bad:
            c.status, c.failed = "FAIL", 1
            c.summary = "needs %s, which did not pass" % ", ".join(bad)
            with open(log, "w") as f:
                f.write(c.summary + "\n")
        elif c.kind == "func":
            try:
                ok, text = c.cmd(self)
            except Exception as e:  # a broken check function is a failure, not a crash
                ok, text = False, "exception: %r" % e
            with open(log, "w") as f:
                f.write(text if text.endswith("\n") else text + "\n")
            c.status = "ok" if ok else "FAIL"
            c.passed, c.failed = (1, 0) if ok else (0, 1)
            c.detail = "\n".join(text.strip().splitlines()[-8:])
        else:
            argv = c.cmd(self) if callable(c.cmd) else c.cmd
            env = dict(os.environ)
            env.update(c.env)
            with open(log, "w") as f:
                try:
                    rc = subprocess.call(argv, cwd=ROOT, env=env, stdout=f, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)
                except OSError as e:
                    f.write("cannot run %s: %s\n" % (argv[0], e))
                    rc = 127
            with open(log, errors="replace") as f:
                out = f.read()
            tail = lambda n: "\n".join(out.rstrip("\n").splitlines()[-n:])
            if c.kind == "check":
                ok = rc == 0
                c.passed, c.failed = (1, 0) if ok else (0, 1)
                c.detail = "" if ok else tail(8)
            elif c.kind == "expect":
                ok = rc == c.code and c.text in out
                c.passed, c.failed = (1, 0) if ok else (0, 1)
                if not ok:
                    c.summary = 'exit %d (want %d, text "%s")' % (rc, c.code, c.text)
                    c.detail = tail(5)
            else:  # suite
                found = RESULT_RE.findall(out)
                if not found:
                    ok = False
                    c.passed, c.failed = 0, 1
                    c.summary = "no result line (exit %d)" % rc
                    c.detail = tail(8)
                else:
                    p, fl = int(found[-1][0]), int(found[-1][1])
                    c.passed, c.failed = p, fl + (1 if fl == 0 and rc != 0 else 0)
                    ok = fl == 0 and rc == 0
                    c.summary = "%d passed, %d failed%s" % (p, fl, "" if rc == 0 or fl else ", exit %d" % rc)
                    if not ok:
                        c.detail = "\n".join([ln for ln in out.splitlines() if "FAIL" in ln][:10] or [tail(8)])
            c.status = "ok" if ok else "FAIL"
        c.seconds = now() - t0
        line = "%-5s %-40s %6.1fs" % (c.status, c.name, c.seconds)
        if c.summary:
            line += "  (%s)" % c.summary
        if c.status == "FAIL":
            line += "  (log: %s)" % log
            if c.detail:
                line += "\n" + "\n".join("        " + ln for ln in c.detail.splitlines())
        self.say(line)

    # ---------------------------------------------------------------- scheduler
    def ready(self, c):
        """True, or why not: "wait" (a predecessor or a lock) or "slots"."""
        for n in c.needs + c.after:
            if n in self.selected and n not in self.done:
                return "wait"
        if any(k in self.held for k in c.locks):
            return "wait"
        w = min(c.weight, self.jobs)
        return True if self.used + w <= self.jobs else "slots"

    def worker(self, c):
        try:
            self.execute(c)
        finally:
            with self.cv:
                self.used -= min(c.weight, self.jobs)
                self.held.difference_update(c.locks)
                self.done.add(c.name)
                self.running -= 1
                self.cv.notify_all()

    def run(self):
        pending = list(self.checks)
        with self.cv:
            while pending or self.running:
                started = False
                for c in pending:
                    r = self.ready(c)
                    if r == "slots" and c.weight > 1:
                        break  # a wide check waits for slots: start nothing after it, or it would starve
                    if r is True:
                        pending.remove(c)
                        self.used += min(c.weight, self.jobs)
                        self.held.update(c.locks)
                        self.running += 1
                        if c.group not in self.started_groups:
                            self.started_groups.add(c.group)
                            print("== %s" % c.group, flush=True)
                        threading.Thread(target=self.worker, args=(c,), daemon=True).start()
                        started = True
                        break
                if not started:
                    if not self.running and pending:  # cannot happen with a well-formed manifest
                        raise SystemExit("runner: deadlock; waiting: %s" % [c.name for c in pending])
                    self.cv.wait()


def write_junit(path, checks, seconds):
    suites = ET.Element("testsuites", name="weft", time="%.1f" % seconds)
    groups = {}
    for c in checks:
        groups.setdefault(c.group, []).append(c)
    for g, cs in groups.items():
        s = ET.SubElement(suites, "testsuite", name=g, tests=str(len(cs)),
                          failures=str(sum(c.status == "FAIL" for c in cs)),
                          skipped=str(sum(c.status == "skip" for c in cs)),
                          time="%.1f" % sum(c.seconds for c in cs))
        for c in cs:
            t = ET.SubElement(s, "testcase", classname=g, name=c.name, time="%.1f" % c.seconds)
            if c.status == "FAIL":
                ET.SubElement(t, "failure", message=c.summary or "failed").text = c.detail
            elif c.status == "skip":
                ET.SubElement(t, "skipped", message=c.summary)
            if c.kind == "suite" and c.summary:
                ET.SubElement(t, "system-out").text = c.summary
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                 usage=argparse.SUPPRESS)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-k", "--filter", action="append", default=[])
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("TEST_JOBS", "2")))
    ap.add_argument("--times", nargs="?", type=int, const=15, default=0)
    ap.add_argument("--junit")
    ap.add_argument("pattern", nargs="*")
    a = ap.parse_args()
    os.chdir(ROOT)
    m = load_manifest(a.full, a.jobs)
    patterns = a.filter + a.pattern
    checks = select(m, patterns)
    if not checks:
        print("runner: no check matches %s" % " ".join(patterns))
        print("0 passed, 0 failed")
        return 1
    if a.list:
        for c in checks:
            extra = []
            if c.kind == "suite":
                extra.append("suite")
            if c.needs:
                extra.append("needs " + ",".join(c.needs))
            print("%-12s %-44s %s" % (c.group, c.name, "; ".join(extra)))
        print("%d checks in %d groups (suites count their own tests when run)" % (
            len(checks), len({c.group for c in checks})))
        return 0
    os.makedirs(LOG, exist_ok=True)
    t0 = now()
    run = Run(checks, a.jobs)
    run.run()
    seconds = now() - t0
    passed = sum(c.passed for c in checks)
    failed = sum(c.failed for c in checks)
    bad = [c.name for c in checks if c.status == "FAIL"]
    skipped = [c.name for c in checks if c.status == "skip"]
    with open(os.path.join(LOG, "times.tsv"), "w") as f:
        f.write("name\tgroup\tstatus\tseconds\tpassed\tfailed\n")
        for c in sorted(checks, key=lambda c: -c.seconds):
            f.write("%s\t%s\t%s\t%.1f\t%d\t%d\n" % (c.name, c.group, c.status, c.seconds, c.passed, c.failed))
    if a.junit:
        write_junit(a.junit, checks, seconds)
    print()
    if a.times:
        print("slowest checks (all: %s/times.tsv)" % LOG)
        for c in sorted(checks, key=lambda c: -c.seconds)[:a.times]:
            print("  %8.1fs  %-40s %s" % (c.seconds, c.name, c.group))
    print("suite time %d s" % round(seconds))
    if skipped:
        print("skipped: %s" % " ".join(skipped))
    if bad:
        print("failed: %s" % " ".join(bad))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
