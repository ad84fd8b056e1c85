#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""merge.py: make fstests' verdict from the N parts of a run.

make fstests FSTESTS_SHARD=K/N writes OUT/fstests-shard-K-of-N.json
(fstests/report.py's report of one part, with what it tested under
"about": the patched and pristine commits and their trees, the whole
selection's hash, the setup's hash, the part).  Once all N parts are
there, this writes their sum as OUT/fstests.json and OUT/fstests.txt:
per file system and kernel the tests, their verdicts and seconds, and
every part's problems.  Parts of another series (its trees), selection
or setup are an error (make the stale part again); a missing part is
not: nothing is written yet.
The file systems of a run can be made in different numbers of parts
(ext4 in 8, XFS in 12): the sum takes in every other complete set of
parts in OUT of the same series whose file systems are not summed yet,
newest first, and says which sets it left out and why.
A part made on an earlier machine comes from --kept DIR (the parts kept
in git, docs/fstests-parts/$KID): each part OUT lacks is copied in from
DIR when it was made on the series, selection, setup and file systems of
the part just made (--made K, else OUT's newest part of N), or, made in
another number of parts, on its series; a kept part of anything else is
left out, and said so.  A part copied in names where it came from
("about": "kept"), and the sum lists those parts.
Exit status: 0 summed or waiting for parts, 1 parts that do not belong
together.
"""
import argparse
import glob
import json
import os
import re
import sys

from report import failed_on_both, incidents, verdict_table

SERIES = ("patched_tree", "pristine_tree")
SAME = SERIES + ("selection", "setup")
PART = re.compile(r"fstests-shard-(\d+)-of-(\d+)\.json")


class Stale(Exception):
    """Parts of one set made on another series, selection or setup."""


def part_path(out, k, n):
    """Where part K of N is in OUT."""
    return os.path.join(out, f"fstests-shard-{k}-of-{n}.json")


def missing(out, n):
    """The first of the N parts not in OUT, or 0."""
    for k in range(1, n + 1):
        if not os.path.exists(part_path(out, k, n)):
            return k
    return 0


def load(out, n):
    """The N parts in OUT, all there."""
    parts = []
    for k in range(1, n + 1):
        with open(part_path(out, k, n), encoding="utf-8") as f:
            parts.append(json.load(f))
    for part in parts[1:]:
        for key in SAME:
            if part["about"].get(key) != parts[0]["about"].get(key):
                raise Stale(f"part {part['about'].get('shard')} has another {key.replace('_', ' ')} than part "
                            f"{parts[0]['about'].get('shard')}; make it again on this series and these tests")
    return parts


def take_kept(out, kept, n, made):
    """Copy into OUT the parts in KEPT that OUT lacks and that were made
    as part MADE of N (else OUT's newest part of N) was: of N parts, on
    its series, selection, setup and file systems; of another number of
    parts (another file system's), on its series, as others() asks."""
    ours = glob.glob(os.path.join(out, f"fstests-shard-*-of-{n}.json"))
    if made:
        ours = [part_path(out, made, n)]
    if not ours or not os.path.isdir(kept):
        return
    with open(max(ours, key=os.path.getmtime), encoding="utf-8") as f:
        newest = json.load(f)
    for src in sorted(glob.glob(os.path.join(kept, "fstests-shard-*-of-*.json"))):
        name = PART.fullmatch(os.path.basename(src))
        if not name:
            continue
        k, m = map(int, name.groups())
        dst = part_path(out, k, m)
        if os.path.exists(dst):
            continue
        try:
            with open(src, encoding="utf-8") as f:
                part = json.load(f)
            part["about"].get("shard"), sorted(part["runs"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            print(f"fstests: left out the kept {src}: not a part's report ({e!r})")
            continue
        if part["about"].get("shard") != f"{k}/{m}":
            why = f"it is part {part['about'].get('shard')}"
        elif m == n and sorted(part["runs"]) != sorted(newest["runs"]):
            why = f"it is of {' '.join(sorted(part['runs']))}"
        else:
            why = next((f"it has another {key.replace('_', ' ')}" for key in (SAME if m == n else SERIES)
                        if part["about"].get(key) != newest["about"].get(key)), None)
        if why:
            print(f"fstests: left out the kept {src}: {why}")
            continue
        part["about"]["kept"] = src
        with open(dst + ".new", "w", encoding="utf-8") as f:
            json.dump(part, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(dst + ".new", dst)
        print(f"fstests: part {k} of {m} from {src}, made earlier")


def merge(sets):
    """The sets of parts' reports as one report of the whole run."""
    first = sets[0][0]
    kernels = first["kernels"]
    report = {"kernels": kernels, "runs": {}, "tests": {}, "problems": [],
              "about": {k: first["about"].get(k) for k in ("patched", "pristine") + SERIES},
              "parts": {}, "selection": {}, "kept": []}
    for parts in sets:
        for part in parts:
            report["problems"] += [f"part {part['about']['shard']}: {x}" for x in part["problems"]]
            if "kept" in part["about"]:
                report["kept"].append(f"{'/'.join(part['runs'])} {part['about']['shard']}")
            for fs, runs in part["runs"].items():
                report["parts"][fs] = len(parts)
                report["selection"][fs] = part["about"]["selection"]
                into = report["runs"].setdefault(fs, {})
                for kernel, run in runs.items():
                    r = into.setdefault(kernel, {"tests": {}, "seconds": 0, "reports": [], "excluded": [],
                                                 "crashes": [], "known": []})
                    r["tests"].update(run["tests"])
                    r["crashes"] += run.get("crashes", [])
                    r["known"] += run.get("known", [])
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
            lines.append(f"{kernel} {fs}: {len(v)} tests in {report['parts'][fs]} parts, "
                         f"{v.count('pass')} passed, {v.count('fail')} failed, {v.count('notrun')} not run, "
                         f"{len(r['excluded'])} excluded, {len(r['reports'])} kernel reports, "
                         f"{incidents(r)}{r['seconds']} s")
        if "pristine" in kernels:
            lines.append(failed_on_both(report, fs))
    if report.get("kept"):
        lines.append(f"made on an earlier machine (kept): {', '.join(report['kept'])}")
    lines += [f"problem: {x}" for x in report["problems"]]
    lines.append(f"fstests: {report['verdict'].upper()}: {len(report['problems'])} problems")
    return "\n".join(lines + [""] + verdict_table(report)) + "\n"


def others(out, n, sets):
    """Append to SETS every other complete set in OUT that fits, the newest
    first; say why the others do not."""
    newest = {}
    for path in glob.glob(os.path.join(out, "fstests-shard-*-of-*.json")):
        m = PART.fullmatch(os.path.basename(path))
        if m and int(m.group(2)) != n:
            count = int(m.group(2))
            newest[count] = max(newest.get(count, 0), os.path.getmtime(path))
    for m in sorted(newest, key=lambda count: -newest[count]):
        k = missing(out, m)
        if k:
            print(f"fstests: left out the {m} parts: part {k} is not there")
            continue
        try:
            parts = load(out, m)
        except Stale as e:
            print(f"fstests: left out the {m} parts: {e}")
            continue
        first = sets[0][0]["about"]
        if any(parts[0]["about"].get(k) != first.get(k) for k in SERIES):
            print(f"fstests: left out the {m} parts: made on another series")
            continue
        have = {fs: len(s) for s in sets for fs in s[0]["runs"]}
        both = sorted(set(have) & set(parts[0]["runs"]))
        if both:
            print(f"fstests: left out the {m} parts: {both[0]} is summed from {have[both[0]]} parts")
            continue
        sets.append(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="out/$KID")
    parser.add_argument("--parts", required=True, type=int, help="N of FSTESTS_SHARD=K/N")
    parser.add_argument("--made", type=int, default=0, help="K of the part just made")
    parser.add_argument("--kept", default="", help="parts made earlier (docs/fstests-parts/$KID)")
    args = parser.parse_args()
    if args.kept:
        take_kept(args.out, args.kept, args.parts, args.made)
    k = missing(args.out, args.parts)
    if k:
        print(f"fstests: part {k} of {args.parts} not run yet; "
              f"the whole run's verdict when all {args.parts} are there")
        return 0
    try:
        parts = load(args.out, args.parts)
    except Stale as e:
        print(f"error: fstests: {e}", file=sys.stderr)
        return 1
    sets = [parts]
    others(args.out, args.parts, sets)
    report = merge(sets)
    with open(os.path.join(args.out, "fstests.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(args.out, "fstests.txt"), "w", encoding="utf-8") as f:
        f.write(text(report))
    print(text(report).split("\n\n", maxsplit=1)[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
