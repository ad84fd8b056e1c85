# SPDX-License-Identifier: GPL-2.0-only
"""console.py: reading make bench's guest consoles (bench/guest/init)."""
import re

FS = re.compile(r"^BENCH-FS (\S+)$")


def lines(path):
    """The console's lines, without the serial line's carriage returns and
    without the "# " that makes the guest's figures KTAP diagnostics."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.replace("\r", "").rstrip("\n")
            yield line[2:] if line.startswith("# ") else line


def sections(path):
    """(FS, line) for every line but the "BENCH-FS FS" ones, FS being the
    file system the last of those named (None before the first)."""
    fs = None
    for line in lines(path):
        m = FS.match(line)
        if m:
            fs = m.group(1)
        else:
            yield fs, line
