# SPDX-License-Identifier: GPL-2.0-only
"""bench_profile: where make bench's instructions per operation go.

Reads the profile boots' consoles (boot/bench/init's bench.mode=profile:
the cost workloads with the kernel's function profiler on around each,
"PROFILE NAME CPU FUNCTION HITS TIME us ..." lines after each BENCH line)
and puts the pristine-to-patched difference of each workload on the
functions that make it.

The profiler's own time lands in the functions it measures, a fixed
amount per call, split between the function called and its caller (the
profiler takes its time stamps in the middle of its own hooks).  So a
function's own instructions per operation here are its real ones plus
that overhead for its calls and its callees' calls: where the calls did
not change, the difference between the kernels is real; a call added or
removed moves it by about the overhead per call, calibrated per kernel
from the -icount rounds, which ran the same workloads without the
profiler: (profiled - counted instructions) / calls, over all workloads.
Function names are the profiler's, cut at 30 characters; a function the
compiler split differently in the two kernels (".part.0", ".isra.0")
shows as two rows.
"""
import re
import sys

PROFILE = re.compile(r"^PROFILE (\S+) (\d+) (\S+)\s+(\d+)\s+([0-9.]+) us\b")
BENCH = re.compile(r"^BENCH (\S+) threads=1 rate=\S+ ops=(\d+) ns=(\d+)")
FS = re.compile(r"^BENCH-FS (\S+)$")
# Rows per workload: in bench.txt, and in bench.json (the rest summed).
TOP = 8
JSON_TOP = 30


def read(path, lines):
    """{"FS/NAME": {"ops": n, "functions": {function: [calls, own ns]}}}"""
    profiles, fs, current = {}, None, None
    for line in lines(path):
        m = FS.match(line)
        if m:
            fs = m.group(1)
            continue
        m = BENCH.match(line)
        if m:
            if fs is None:
                sys.exit(f"{path}: {m.group(1)} outside a BENCH-FS section")
            current = f"{fs}/{m.group(1)}"
            profiles[current] = {"ops": int(m.group(2)), "functions": {}}
            continue
        m = PROFILE.match(line)
        if not m:
            continue
        if current != f"{fs}/{m.group(1)}":
            sys.exit(f"{path}: a PROFILE line of {m.group(1)} not after its BENCH line")
        entry = profiles[current]["functions"].setdefault(m.group(3), [0, 0.0])
        entry[0] += int(m.group(4))
        entry[1] += float(m.group(5)) * 1000
    if not profiles:
        sys.exit(f"{path}: no profile")
    for key, p in profiles.items():
        if not p["functions"]:
            sys.exit(f"{path}: {key} has a BENCH line and no PROFILE line")
    return profiles


def per_op(profile):
    """(calls per operation, own instructions per operation) of the workload."""
    calls = sum(c for c, _ in profile["functions"].values())
    own = sum(t for _, t in profile["functions"].values())
    return calls / profile["ops"], own / profile["ops"]


def overhead(profiles, costs, kernel):
    """The profiler's instructions per call in one kernel, from every workload."""
    extra = calls = 0.0
    for key, p in profiles.items():
        c, own = per_op(p)
        extra += own - costs[key][kernel][0]
        calls += c
    return extra / calls


def attribute(profiles, costs, kernels):
    """profiles[kernel] as read(); costs as bench-report.py's read_costs()."""
    keys = [k for k in costs if all(k in profiles[kern] for kern in kernels)]
    missing = [k for k in costs if k not in keys]
    if missing:
        sys.exit(f"the profile boots have no {', '.join(missing)}")
    cost_per_call = {k: overhead({key: profiles[k][key] for key in keys}, costs, k)
                     for k in kernels}
    result = {}
    for key in keys:
        names = sorted(set().union(*(profiles[k][key]["functions"] for k in kernels)))
        rows = []
        for name in names:
            calls, own = [], []
            for k in kernels:
                c, t = profiles[k][key]["functions"].get(name, (0, 0.0))
                ops = profiles[k][key]["ops"]
                calls.append(c / ops)
                own.append(t / ops)
            rows.append({"function": name, "calls": calls, "instructions": own,
                         "delta": own[1] - own[0]})
        rows.sort(key=lambda r: (-abs(r["delta"]), r["function"]))
        result[key] = {
            "counted_delta": costs[key][kernels[1]][0] - costs[key][kernels[0]][0],
            "profiled_delta": sum(r["delta"] for r in rows),
            "calls_delta": sum(r["calls"][1] - r["calls"][0] for r in rows),
            "functions": rows[:JSON_TOP],
            "other_functions_delta": sum(r["delta"] for r in rows[JSON_TOP:]),
        }
    return {"overhead_per_call": cost_per_call, "workloads": result}


def text(attribution, costs, slack, kernels):
    """bench.txt's section: every workload above slack, else the highest ratio."""
    flagged = [k for k, c in costs.items() if c["ratio"] > slack]
    if not flagged:
        flagged = [max(costs, key=lambda k: costs[k]["ratio"])]
    over = attribution["overhead_per_call"]
    out = ["Where the instructions go: one more -icount boot per kernel with the function "
           "profiler on around each workload;",
           "per operation, each function's calls and its own instructions (not its callees'), "
           "the profiler's included:",
           "about " + ", ".join(f"{over[k]:.0f} ({k})" for k in kernels)
           + " per call, shared by the function and its caller.  Where calls are equal, "
           "the difference is real.",
           f"Workloads above {slack}, else the highest ratio; the {TOP} largest differences:"]
    fmt = "  {:<30} {:>9} {:>9} {:>10} {:>10} {:>9}"
    for key in flagged:
        a = attribution["workloads"][key]
        out += ["", f"{key}: ratio {costs[key]['ratio']:.4f}, counted "
                f"{a['counted_delta']:+.1f} instructions per operation; profiled "
                f"{a['profiled_delta']:+.1f} with {a['calls_delta']:+.2f} calls",
                fmt.format("function", "calls " + kernels[0][:3], "calls " + kernels[1][:3],
                           "instr " + kernels[0][:3], "instr " + kernels[1][:3], "delta")]
        for r in a["functions"][:TOP]:
            out.append(fmt.format(r["function"], f"{r['calls'][0]:.2f}", f"{r['calls'][1]:.2f}",
                                  f"{r['instructions'][0]:.1f}",
                                  f"{r['instructions'][1]:.1f}", f"{r['delta']:+.1f}"))
    return out
