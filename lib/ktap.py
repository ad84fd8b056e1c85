#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""ktap.py: the KTAP reports on a guest's console, and their verdict.

A console holds two kinds of KTAP report (Documentation/dev-tools/ktap.rst):
KUnit's, printed through printk while the kernel boots, each line behind a
printk time stamp, and the guest tests' report that boot/init prints on
/dev/console, without one.  Other lines (kernel messages, the tests'
diagnostics, anything a program prints) are not KTAP and are left alone,
as the format allows.  Subtests nest by indentation, KUnit's suites and
cases included.

  ktap.py judge LOG [KUNIT_SOURCE...]
      One "PASS what" or "FAIL what" line per finding; exit status 1 if
      one failed.  Fails on any test reported "not ok", at any depth; on a
      guest report that is missing or did not report every test of its
      plan; and on a KUnit suite defined in a KUNIT_SOURCE file that did
      not run, did not run every case it defines, or skipped one.
  ktap.py guest LOG
      The guest report's tests, one "ok|not ok NAME[ # DIRECTIVE]" line each.
  ktap.py results FILE
      A stage's results file (lib/results.sh): "N of M ok", or "did not
      finish: N of M ok" when it has no plan, then "not ok WHAT" for each
      failure.
"""
import argparse
import dataclasses
import re
import sys

STAMP = re.compile(r"^\[\s*\d+\.\d+\] ?")
VERSION = re.compile(r"^( *)K?TAP version \d+$")
PLAN = re.compile(r"^( *)1\.\.(\d+)$")
SUBTEST = re.compile(r"^( *)# Subtest: (\S+)")
RESULT = re.compile(r"^( *)(ok|not ok) (\d+)(?: -)?(?: ((?:[^#\\]|\\.)*?))?\s*(?:#\s*(.*))?$")


@dataclasses.dataclass
class Test:
    """A test: a leaf, a KUnit suite or case, or a whole report."""
    name: str = ""
    ok: bool | None = None          # None: no result line (yet)
    directive: str = ""             # what follows "#" on its result line
    plan: int | None = None
    kernel: bool = False            # printed by the kernel (KUnit)
    tests: list = dataclasses.field(default_factory=list)

    @property
    def skipped(self):
        return self.directive.upper().startswith("SKIP")

    def walk(self, path=()):
        for t in self.tests:
            yield path + (t.name,), t
            yield from t.walk(path + (t.name,))


def parse(lines):
    """The reports of a console, in order."""
    reports = []
    stack = []                      # (indent, Test): the open tests
    for raw in lines:
        line = raw.replace("\r", "").rstrip("\n")
        kernel = bool(STAMP.match(line))
        line = STAMP.sub("", line, count=1)
        m = VERSION.match(line)
        if m and not m.group(1):
            report = Test(kernel=kernel)
            reports.append(report)
            stack = [(0, report)]
            continue
        if not stack:
            continue
        if m or SUBTEST.match(line) or PLAN.match(line):
            indent = len((m or SUBTEST.match(line) or PLAN.match(line)).group(1))
            if indent > stack[-1][0]:
                stack.append((indent, Test(kernel=kernel)))
            if indent == stack[-1][0]:
                s, p = SUBTEST.match(line), PLAN.match(line)
                if s:
                    stack[-1][1].name = s.group(2)
                if p:
                    stack[-1][1].plan = int(p.group(2))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        indent = len(m.group(1))
        test = None
        while len(stack) > 1 and stack[-1][0] > indent:
            test = stack.pop()[1]
        if stack[-1][0] != indent:
            continue                # a result outside any plan: not ours
        test = test or Test(kernel=kernel)
        test.name = re.sub(r"\\(.)", r"\1", (m.group(4) or "").strip()) or test.name
        test.ok = m.group(2) == "ok"
        test.directive = (m.group(5) or "").strip()
        stack[-1][1].tests.append(test)
    return reports


def kunit_suite(source):
    """The name and number of cases of the KUnit suite a .c file defines."""
    with open(source, encoding="utf-8") as f:
        text = f.read()
    name = re.search(r'^\s*\.name = "([^"]*)",', text, re.M)
    cases = len(re.findall(r"^\s*KUNIT_CASE", text, re.M))
    return (name.group(1) if name else None), cases


def judge(reports, sources):
    """(verdict, what) findings."""
    found = []
    for report in reports:
        for path, t in report.walk():
            if t.ok is False:
                what = "KUnit " + ": ".join(path) if report.kernel else "guest test " + path[0]
                found.append(("FAIL", what + (f" ({t.directive})" if t.directive else "")))
    guest = [r for r in reports if not r.kernel]
    if not guest:
        found.append(("FAIL", "no guest test report (the guest did not start its tests)"))
    else:
        g = guest[-1]
        if g.plan is None or len(g.tests) != g.plan:
            found.append(("FAIL", f"guest test report ends after {len(g.tests)} of "
                                  f"{g.plan if g.plan is not None else '?'} tests "
                                  "(boot or guest tests did not finish)"))
        passed = sum(1 for t in g.tests if t.ok)
        if passed:
            found.append(("PASS", f"{passed} guest tests passed"))
    suites = {t.name: t for r in reports if r.kernel for t in r.tests}
    for source in sources:
        name, cases = kunit_suite(source)
        suite = suites.get(name)
        if suite is None:
            found.append(("FAIL", f"KUnit suite {name} did not run"))
            continue
        ran = len(suite.tests)
        skipped = [p for p, t in suite.walk() if t.skipped]
        if ran != cases or skipped or suite.skipped:
            found.append(("FAIL", f"KUnit suite {name}: {ran} of the {cases} cases it defines ran"
                                  + (f", skipped: {', '.join(': '.join(p) for p in skipped)}"
                                     if skipped else "")))
        elif suite.ok and all(t.ok for _, t in suite.walk()):
            found.append(("PASS", f"KUnit suite {name}: {cases}/{cases} cases passed"))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    j = sub.add_parser("judge")
    j.add_argument("log")
    j.add_argument("sources", nargs="*")
    g = sub.add_parser("guest")
    g.add_argument("log")
    r = sub.add_parser("results")
    r.add_argument("log")
    args = parser.parse_args()
    with open(args.log, encoding="utf-8", errors="replace") as f:
        reports = parse(f)
    if args.command == "results":
        for r in reports[-1:]:
            ok = sum(1 for t in r.tests if t.ok)
            print(("" if r.plan == len(r.tests) else "did not finish: ")
                  + f"{ok} of {len(r.tests)} ok")
            for t in r.tests:
                if not t.ok:
                    print("not ok " + t.name)
        return 0 if reports else 1
    if args.command == "guest":
        for r in [r for r in reports if not r.kernel][-1:]:
            for t in r.tests:
                print(("ok " if t.ok else "not ok ") + t.name
                      + (f" # {t.directive}" if t.directive else ""))
        return 0
    found = judge(reports, args.sources)
    for verdict, what in found:
        print(verdict, what)
    return 1 if any(v == "FAIL" for v, _ in found) else 0


if __name__ == "__main__":
    sys.exit(main())
