#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""report.py: make fstests' verdict from the guests' results.

Reads DIR/KERNEL-FS/console.log (the guest's console: the kernel's
reports, "# FSTESTS: check exited N" of its KTAP report, the host's
"FSTESTS: host: N seconds", check's own shell errors),
DIR/KERNEL-FS/results/result.xml (fstests' xunit report: one testcase
per test, with <failure> or <skipped> when it did not pass) and
DIR/KERNEL-FS/exclude (the tests check was told to leave out, one a
line) for each kernel and file system.  Writes DIR/fstests.json and
DIR/fstests.txt and prints the summary lines.

A kernel that panicked (an oops panics these guests) was booted again
for the tests left, in DIR/KERNEL-FS/boot-2, boot-3...: the run is the
sum of its boots, the test that was running at the panic ("run fstests
TEST" in the console) failed, and the run ended when its last boot did,
or when run.sh found no test left after the panic.  A panic of the
patched kernel counts unless the pristine kernel panicked in the same
test (or between the same two tests).

A regression is a test that passes on pristine and fails on patched, or
that ran on pristine and not on patched (notrun or missing: a _require_
that the patched kernel no longer meets, or a check that stopped
early); a failure on patched that pristine did not run has no control
and counts too.  The pristine run must have ended with results, or
there is no control at all.  With the patched kernel alone (make test's
short case) every failure counts, and every test --tests names must
have run or been excluded.  Lockdep must still be on at the end of the
patched run ("FSTESTS: lockdep debug_locks=1"): once it has turned
itself off, nothing after that was checked.  A kernel report counts
unless the pristine console of the same file system has one with the
same text (lib/kernel_reports.py: time stamps, CPU and PID numbers,
addresses, the task of an ext4 error and which function met ext4's
aborted journal left out; a lockdep report names its two lock classes,
"...: HELD -> WANTED"), or DIR/KERNEL-FS/known (run.sh's lines of
fstests/known-reports for this file system and kernel version) names
it: a known false positive of this kernel.  fstests fails the test
whose dmesg has a known report, so left.py has the guest boot again,
once, for that test.  A known lockdep report leaves the rest of its
boot unchecked too (lockdep turns itself off after its first report):
the tests started after it in that boot do not count, and the guest
boots again for them as well.  An error of check's own shell
("./check: line N: ...") fails too: the harness did not do what it was
asked.
Exit status: 0 pass, 1 the patched kernel failed.
"""
import argparse
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from xml.sax import saxutils

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from kernel_reports import LOCKDEP as LOCKDEP_REPORT, Reports, read_reports  # noqa: E402

EXITED = re.compile(r"^(?:# )?FSTESTS: check exited (\d+)$")
LOCKDEP = re.compile(r"^(?:# )?FSTESTS: lockdep debug_locks=(\d+)$")
KMEMLEAK = re.compile(r"^(?:# )?FSTESTS: kmemleak (on|off)$")
# fstests writes a failure's message into the attribute unescaped
# (common/report): a quote or an ampersand in it breaks the XML.
FAILURE = re.compile(r'^(\s*<failure message=")(.*)(" type="TestFail" ?/>)$')
HOST = re.compile(r"^(?:# )?FSTESTS: host: (\d+) seconds$")
# check's own shell complaining: the harness is broken, whatever the tests say.
HARNESS = re.compile(r"^\./check: (line \d+: )?")
# fstests writes each test's name to /dev/kmsg as it starts it.
STARTED = re.compile(r"\brun fstests (\S+) at ")
PANIC = "Kernel panic - not syncing"
# run.sh's line when a panic left no test to boot again for.
NONE_LEFT = "FSTESTS: no test left after the panic"


def read_xunit(path):
    """fstests' xunit report, with its failure messages escaped."""
    lines = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = FAILURE.match(line.rstrip("\n"))
            if m:
                line = m.group(1) + saxutils.escape(m.group(2), {'"': "&quot;"}) + m.group(3) + "\n"
            lines.append(line)
    return ET.fromstring("".join(lines))


def same_report(text):
    """A report's text as fstests/known-reports writes it."""
    return " ".join(text.split())


def turns_lockdep_off(known):
    """Whether a KNOWN report (one of read_boot()'s) is one of lockdep's."""
    return bool(LOCKDEP_REPORT.search(known["report"]))


def read_list(run, name):
    """RUN's file NAME (run.sh's exclude or known), a line an entry."""
    path = os.path.join(run, name)
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [same_report(x) for x in f if x.strip()]


def read_boot(run, reports, known=()):
    """One boot's outcome: tests, reports, whether check ended, seconds,
    whether the kernel panicked and in which test, the known reports
    (KNOWN), and whether the tests after the first that turned lockdep
    off were left out ("cut")."""
    r = {"tests": {}, "reports": [], "harness": [], "exit": None, "seconds": None, "leaks": 0,
         "lockdep": None, "kmemleak": None, "panic": False, "started": None, "none_left": False,
         "known": [], "order": [], "crash": None, "unchecked": []}
    console = os.path.join(run, "console.log")
    if not os.path.exists(console):
        sys.exit(f"{console}: missing")
    # Each report with the test running when it came.
    scan = Reports(reports)
    with open(console, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.replace("\r", "").rstrip("\n")
            if EXITED.match(line):
                r["exit"] = int(EXITED.match(line).group(1))
            elif HOST.match(line):
                r["seconds"] = int(HOST.match(line).group(1))
            elif LOCKDEP.match(line):
                r["lockdep"] = int(LOCKDEP.match(line).group(1))
            elif KMEMLEAK.match(line):
                r["kmemleak"] = KMEMLEAK.match(line).group(1)
            elif HARNESS.match(line):
                r["harness"].append(line)
            elif line == NONE_LEFT:
                r["none_left"] = True
            r["panic"] = r["panic"] or PANIC in line
            if STARTED.search(line):
                r["started"] = STARTED.search(line).group(1)
                r["order"].append(r["started"])
            harness = line.startswith(("FSTESTS: ", "# ", "ok ", "not ok ")) or HARNESS.match(line)
            scan.feed(line, r["started"], header=not harness)
    for rep in scan.found():
        if same_report(rep["text"]) in known:
            r["known"].append({"test": rep["context"], "report": rep["text"]})
        else:
            r["reports"].append(rep["text"])
    # fstests writes its report to result.xml.new, syncs that and renames
    # it over result.xml: a boot that did not end can leave the newer one
    # under either name, or a file written out in part.
    cases = []
    for name in ("result.xml", "result.xml.new"):
        xml = os.path.join(run, "results", name)
        if not os.path.exists(xml):
            continue
        try:
            got = list(read_xunit(xml).iter("testcase"))
        except ET.ParseError:
            if r["exit"] is not None:
                raise
            print(f"note: {xml}: not whole after a boot that did not end; left out", file=sys.stderr)
            continue
        if len(got) > len(cases):
            cases = got
    for case in cases:
        verdict, why = "pass", ""
        for child in case:
            if child.tag == "failure":
                verdict, why = "fail", child.get("message", "")
            elif child.tag == "skipped":
                verdict, why = "notrun", child.get("message", "")
        r["tests"][case.get("name")] = {"verdict": verdict, "why": why,
                                        "seconds": int(float(case.get("time") or 0))}
    # Where it panicked: in a test (one with no result), or between two.
    if r["panic"] and r["started"] and r["started"] not in r["tests"]:
        r["crash"] = r["started"]
    elif r["panic"]:
        # In check's or guest-init's unmounts, say.
        r["crash"] = f"after {r['started']}" if r["started"] else "before any test"
    # The tests started after the first known lockdep report ran with
    # lockdep off: they do not count.  Another known report leaves it on,
    # unless lockdep ended the boot off all the same (more reports turn
    # it off than lockdep's own: a taint, a report the list misses): then
    # nothing after the first known report counts.
    first = next((k for k in r["known"] if turns_lockdep_off(k)), None)
    if first is None and r["known"] and r["lockdep"] == 0:
        first = r["known"][0]
    r["cut"] = first is not None
    if first:
        test = first["test"]
        after = r["order"][r["order"].index(test) + 1:] if test in r["order"] else r["order"]
        for name in after:
            if r["tests"].pop(name, None):
                r["unchecked"].append(name)
    for name, t in r["tests"].items():
        if t["verdict"] == "fail" and os.path.exists(os.path.join(run, "results", name + ".kmemleak")):
            r["leaks"] += 1
    return r


def boots(run):
    """RUN's boot directories in order: RUN, then RUN/boot-2, boot-3..."""
    dirs = [run]
    while os.path.isdir(os.path.join(run, f"boot-{len(dirs) + 1}")):
        dirs.append(os.path.join(run, f"boot-{len(dirs) + 1}"))
    return dirs


def read_run(run, reports):
    """A kernel's run on one file system: the sum of its boots."""
    r = {"tests": {}, "reports": [], "harness": [], "seconds": 0, "leaks": 0, "excluded": [],
         "crashes": [], "known": [], "unchecked": []}
    r["excluded"] = read_list(run, "exclude")
    known = read_list(run, "known")
    for boot, path in enumerate(boots(run), 1):
        b = read_boot(path, reports, known)
        r["tests"].update(b["tests"])
        in_test = b["crash"] is not None and b["crash"] == b["started"]
        if b["crash"]:
            r["crashes"].append(b["crash"])
        if in_test:
            r["tests"][b["started"]] = {"verdict": "fail", "why": "the kernel panicked in this test",
                                        "seconds": 0}
        for key in ("reports", "harness"):
            r[key] += b[key]
        r["known"] += [dict(k, boot=boot) for k in b["known"]]
        r["unchecked"] += b["unchecked"]
        r["leaks"] += b["leaks"]
        r["seconds"] = None if b["seconds"] is None or r["seconds"] is None else r["seconds"] + b["seconds"]
        # Whether check ended and kmemleak scanned: the last boot's.  Lockdep
        # was off if any boot turned it off, but for a known lockdep report
        # (what ran after it does not count); the last boot says if it was
        # on (a boot that panicked says nothing).
        r.update({key: b[key] for key in ("exit", "kmemleak")})
        lockdep = 1 if b["cut"] and b["lockdep"] == 0 else b["lockdep"]
        r["lockdep"] = 0 if r.get("lockdep") == 0 else lockdep
        # Whether the last boot got anywhere: a result, or a test it
        # panicked in.
        r["last"] = {"panic": b["panic"], "known": b["known"], "progress": bool(b["tests"]) or in_test}
        r["boots"] = boot
        r["finished"] = b["exit"] is not None or (b["panic"] and b["none_left"])
    return r


def judge(fs, runs, wanted):
    """The problems of the patched kernel on one file system."""
    p = runs["patched"]
    q = runs.get("pristine")
    problems = []
    if not p["finished"]:
        problems.append(f"{fs}: check did not finish on the patched kernel")
    if not p["tests"]:
        problems.append(f"{fs}: no test result from the patched kernel")
    if p["lockdep"] == 0:
        problems.append(f"{fs}: lockdep was off at the end of the patched run (debug_locks=0)")
    elif p["lockdep"] is None and p["exit"] is not None:
        problems.append(f"{fs}: the patched run did not say whether lockdep was on")
    problems += [f"{fs}: fstests harness error: {x}" for x in p["harness"]]
    if q is None:
        for name, t in sorted(p["tests"].items()):
            if t["verdict"] == "fail":
                problems.append(f"{fs}: {name} failed: {t['why']}")
        for name in wanted:
            if name not in p["tests"] and name not in p["excluded"]:
                problems.append(f"{fs}: {name} did not run on the patched kernel")
    else:
        if not q["finished"] or not q["tests"]:
            problems.append(f"{fs}: the pristine run did not finish with results: no control")
        for name in sorted(set(p["tests"]) | set(q["tests"])):
            was = q["tests"].get(name, {}).get("verdict", "missing")
            now = p["tests"].get(name, {}).get("verdict", "missing")
            why = p["tests"].get(name, {}).get("why", "")
            if was == "pass" and now == "fail":
                problems.append(f"{fs}: {name} regressed (passes on pristine): {why}")
            elif was != "missing" and now == "missing":
                problems.append(f"{fs}: {name} ran on pristine ({was}), not on patched" +
                                (" but after a known report, with lockdep off, and no boot after it"
                                 if name in p.get("unchecked", []) else ""))
            elif was == "pass" and now == "notrun":
                problems.append(f"{fs}: {name} passes on pristine, not run on patched: {why}")
            elif was in ("notrun", "missing") and now == "fail":
                problems.append(f"{fs}: {name} failed on patched, {was} on pristine (no control): {why}")
    for crash in p["crashes"]:
        if q is None or crash not in q["crashes"]:
            problems.append(f"{fs}: the patched kernel panicked " +
                            (crash if crash.startswith(("after ", "before ")) else f"in {crash}"))
    for rep in p["reports"]:
        if q is None or rep not in q["reports"]:
            problems.append(f"{fs}: kernel report: {rep}")
    # Tests failed on a kmemleak report: a pristine control with as many
    # excuses as many, not more (the report's own leak count is left out
    # when reports are compared).
    if q is not None and p["leaks"] > q["leaks"]:
        problems.append(f"{fs}: {p['leaks']} tests failed on a kmemleak report, {q['leaks']} on pristine")
    return problems


def incidents(r):
    """'panicked in TEST, ..., ' for a run that panicked and 'known
    report in TEST, ..., ' for one that had known reports, else ''."""
    said = f"panicked in {', '.join(r['crashes'])}, " if r.get("crashes") else ""
    known = [str(k["test"] or "no test") for k in r.get("known", [])]
    return said + (f"known report in {', '.join(known)}, " if known else "")


def summary(kernel, fs, r):
    verdicts = [t["verdict"] for t in r["tests"].values()]
    return (f"{kernel} {fs}: {len(verdicts)} tests, {verdicts.count('pass')} passed, "
            f"{verdicts.count('fail')} failed ({r['leaks']} on a kmemleak report, kmemleak {r['kmemleak']}), "
            f"{verdicts.count('notrun')} not run, {len(r['excluded'])} excluded, "
            f"{len(r['reports'])} kernel reports, {incidents(r)}check exited {r['exit']}, {r['seconds']} s, "
            f"lockdep {({1: 'on', 0: 'off'}).get(r['lockdep'], 'unknown')} at the end")


def failed_on_both(report, fs):
    """The line naming the tests of FS that failed on both kernels."""
    both = [n for n, v in report["tests"][fs].items() if v["patched"] == v["pristine"] == "fail"]
    return f"{fs}: failed on both kernels: {', '.join(both) or 'none'}"


def verdict_table(report):
    """Per file system, a line per test with its verdict on each kernel."""
    kernels = report["kernels"]
    lines = []
    for fs, tests in report["tests"].items():
        lines.append(f"{fs}: test" + "".join(f" {k}" for k in kernels))
        lines += [f"{fs}: {name}" + "".join(f" {v[k]}" for k in kernels) for name, v in tests.items()]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--kernels", required=True, help="'patched' or 'patched pristine'")
    parser.add_argument("--fs", required=True, help="file systems, space-separated")
    parser.add_argument("--reports", required=True, help="lib/kernel-reports.txt")
    parser.add_argument("--tests", default="", help="the tests check was given by name, space-separated")
    parser.add_argument("--about", action="append", default=[], metavar="KEY=VALUE",
                        help="what the run tested (series, selection, shard), kept in the JSON")
    args = parser.parse_args()
    reports = read_reports(args.reports)
    kernels = args.kernels.split()
    report = {"kernels": kernels, "runs": {}, "tests": {}, "problems": [],
              "about": dict(x.split("=", 1) for x in args.about)}
    lines = []
    for fs in args.fs.split():
        runs = {k: read_run(os.path.join(args.dir, f"{k}-{fs}"), reports) for k in kernels}
        report["runs"][fs] = runs
        report["tests"][fs] = {name: {k: runs[k]["tests"].get(name, {}).get("verdict", "missing")
                                      for k in kernels}
                               for name in sorted(set().union(*(runs[k]["tests"] for k in kernels)))}
        report["problems"] += judge(fs, runs, args.tests.split())
        lines += [summary(k, fs, runs[k]) for k in kernels]
        if "pristine" in kernels:
            lines.append(failed_on_both(report, fs))
    report["verdict"] = "fail" if report["problems"] else "pass"
    lines += [f"problem: {x}" for x in report["problems"]]
    lines.append(f"fstests: {report['verdict'].upper()}: {len(report['problems'])} problems")
    with open(os.path.join(args.dir, "fstests.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(args.dir, "fstests.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines + [""] + verdict_table(report)) + "\n")
    print("\n".join(lines))
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
