#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""left.py RUN SELECTION: whether RUN's guest boots again, and for what.

RUN is one kernel's run on one file system (fstests/run.sh's
build/$KID/NAME/KERNEL-FS: its first boot, then boot-2, boot-3...);
SELECTION its tests, "FS TEST" a line.  When RUN's last boot panicked,
or met a known report (fstests/report.py's read_run()), prints why
("the panic", "the known report in TEST"), then, one a line and in
SELECTION's order, the tests left: those no boot has a result for (the
tests started after a known report have none) and no boot panicked in,
and the test of the known report if no boot before met one in it.
Prints nothing when the last boot calls for no other, or when a known
report leaves no test.
"""
import sys

from report import read_reports, read_run, soak_normalize


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: left.py RUN SELECTION")
    run = read_run(sys.argv[1], read_reports(), soak_normalize())
    with open(sys.argv[2], encoding="utf-8") as f:
        selection = [line.split()[-1] for line in f if line.strip()]
    left = [test for test in selection if test not in run["tests"]]
    if run["last"]["panic"]:
        why = "the panic"
    elif run["last"]["known"]:
        test = run["last"]["known"][0]["test"]
        why = f"the known report in {test or 'no test'}"
        # Once more for the test it came in: a race may not come again.
        if len({k["boot"] for k in run["known"] if k["test"] == test}) == 1:
            left = [t for t in selection if t in left or t == test]
        if not left:
            return 0
    else:
        return 0
    print("\n".join([why] + left))
    return 0


if __name__ == "__main__":
    sys.exit(main())
