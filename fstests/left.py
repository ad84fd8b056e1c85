#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""left.py RUN SELECTION: whether RUN's guest boots again, and for what.

RUN is one kernel's run on one file system (fstests/run.sh's
build/$KID/NAME/KERNEL-FS: its first boot, then boot-2, boot-3...),
SELECTION its tests ("FS TEST" a line).  The guest boots again after a
panic or a known report (fstests/report.py's read_run()) for the tests
left: those no boot has a result for (the tests started after a known
lockdep report have none) and no boot panicked in, and each test of a
known report if no boot before met one in it.  Prints, when it does, why
("the panic", "the known report in TEST") and then the tests left, one
a line in SELECTION's order; when it does not but has something to say,
one "FSTESTS: ..." line for the console; else nothing.  It does not
boot again after MAX_BOOTS boots, after a panic in a boot that got no
result and panicked in no test (it would panic there again), nor after
a known report before any test that an earlier boot had too: each boot
must get somewhere.
"""
import sys

from report import read_reports, read_run

MAX_BOOTS = 4


def decide(run, selection):
    """The lines left.py prints for RUN (read_run()'s)."""
    left = [test for test in selection if test not in run["tests"]]
    last = run["last"]

    def again(test):
        return len({k["boot"] for k in run["known"] if k["test"] == test}) > 1

    # Once more for each test a known report came in, unless it came
    # there in an earlier boot too: a race may not come again.
    once = {k["test"] for k in last["known"]
            if k["test"] is not None and k["test"] not in run["crashes"] and not again(k["test"])}
    left = [t for t in selection if t in left or t in once]
    test = last["known"][0]["test"] if last["known"] else None
    if last["panic"]:
        why = "the panic"
    elif last["known"] and left:
        why = f"the known report in {test or 'no test'}"
    else:
        return []
    if not left:
        return [f"FSTESTS: no test left after {why}"]
    if run["boots"] >= MAX_BOOTS:
        return [f"FSTESTS: {run['boots']} boots: not booting again after {why}"]
    if last["panic"] and not last["progress"]:
        return [f"FSTESTS: {why} came before any result of the boot: not booting again"]
    if not last["panic"] and last["known"] and test is None and again(None):
        return [f"FSTESTS: {why} came again before any test: not booting again"]
    return [why] + left


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: left.py RUN SELECTION")
    run = read_run(sys.argv[1], read_reports())
    with open(sys.argv[2], encoding="utf-8") as f:
        selection = [line.split()[-1] for line in f if line.strip()]
    lines = decide(run, selection)
    if lines:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
