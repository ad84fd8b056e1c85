#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""soak/report.py: make soak's verdict from the guests' consoles.

Reads DIR/soak-{patched,pristine}.log (the consoles: "# SOAK" lines of
boot/guest/soak.sh and soak-faults, the guest's KTAP report (lib/ktap.py),
the kernel's reports, kmemleak's report that boot/init prints) and DIR/fsck-{patched,pristine}.txt (soak/fsck.sh).
Writes OUT/soak.json and OUT/soak.txt and prints the summary line.  A
report is pre-existing when the pristine console has one with the same
text (lib/kernel_reports.py: time stamps, CPU and PID numbers, addresses
left out, a lockdep report's two lock classes named); the patched
kernel fails when it has a report, a leak or an unclean file system that
is not pre-existing, when a stressor failed where the pristine kernel's
did not, when its soak failed where the pristine one's did not in the
same way (soak-faults included: an error other than ENOMEM, or no
failure injected), when it did not finish, or when a stressor that ran
spent no time in the kernel (its system time: a bogo-op is a whole
round, which under TCG may not end in the soak).  stress-ng's
--klog-check repeats kernel lines: only the kernel's own count.
Exit status: 0 pass, 1 the patched kernel failed.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import ktap  # noqa: E402
from kernel_reports import Reports, read_reports  # noqa: E402

KERNELS = ("patched", "pristine")
STRESSOR = re.compile(r"^# SOAK (\S+) (\S+) "
                      r"(?:bogo-ops=(\d+) kernel-seconds=(\d+\.\d+) failures=(\d+)"
                      r"|skipped: (.*))$")
FAULTS = re.compile(r"^# SOAK faults injected=(\d+) calls=(\d+) errors=(\d+) cycles=(\d+)$")
CYCLES = re.compile(r"^# SOAK cycles=(\d+) seconds=(\d+)$")
CPUS = re.compile(r"^# SOAK cpus online=(\S+) possible=(\S+)$")
FSCK = re.compile(r"^soak: (e2fsck -fn|xfs_repair -n): (clean|NOT clean.*)$")


def read_kernel(directory, kernel, reports):
    path = os.path.join(directory, f"soak-{kernel}.log")
    if not os.path.exists(path):
        sys.exit(f"{path}: missing")
    k = {"stressors": {}, "kernel_seconds": {}, "stressor_failures": {}, "skipped": {}, "faults": None, "cycles": None, "seconds": None,
         "cpus_online": None, "cpus_possible": None, "reports": [], "leaks": 0,
         "failures": [], "finished": False, "fsck": {}}
    scan = Reports(reports)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.replace("\r", "").rstrip("\n")
            m = STRESSOR.match(line)
            if m:
                fs, name, ops, seconds, failures, why = m.groups()
                if why is not None:
                    k["skipped"][f"{fs}/{name}"] = why
                else:
                    k["stressors"][f"{fs}/{name}"] = int(ops)
                    k["kernel_seconds"][f"{fs}/{name}"] = float(seconds)
                    k["stressor_failures"][f"{fs}/{name}"] = int(failures)
            elif FAULTS.match(line):
                k["faults"] = dict(zip(("injected", "calls", "errors", "cycles"),
                                       map(int, FAULTS.match(line).groups())))
            elif CYCLES.match(line):
                k["cycles"], k["seconds"] = map(int, CYCLES.match(line).groups())
            elif CPUS.match(line):
                k["cpus_online"], k["cpus_possible"] = CPUS.match(line).groups()
            elif line.startswith("# SOAK-FAIL "):
                k["failures"].append(line[len("# "):])
            elif line.startswith("unreferenced object"):
                k["leaks"] += 1
            # (stress-ng's --klog-check repeats the kernel's lines: counted once.)
            scan.feed(line, header=not line.startswith(("# ", "ok ", "not ok ", "stress-ng: ")))
    k["reports"] = [rep["text"] for rep in scan.found()]
    with open(path, encoding="utf-8", errors="replace") as f:
        guest = [r for r in ktap.parse(f) if not r.kernel][-1:]
    for r in guest:
        k["finished"] = r.plan is not None and len(r.tests) == r.plan
        k["failures"] += [f"FAIL {t.name}" + (f" ({t.directive})" if t.directive else "")
                          for t in r.tests if not t.ok]
    fsck = os.path.join(directory, f"fsck-{kernel}.txt")
    if os.path.exists(fsck):
        with open(fsck, encoding="utf-8") as f:
            for line in f:
                m = FSCK.match(line.rstrip("\n"))
                if m:
                    k["fsck"][m.group(1)] = "clean" if m.group(2) == "clean" else "NOT clean"
    return k


def cpu_count(cpulist):
    """The CPUs in a sysfs list such as "0-1" or "0,2-63"; 0 for None."""
    n = 0
    for part in (cpulist or "").split(","):
        if part:
            lo, _, hi = part.partition("-")
            n += int(hi or lo) - int(lo) + 1
    return n


def verdict(report):
    p, q = report["kernels"]["patched"], report["kernels"]["pristine"]
    problems = []
    new = [r for r in p["reports"] if r not in q["reports"]]
    report["new_reports"] = new
    report["pre_existing_reports"] = [r for r in p["reports"] if r in q["reports"]]
    problems += [f"kernel report: {r}" for r in new]
    if p["leaks"] > q["leaks"]:
        problems.append(f"kmemleak: {p['leaks']} leaks (pristine: {q['leaks']})")
    for tool in ("e2fsck -fn", "xfs_repair -n"):
        if p["fsck"].get(tool) != "clean" and q["fsck"].get(tool) == "clean":
            problems.append(f"{tool}: {p['fsck'].get(tool, 'not run')}")
    problems += [f"{name}: {n} failures (pristine: {q['stressor_failures'].get(name, 0)})"
                 for name, n in sorted(p["stressor_failures"].items())
                 if n > q["stressor_failures"].get(name, 0)]
    problems += [f for f in p["failures"] if not f.startswith("FAIL kmemleak") and f not in q["failures"]]
    if not p["faults"]:
        problems.append("no allocation failures injected (no soak-faults line)")
    if not p["finished"] or p["cycles"] is None:
        problems.append("the soak did not finish")
    if not p["stressors"]:
        problems.append("no stressor ran")
    problems += [f"{name}: no time in the kernel" for name, t in sorted(p["kernel_seconds"].items()) if t == 0]
    if cpu_count(p["cpus_possible"]) <= cpu_count(p["cpus_online"]):
        problems.append(f"possible CPUs {p['cpus_possible']} no more than online "
                        f"{p['cpus_online']}: no per-CPU list of a CPU that never came online")
    report["problems"] = problems
    return not problems


def line(kernel, k):
    systems = sorted({s.split("/")[0] for s in k["stressors"]})
    return (f"{kernel}: {len(k['stressors'])} stressor runs on {len(systems)} file systems "
            f"({', '.join(systems)}), {sum(k['stressors'].values())} bogo-ops, "
            f"{sum(k['kernel_seconds'].values()):.0f} s in the kernel, "
            f"{sum(k['stressor_failures'].values())} failures, {len(k['skipped'])} skipped, "
            f"{k['cycles']} cycles in {k['seconds']} s, "
            + (f"allocation failures injected {k['faults']['injected']}, "
               f"seen as ENOMEM {k['faults']['errors']} of {k['faults']['calls']} calls, "
               if k["faults"] else "no allocation failures injected, ") +
            f"CPUs online {k['cpus_online']} of possible {k['cpus_possible']}; "
            f"reports {len(k['reports'])}, leaks {k['leaks']}, fsck "
            + (", ".join(f"{t} {v}" for t, v in k["fsck"].items()) or "not run"))


def cells(k, name):
    """A stressor's bogo-ops, with its failures when it had any, and its
    seconds in the kernel."""
    if name not in k["stressors"]:
        return ["skipped" if name in k["skipped"] else "-", ""]
    failures = k["stressor_failures"][name]
    return [f"{k['stressors'][name]}" + (f" ({failures} failed)" if failures else ""),
            f"{k['kernel_seconds'][name]:.1f}"]


def text(report):
    out = [f"make soak: {report['seconds']} s of boot/guest/soak.sh on each kernel"]
    out += [line(kernel, report["kernels"][kernel]) for kernel in KERNELS]
    out.append("")
    row = "{:<20} {:>10} {:>9}   {:>10} {:>9}"
    out.append("{:<20} {:^20}   {:^20}".format("", "patched", "pristine").rstrip())
    out.append(row.format("fs/stressor", "bogo-ops", "kernel s", "bogo-ops", "kernel s"))
    p, q = report["kernels"]["patched"], report["kernels"]["pristine"]
    for name in sorted(set(p["stressors"]) | set(q["stressors"])):
        out.append(row.format(name, *cells(p, name), *cells(q, name)))
    skipped = sorted(set(p["skipped"]) | set(q["skipped"]))
    if skipped:
        out += ["", "Skipped (stress-ng's reason):"]
        out += [f"  {name}: {p['skipped'].get(name) or q['skipped'].get(name)}" for name in skipped]
    if report["pre_existing_reports"]:
        out += ["", "Reports the pristine kernel shows too (pre-existing):"]
        out += [f"  {r}" for r in report["pre_existing_reports"]]
    out += ["", "Verdict: " + ("PASS" if report["pass"] else "FAIL")]
    out += [f"  {x}" for x in report["problems"]]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for option in ("dir", "reports", "out"):
        parser.add_argument("--" + option, required=True)
    parser.add_argument("--seconds", type=int, required=True)
    args = parser.parse_args()
    reports = read_reports(args.reports)
    report = {"seconds": args.seconds,
              "kernels": {k: read_kernel(args.dir, k, reports) for k in KERNELS}}
    report["pass"] = verdict(report)
    with open(os.path.join(args.out, "soak.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    with open(os.path.join(args.out, "soak.txt"), "w", encoding="utf-8") as f:
        f.write(text(report))
    print(text(report).split("\n\n", maxsplit=1)[0])
    return 0 if report["pass"] else 1


if __name__ == "__main__":
    sys.exit(main())
