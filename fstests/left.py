#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""left.py RUN SELECTION: what a boot after a panic has still to run.

RUN is one kernel's run on one file system (fstests/run.sh's
build/$KID/NAME/KERNEL-FS: its first boot, then boot-2, boot-3...);
SELECTION its tests, "FS TEST" a line.  Prints, one a line and in
SELECTION's order, the tests no boot of RUN has a result for and that
no boot panicked in (fstests/report.py's read_run()).
"""
import re
import sys

from report import read_run


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: left.py RUN SELECTION")
    run = read_run(sys.argv[1], re.compile(r"(?!)"), str)
    with open(sys.argv[2], encoding="utf-8") as f:
        for line in f:
            test = line.split()[-1]
            if test not in run["tests"]:
                print(test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
