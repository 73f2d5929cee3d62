"""Local back end: N parallel simulations, a progress bar with ETA, resumable, time-limited."""
import concurrent.futures as cf
import os
import signal
import sys
import threading
import time

from . import build, provenance, runner, spec, store


class _Progress:
    """tqdm when installed (tools/weft/requirements.txt), else a plain progress line."""

    def __init__(self, total, initial, enabled=True):
        self.total, self.n, self.t0, self.fail = total, initial, time.monotonic(), 0
        self.started_n = initial
        self.bar = None
        self.enabled = enabled
        if enabled and not os.environ.get("WEFT_NO_TQDM"):
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, initial=initial, unit="pt", dynamic_ncols=True, smoothing=0.1,
                                file=sys.stderr)
            except ImportError:
                self.bar = None

    def update(self, rec):
        self.n += 1
        if rec["status"] != "PASS":
            self.fail += 1
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.set_postfix_str("fail %d" % self.fail, refresh=False)
            self.bar.update(1)
            return
        el = time.monotonic() - self.t0
        tty = sys.stderr.isatty()
        if not tty and self.n < self.total and el - getattr(self, "last", -1e9) < 5:
            return  # a log file: a line every 5 s and the last one
        self.last = el
        done = self.n - self.started_n
        eta = el / done * (self.total - self.n) if done else 0
        end = "\r" if tty else "\n"
        print("[%d/%d] %3.0f%%  fail %d  elapsed %s  ETA %s   " % (self.n, self.total, 100.0 * self.n / max(1, self.total),
              self.fail, _hms(el), _hms(eta)), end=end, file=sys.stderr, flush=True)

    def write(self, msg):
        if self.bar is not None:
            self.bar.write(msg, file=sys.stderr)
        else:
            print(msg, file=sys.stderr, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()
        elif self.enabled and sys.stderr.isatty():
            print(file=sys.stderr)


def _hms(s):
    s = int(s)
    return "%d:%02d:%02d" % (s // 3600, s % 3600 // 60, s % 60)


class Interrupted(Exception):
    pass


def run_points(points, db, sweep_name, root, jobs=1, timeout=None, progress=True, runner_tag="local",
               retry_failed=False, verbose=False, limit=None):
    """Run the points not yet done; record each as it finishes. Returns (ran, skipped, failed)."""
    finished = store.done(db, retry_failed)
    todo = [p for p in points if spec.point_id(p) not in finished]
    if limit is not None:
        todo = todo[:limit]
    prov = provenance.collect(os.path.abspath(root))
    ndone = sum(1 for p in points if spec.point_id(p) in finished)
    bar = _Progress(ndone + len(todo), ndone, progress)
    procs = set()
    stop = threading.Event()
    sims = {}
    for p in todo:
        k = spec.build_key(p)
        if k not in sims:
            sims[k] = build.sim_path(p, root)

    def work(p):
        if stop.is_set():
            return p, None
        rec = runner.run_point(p, root, timeout=timeout, sim=sims[spec.build_key(p)], procs=procs)
        return p, rec

    old = {}

    def on_signal(sig, frame):
        stop.set()
        raise Interrupted("signal %d" % sig)

    for s in (signal.SIGINT, signal.SIGTERM):
        old[s] = signal.signal(s, on_signal)
    ran = fail = 0
    ex = cf.ThreadPoolExecutor(max_workers=max(1, jobs))
    futs = []
    try:
        futs += [ex.submit(work, p) for p in todo]
        for fut in cf.as_completed(futs):
            p, rec = fut.result()
            if rec is None:
                continue
            rec["params"] = spec.flat(p)
            rec["point"] = p
            rec["make_vars"] = " ".join("%s=%s" % kv for kv in p["make"].items())
            rec.update(prov)
            store.put(db, rec, sweep_name, runner_tag)
            if rec["status"] == "interrupted":
                continue
            ran += 1
            if rec["status"] != "PASS":
                fail += 1
                bar.write("weft: %s %s: %s" % (rec["status"], spec.label(p), rec.get("stop_reason", "")))
            elif verbose:
                bar.write("weft: ok %s cycles %s" % (spec.label(p), rec.get("cycles")))
            bar.update(rec)
    except Interrupted as e:
        stop.set()
        for f in futs:
            f.cancel()
        while not all(f.done() for f in futs):  # kill what runs until every thread has returned
            for pr in list(procs):
                try:
                    os.killpg(pr.pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.05)
        ex.shutdown(wait=True)
        bar.close()
        fin = store.done(db)
        print("weft: interrupted (%s) after %d new points; %d of %d done; run the same command again to resume"
              % (e, ran, sum(1 for p in points if spec.point_id(p) in fin), len(points)), file=sys.stderr)
        raise
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    ex.shutdown(wait=True)
    bar.close()
    return ran, ndone, fail
