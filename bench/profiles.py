# SPDX-License-Identifier: GPL-2.0-only
"""profiles.py: where make bench's instructions per operation go.

Reads the profile boots' consoles (bench/guest/init's bench.mode=profile:
the cost workloads with the kernel's function profiler on around each,
"PROFILE NAME CPU FUNCTION HITS TIME us ..." lines after each BENCH line,
then "PROFILE-END NAME LINES")
and puts the pristine-to-patched difference of each workload on the
functions that make it.

Calls per operation are exact.  Own instructions are not: they carry
the profiler's probe effect, its hooks (split between a function and
its caller, since it takes its time stamps inside them), interrupts and
untraced code landing in the function they interrupt, and background
work (RCU, timers) that grows with the longer section.  So per workload
and kernel this reports the profiler's cost per call, (profiled section
- counted instructions) / calls, with the -icount rounds' count of the
same workload; how much of the section the functions' own times cover;
and per function the calls and own instructions in each kernel.  The
functions the patched kernel calls and the pristine one does not (or the
other way) are listed whatever their size, most calls first.  Read a difference of own
instructions at equal calls as where to look, not as a count.
Function names are the profiler's, cut at 30 characters; a function the
compiler split differently in the two kernels (".part.0", ".isra.0")
shows as two rows.
"""
import re
import sys

from console import sections

PROFILE = re.compile(r"^PROFILE (\S+) (\d+) (\S+)\s+(\d+)\s+([0-9.]+) us\b")
END = re.compile(r"^PROFILE-END (\S+) (\d+)$")
BENCH = re.compile(r"^BENCH (\S+) threads=1 rate=\S+ ops=(\d+) ns=(\d+)")
# Rows per workload: in bench.txt, and in bench.json (the rest summed).
TOP = 8
JSON_TOP = 30


def read(path):
    """{"FS/NAME": {"ops": n, "ns": section, "functions": {function: [calls, own ns]}}}"""
    profiles, current, seen = {}, None, 0
    for fs, line in sections(path):
        m = BENCH.match(line)
        if m:
            if fs is None:
                sys.exit(f"{path}: {m.group(1)} outside a BENCH-FS section")
            current, seen = f"{fs}/{m.group(1)}", 0
            profiles[current] = {"ops": int(m.group(2)), "ns": int(m.group(3)),
                                 "functions": {}, "ended": False}
            continue
        m = END.match(line)
        if m and current == f"{fs}/{m.group(1)}":
            if int(m.group(2)) != seen:
                sys.exit(f"{path}: {current}: {seen} PROFILE lines read of the "
                         f"{m.group(2)} printed")
            profiles[current]["ended"] = True
            continue
        m = PROFILE.match(line)
        if not m:
            continue
        if current != f"{fs}/{m.group(1)}":
            sys.exit(f"{path}: a PROFILE line of {m.group(1)} not after its BENCH line")
        seen += 1
        entry = profiles[current]["functions"].setdefault(m.group(3), [0, 0.0])
        entry[0] += int(m.group(4))
        entry[1] += float(m.group(5)) * 1000
    if not profiles:
        sys.exit(f"{path}: no profile")
    for key, p in profiles.items():
        if not p.pop("ended") or not p["functions"]:
            sys.exit(f"{path}: {key}'s profile is missing or cut short (no PROFILE-END)")
    return profiles


def attribute(profiles, costs, kernels):
    """profiles[kernel] as read(); costs as bench/report.py's read_costs()."""
    missing = [k for k in costs if not all(k in profiles[kern] for kern in kernels)]
    if missing:
        sys.exit(f"the profile boots have no {', '.join(missing)}")
    result = {}
    for key in costs:
        prof = {k: profiles[k][key] for k in kernels}
        names = sorted(set().union(*(p["functions"] for p in prof.values())))
        rows = []
        for name in names:
            calls = [prof[k]["functions"].get(name, (0, 0.0))[0] / prof[k]["ops"]
                     for k in kernels]
            own = [prof[k]["functions"].get(name, (0, 0.0))[1] / prof[k]["ops"]
                   for k in kernels]
            rows.append({"function": name, "calls": calls, "instructions": own,
                         "delta": own[1] - own[0]})
        rows.sort(key=lambda r: (-abs(r["delta"]), r["function"]))
        per = {}
        for i, k in enumerate(kernels):
            calls = sum(r["calls"][i] for r in rows)
            own = sum(r["instructions"][i] for r in rows)
            section = prof[k]["ns"] / prof[k]["ops"]
            per[k] = {"section": section, "calls": calls, "own": own,
                      "overhead_per_call": (section - costs[key][k][0]) / calls,
                      "coverage": own / section}
        result[key] = {
            "counted_delta": costs[key][kernels[1]][0] - costs[key][kernels[0]][0],
            "profiled_delta": per[kernels[1]]["section"] - per[kernels[0]]["section"],
            "calls_delta": per[kernels[1]]["calls"] - per[kernels[0]]["calls"],
            "kernels": per,
            "only_in": {k: [r["function"] for r in sorted(rows, key=lambda r: -r["calls"][i])
                            if r["calls"][i] and not r["calls"][1 - i]]
                        for i, k in enumerate(kernels)},
            "functions": rows[:JSON_TOP],
            "other_functions_delta": sum(r["delta"] for r in rows[JSON_TOP:]),
        }
    return result


def text(attribution, costs, slack, kernels):
    """bench.txt's section: every workload above slack, else the highest ratio."""
    flagged = [k for k, c in costs.items() if c["ratio"] > slack]
    if not flagged:
        flagged = [max(costs, key=lambda k: costs[k]["ratio"])]
    out = ["Where the instructions go: one more -icount boot per kernel with the function "
           "profiler on around each workload.",
           "Per operation: each function's calls (exact) and own instructions (not its "
           "callees'; with the profiler's",
           "probe effect: read a difference at equal calls as where to look, not as a count).",
           f"Workloads above {slack}, else the highest ratio; the {TOP} largest differences, "
           "then what only one kernel calls."]
    fmt = "  {:<30} {:>9} {:>9} {:>10} {:>10} {:>9}"
    for key in flagged:
        a = attribution[key]
        per = a["kernels"]
        out += ["", f"{key}: ratio {costs[key]['ratio']:.4f}, counted unshifted "
                f"{a['counted_delta']:+.1f} instructions per operation; profiled section "
                f"{a['profiled_delta']:+.1f}, calls {a['calls_delta']:+.2f}",
                "  profiler per call " + ", ".join(
                    f"{per[k]['overhead_per_call']:.0f} ({k})" for k in kernels)
                + "; own times cover " + ", ".join(
                    f"{100 * per[k]['coverage']:.0f}% ({k})" for k in kernels)
                + " of the section",
                fmt.format("function", "calls " + kernels[0][:3], "calls " + kernels[1][:3],
                           "instr " + kernels[0][:3], "instr " + kernels[1][:3], "delta")]
        for r in a["functions"][:TOP]:
            out.append(fmt.format(r["function"], f"{r['calls'][0]:.2f}", f"{r['calls'][1]:.2f}",
                                  f"{r['instructions'][0]:.1f}",
                                  f"{r['instructions'][1]:.1f}", f"{r['delta']:+.1f}"))
        for k in kernels:
            names = a["only_in"][k]
            if names:
                more = f" and {len(names) - TOP} more" if len(names) > TOP else ""
                out.append(f"  only {k} calls: {' '.join(names[:TOP])}{more}")
    return out
