"""The results table: one SQLite file per sweep (results.sqlite in the results directory).

Table `results`: one row per point (primary key point_id), the latest final
outcome. Table `attempts`: one row per simulation started and finished
(so reruns are visible and countable). Slurm tasks write the same schema into
shards (shards/*.sqlite) that `gather` merges.
"""
import csv
import json
import os
import sqlite3
import time

from .runner import CPI_KEYS, FINAL

CTR = ["icache_accesses", "icache_misses", "load_requests", "store_requests", "load_latency_sum", "bytes_read",
       "bytes_written", "stall_table_lookups", "stall_table_hits", "swas_nops", "missed_schedule_cycles"]
COLUMNS = [
    ("point_id", "TEXT PRIMARY KEY"), ("sweep", "TEXT"), ("status", "TEXT"), ("exit_code", "INTEGER"),
    ("stop_reason", "TEXT"),
    ("cycles", "INTEGER"), ("warp_instrs", "INTEGER"), ("thread_instrs", "INTEGER"), ("ipc", "REAL"),
    ("launches", "INTEGER"), ("missed_schedules", "INTEGER"), ("osched1_discrepancies", "INTEGER"),
    ("osched2_errors", "INTEGER"), ("flushes", "INTEGER"), ("complete", "INTEGER"),
] + [("cpi_" + k, "REAL") for k in CPI_KEYS] + [("ctr_" + k, "INTEGER") for k in CTR] + [
    ("wall_s", "REAL"), ("sim_seconds", "REAL"), ("sim_khz", "REAL"), ("started", "REAL"), ("host", "TEXT"),
    ("runner", "TEXT"), ("cmdline", "TEXT"), ("params", "TEXT"), ("point", "TEXT"), ("make_vars", "TEXT"),
    ("git_commit", "TEXT"), ("git_dirty", "INTEGER"), ("tool_verilator", "TEXT"), ("tool_gcc", "TEXT"),
    ("tool_riscv_gcc", "TEXT"), ("tool_python", "TEXT"), ("output_tail", "TEXT"), ("perf_json", "TEXT"),
]
NAMES = [c for c, _ in COLUMNS]


def connect(path):
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    db = sqlite3.connect(path, timeout=60)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # WAL: safe against a killed process, no fsync per point
    except sqlite3.OperationalError:  # a filesystem without shared memory (some NFS): rollback journal
        pass
    db.execute("CREATE TABLE IF NOT EXISTS results (%s)" % ", ".join("%s %s" % c for c in COLUMNS))
    db.execute("CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY AUTOINCREMENT, point_id TEXT, "
               "status TEXT, started REAL, wall_s REAL, host TEXT, runner TEXT)")
    db.commit()
    return db


def put(db, rec, sweep="", runner="local"):
    """Record a finished run (attempts always; results when its status is final)."""
    row = dict(rec)
    row.setdefault("sweep", sweep)
    row["runner"] = runner
    for k in ("params", "point"):
        if k in row and not isinstance(row[k], str):
            row[k] = json.dumps(row[k], sort_keys=True)
    if "perf_json" in row and not isinstance(row["perf_json"], str):
        row["perf_json"] = json.dumps(row["perf_json"], separators=(",", ":"))
    if isinstance(row.get("complete"), bool):
        row["complete"] = int(row["complete"])
    db.execute("INSERT INTO attempts (point_id, status, started, wall_s, host, runner) VALUES (?,?,?,?,?,?)",
               (row["point_id"], row.get("status"), row.get("started", time.time()), row.get("wall_s"),
                row.get("host"), runner))
    if row.get("status") in FINAL:
        cols = [c for c in NAMES if c in row]
        db.execute("INSERT OR REPLACE INTO results (%s) VALUES (%s)" % (",".join(cols), ",".join("?" * len(cols))),
                   [row[c] for c in cols])
    db.commit()


def done(db, retry_failed=False):
    """point_id -> status of the points that need no rerun."""
    q = "SELECT point_id, status FROM results"
    rows = db.execute(q).fetchall()
    return {pid: st for pid, st in rows if st == "PASS" or (not retry_failed and st in FINAL)}


def rows(db, where="", args=()):
    cur = db.execute("SELECT * FROM results" + (" WHERE " + where if where else ""), args)
    names = [d[0] for d in cur.description]
    out = []
    for r in cur.fetchall():
        d = dict(zip(names, r))
        try:
            d["params"] = json.loads(d["params"]) if d.get("params") else {}
        except ValueError:
            d["params"] = {}
        out.append(d)
    return out


def merge(db, shard_path):
    """Merge a shard's rows (INSERT OR REPLACE, idempotent) and its attempts (once)."""
    db.execute("ATTACH DATABASE ? AS shard", (shard_path,))
    try:
        n = db.execute("SELECT count(*) FROM shard.results").fetchone()[0]
        cols = ",".join(NAMES)
        db.execute("INSERT OR REPLACE INTO results (%s) SELECT %s FROM shard.results" % (cols, cols))
        db.execute("CREATE TABLE IF NOT EXISTS merged_attempts (shard TEXT PRIMARY KEY, upto INTEGER)")
        tag = os.path.basename(shard_path)
        r = db.execute("SELECT upto FROM merged_attempts WHERE shard=?", (tag,)).fetchone()
        upto = r[0] if r else 0
        db.execute("INSERT INTO attempts (point_id, status, started, wall_s, host, runner) SELECT point_id, status, "
                   "started, wall_s, host, runner FROM shard.attempts WHERE id > ?", (upto,))
        m = db.execute("SELECT coalesce(max(id), 0) FROM shard.attempts").fetchone()[0]
        db.execute("INSERT OR REPLACE INTO merged_attempts VALUES (?, ?)", (tag, m))
        db.commit()
    finally:
        db.execute("DETACH DATABASE shard")
    return n


def _fmt(col, v):
    if v is None:
        return ""
    if col == "ipc" and isinstance(v, float):
        return "%.3f" % v  # as the harness prints it
    return v


def export_csv(db, path, full=False, columns=None, ids=None):
    """CSV: a column per parameter, then the table's; or `columns` ("name" or "header=name", a list).
    ids: only these point ids (the points of one sweep), in that order."""
    rs = rows(db)
    if ids is not None:
        by = {r["point_id"]: r for r in rs}
        rs = [by[i] for i in ids if i in by]
    pkeys = []
    for r in rs:
        for k in r["params"]:
            if k not in pkeys:
                pkeys.append(k)
    if columns:
        import sys
        heads = [c.split("=", 1)[0] for c in columns]
        srcs = [c.split("=", 1)[-1] for c in columns]
        f = open(path, "w", newline="") if path != "-" else None
        w = csv.writer(f or sys.stdout, lineterminator="\n")
        w.writerow(heads)
        for r in rs:
            w.writerow([_fmt(c, r["params"].get(c) if c in r["params"] else r.get(c)) for c in srcs])
        if f:
            f.close()
        return len(rs)
    skip = {"params", "point"} | (set() if full else {"perf_json", "output_tail"})
    cols = ["point_id"] + pkeys + [c for c in NAMES if c not in skip and c != "point_id"]
    f = open(path, "w", newline="") if path != "-" else None
    import sys
    w = csv.writer(f or sys.stdout, lineterminator="\n")
    w.writerow(cols)
    for r in (rs if ids is not None else sorted(rs, key=lambda r: json.dumps(r["params"], sort_keys=True, default=str))):
        w.writerow([r["params"].get(c, "") if c in pkeys else _fmt(c, r.get(c)) for c in cols])
    if f:
        f.close()
    return len(rs)
