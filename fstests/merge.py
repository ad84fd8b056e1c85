#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""merge.py: make fstests' verdict from the N parts of a run.

make fstests FSTESTS_SHARD=K/N writes OUT/fstests-shard-K-of-N.json
(fstests/report.py's report of one part, with what it tested under
"about": the patched and pristine commits, the whole selection's hash,
the part).  Once all N parts are there, this writes their sum as
OUT/fstests.json and OUT/fstests.txt: per file system and kernel the
tests, their verdicts and seconds, and every part's problems.  Parts of
another series or another selection are an error (make the stale part
again); a missing part is not: nothing is written yet.
Exit status: 0 summed or waiting for parts, 1 parts that do not belong
together.
"""
import argparse
import json
import os
import sys

from report import failed_on_both, verdict_table

SAME = ("patched", "pristine", "selection")


def merge(parts):
    """The N parts' reports as one report of the whole run."""
    first = parts[0]
    kernels = first["kernels"]
    report = {"kernels": kernels, "runs": {}, "tests": {}, "problems": [],
              "about": {k: first["about"][k] for k in SAME}, "parts": len(parts)}
    for part in parts:
        report["problems"] += [f"part {part['about']['shard']}: {x}" for x in part["problems"]]
        for fs, runs in part["runs"].items():
            into = report["runs"].setdefault(fs, {})
            for kernel, run in runs.items():
                r = into.setdefault(kernel, {"tests": {}, "seconds": 0, "reports": [], "excluded": []})
                r["tests"].update(run["tests"])
                r["seconds"] += run["seconds"] or 0
                r["reports"] += run["reports"]
                r["excluded"] = sorted(set(r["excluded"]) | set(run["excluded"]))
            report["tests"].setdefault(fs, {}).update(part["tests"][fs])
    report["tests"] = {fs: dict(sorted(t.items())) for fs, t in report["tests"].items()}
    report["verdict"] = "fail" if report["problems"] else "pass"
    return report


def text(report):
    kernels = report["kernels"]
    lines = []
    for fs, runs in report["runs"].items():
        for kernel in kernels:
            r = runs[kernel]
            v = [t["verdict"] for t in r["tests"].values()]
            lines.append(f"{kernel} {fs}: {len(v)} tests in {report['parts']} parts, "
                         f"{v.count('pass')} passed, {v.count('fail')} failed, {v.count('notrun')} not run, "
                         f"{len(r['excluded'])} excluded, {len(r['reports'])} kernel reports, "
                         f"{r['seconds']} s")
        if "pristine" in kernels:
            lines.append(failed_on_both(report, fs))
    lines += [f"problem: {x}" for x in report["problems"]]
    lines.append(f"fstests: {report['verdict'].upper()}: {len(report['problems'])} problems")
    return "\n".join(lines + [""] + verdict_table(report)) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="out/$KID")
    parser.add_argument("--parts", required=True, type=int, help="N of FSTESTS_SHARD=K/N")
    args = parser.parse_args()
    parts = []
    for k in range(1, args.parts + 1):
        path = os.path.join(args.out, f"fstests-shard-{k}-of-{args.parts}.json")
        if not os.path.exists(path):
            print(f"fstests: part {k} of {args.parts} not run yet; "
                  f"the whole run's verdict when all {args.parts} are there")
            return 0
        with open(path, encoding="utf-8") as f:
            parts.append(json.load(f))
    for part in parts[1:]:
        for key in SAME:
            if part["about"].get(key) != parts[0]["about"].get(key):
                print(f"error: fstests: part {part['about'].get('shard')} has another {key} than part "
                      f"{parts[0]['about'].get('shard')}; make it again on this series and these tests",
                      file=sys.stderr)
                return 1
    report = merge(parts)
    with open(os.path.join(args.out, "fstests.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(args.out, "fstests.txt"), "w", encoding="utf-8") as f:
        f.write(text(report))
    print(text(report).split("\n\n", maxsplit=1)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
