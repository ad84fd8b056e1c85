# SPDX-License-Identifier: GPL-2.0-only
"""kernel_reports.py: the kernel's reports in a guest's console, as text
that two boots can compare (soak/report.py, fstests/report.py).

read_reports(PATH) makes lib/kernel-reports.txt's headers one regex;
Reports(REGEX).feed(LINE, CONTEXT) takes a console's lines one at a
time, and .found() lists each report as {"text": ..., "context": ...}.
A report's text is its header line less what changes from boot to boot
(normalize()); a lockdep report that names the lock a task wanted and
the one it held gets ": HELD -> WANTED" (the classes less the "#N"
lockdep numbers a class with at run time), so that one lock pair is
not taken for another.
"""
import os
import re

# The lockdep reports that name two locks, and their two: the first lock
# line after each header, "ADDR (CLASS){USAGE}-{WAIT}, at: FUNCTION"
# (another CPU's lines, reports too, may come between).
TWO_LOCKS = re.compile(r"possible (circular|recursive) locking")
# The lockdep reports after which lockdep turns itself off.
LOCKDEP = re.compile(r"possible circular locking|possible recursive locking|inconsistent lock state|"
                     r"bad unlock balance")
LOCK_HEADERS = {"is trying to acquire lock:": "wanted", "but task is already holding lock:": "held"}
LOCK_LINE = re.compile(r"\((.*)\)\{[^}]*\}(?:-\{[^}]*\})?, at: ")
TIME = re.compile(r"^\[\s*\d+\.\d+\]\s*")


def read_reports(path=os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernel-reports.txt")):
    """The kernel's report headers (lib/kernel-reports.txt) as one regex."""
    with open(path, encoding="utf-8") as f:
        return re.compile("|".join(x.rstrip("\n") for x in f if x.strip() and not x.startswith("#")))


def normalize(line):
    """A report's text without what changes from boot to boot."""
    line = TIME.sub("", line)
    line = re.sub(r"\b(CPU|PID|pid|cpu)[: ]\s*\d+", r"\1 N", line)
    # "INFO: task NAME:PID blocked for more than N seconds.", "kmemleak: N
    # new suspected memory leaks": the same report with other numbers.
    line = re.sub(r"\b(task \S+):\d+", r"\1:N", line)
    line = re.sub(r"\bkworker/[\w:+-]+", "kworker/N", line)
    line = re.sub(r"\bmore than \d+ seconds", "more than N seconds", line)
    line = re.sub(r"^kmemleak: \d+ new", "kmemleak: N new", line)
    # "watchdog: BUG: soft lockup - CPU#N stuck for Ns! [COMM:PID]": a
    # vCPU the host did not run for that long (TCG with more vCPUs than
    # host CPUs); whichever task it was running, it is the same report.
    line = re.sub(r"soft lockup - CPU#\d+ stuck for \d+s! \[.*\]",
                  "soft lockup - CPU#N stuck for Ns! [TASK]", line)
    # ext4's errors once its journal is aborted (fstests' generic/459 does
    # it on purpose): which function and which task met it first varies.
    line = re.sub(r"^(EXT4-fs error \(device [^)]*\)).*(Journal has aborted|Detected aborted journal)$",
                  r"\1: journal aborted", line)
    # "EXT4-fs error (device D): FUNCTION:LINE: comm NAME: ...": any task.
    line = re.sub(r"\bcomm \S+: ", "comm TASK: ", line)
    return re.sub(r"\b0x[0-9a-f]+\b|\b[0-9a-f]{8,16}\b", "ADDR", line)


def lock_class(line):
    """The lock class a lockdep lock line names, less its "#N"
    ("NAME#N/SUBCLASS" keeps "/SUBCLASS"); None for another line."""
    m = LOCK_LINE.search(line)
    return re.sub(r"#\d+(?=(/\d+)?$)", "", m.group(1)) if m else None


class Reports:
    """The reports of the console lines fed to it."""

    def __init__(self, headers):
        self.headers = headers
        self._found = []
        self._locks = None  # the last report of two locks: its classes
        self._wanted = None

    def feed(self, line, context=None, header=True):
        """One console line; CONTEXT goes with a report it starts.  With
        HEADER false the line is not looked at as a report's start (a
        harness's own line), only as a lock line."""
        text = TIME.sub("", line)
        if self._wanted and self._locks is not None and lock_class(text):
            self._locks.setdefault(self._wanted, lock_class(text))
            self._wanted = None
        self._wanted = next((key for head, key in LOCK_HEADERS.items() if text.endswith(head)), self._wanted)
        if header and self.headers.search(line):
            self._found.append({"text": normalize(line), "context": context, "locks": {}})
            if TWO_LOCKS.search(line):
                self._locks, self._wanted = self._found[-1]["locks"], None

    def found(self):
        """Each report, {"text": ..., "context": ...}, in order."""
        out = []
        for rep in self._found:
            locks = rep["locks"]
            pair = f": {locks['held']} -> {locks['wanted']}" if {"held", "wanted"} <= locks.keys() else ""
            out.append({"text": rep["text"] + pair, "context": rep["context"]})
        return out
