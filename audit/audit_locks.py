# SPDX-License-Identifier: GPL-2.0-only
"""The audit's lock table (cocci/audit/locks.conf) and its classifier.

Imported by the Python rules of cocci/audit/*.cocci (which find
AUDIT_LOCKS and this module through the environment) and by
audit/report.py.
"""
import os
import re
from typing import NamedTuple, Pattern


class Acquire(NamedTuple):
    """An "acquire" line: a function that takes a lock of a class."""
    cls: str
    mode: str
    holds: bool      # the lock stays held after the call
    what: str        # the argument naming the lock, or "=LOCK" for a wrapper


class Lock(NamedTuple):
    """A "lock" line: a tracked lock and how to recognise it."""
    name: str
    family: str
    scope: str
    classes: set
    expr: Pattern    # matches the lock expression
    files: Pattern   # matches the files it is in


class Table:
    def __init__(self, path):
        self.acquire = {}    # function -> Acquire
        self.release = set()
        self.locks = []      # Lock
        self.about = {}
        self.series = {}     # lock -> topic
        self.added = set()
        with open(path) as f:
            for n, line in enumerate(f, 1):
                words = line.split('#', 1)[0].split()
                if words:
                    self._entry(words, "%s:%d" % (path, n))

    def _entry(self, w, where):
        kind = w[0]
        if kind == "acquire" and len(w) == 6:
            self.acquire[w[1]] = Acquire(w[2], w[3], w[4] == "yes", w[5])
        elif kind == "release" and len(w) == 2:
            self.release.add(w[1])
        elif kind == "lock" and len(w) == 7:
            self.locks.append(Lock(w[1], w[2], w[3], set(w[4].split(",")),
                                   re.compile(w[5]), re.compile(w[6])))
        elif kind == "about" and len(w) >= 3:
            self.about[w[1]] = " ".join(w[2:])
        elif kind == "series" and len(w) == 3:
            self.series[w[1]] = w[2]
        elif kind == "added" and len(w) == 2:
            self.added.add(w[1])
        else:
            raise ValueError("%s: cannot read '%s'" % (where, " ".join(w)))

    def takes_arg(self, fn, pos):
        """fn is an acquire function whose lock is its argument pos."""
        a = self.acquire.get(fn)
        return a is not None and a.what == str(pos)

    def holds(self, fn, with_args):
        """fn takes a lock that it holds, named by its first argument (or,
        with_args false, fn is a wrapper without arguments)."""
        a = self.acquire.get(fn)
        if a is None or not a.holds:
            return False
        return a.what.startswith("=") or (with_args and a.what == "1")

    def classify_call(self, fn, args, path):
        """classify() for fn(args), args the text of the argument list."""
        a = self.acquire.get(fn)
        if a is None:
            return None
        what = a.what
        if what.startswith("="):
            return self.classify(fn, "", path)
        args = split_args(args)
        if len(args) < int(what):
            return None
        return self.classify(fn, args[int(what) - 1], path)

    def fixed(self, fn):
        a = self.acquire.get(fn)
        return a is not None and a.what.startswith("=")

    def classify(self, fn, expr, path):
        """(lock, mode, holds) of a call fn(expr) in path, or None."""
        a = self.acquire.get(fn)
        if a is None:
            return None
        text = a.what[1:] if a.what.startswith("=") else normalize(expr)
        if "/" not in path:
            # a fixture: its name is its path in a tree, "/" written "-"
            path = path.replace("-", "/")
        for lock in self.locks:
            if a.cls in lock.classes and lock.expr.search(text) and lock.files.search(path):
                return lock.name, a.mode, a.holds
        return None

    def family(self, lock):
        for entry in self.locks:
            if entry.name == lock:
                return entry.family, entry.scope
        return None


def normalize(expr):
    """'& sb -> s_inodes' -> 'sb->s_inodes': the lock argument as text."""
    e = re.sub(r"\s+", "", expr)
    while True:
        e0 = e
        e = e.lstrip("&")
        if e.startswith("(") and e.endswith(")") and balanced(e[1:-1]):
            e = e[1:-1]
        if e == e0:
            return e


def balanced(s):
    depth = 0
    for c in s:
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth < 0:
            return False
    return depth == 0


_lines = {}


def callee(pos):
    """The function name a Coccinelle position on a call's name spans."""
    if pos.file not in _lines:
        with open(pos.file, errors="replace") as f:
            _lines[pos.file] = f.read().split("\n")
    line = _lines[pos.file][int(pos.line) - 1]
    return line[int(pos.column):int(pos.column_end)]


def table():
    """The table named by $AUDIT_LOCKS (cached for the Cocci rules)."""
    global _table
    try:
        return _table
    except NameError:
        _table = Table(os.environ["AUDIT_LOCKS"])
        return _table


def split_args(text):
    """'a, f(b, c), d' -> ['a', 'f(b, c)', 'd']."""
    args, depth, cur = [], 0, ""
    for c in text:
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
        cur += c
    if cur.strip():
        args.append(cur.strip())
    return args


def grep_words(t):
    """The words a file must contain to have a site: the identifiers of
    the lock expressions, and the functions whose every call is a site
    (fixed wrappers, and classes a lock takes whatever the argument)."""
    words = set()
    for lock in t.locks:
        if lock.expr.pattern == ".":
            words.update(f for f, a in t.acquire.items() if a.cls in lock.classes)
        else:
            words.update(re.findall(r"[A-Za-z_]\w*", lock.expr.pattern))
    words.update(f for f in t.acquire if t.fixed(f))
    return sorted(words)


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description="the audit's lock table")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("grep", help="the words a file with a site must contain").add_argument("conf")
    args = parser.parse_args()
    print("|".join(grep_words(Table(args.conf))))
