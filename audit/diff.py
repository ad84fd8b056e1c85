#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""audit/diff.py PRISTINE.json PATCHED.json: what the series changed.

Prints the site counts of every lock in both trees, then, for every
function that used a lock the series converts, which sites it has in the
patched tree of the locks the series adds ("moved to"), then the users
of converted locks left in the patched tree.  Exits 1 if there is one.
"""
import argparse
import collections
import json
import sys


def main(pristine_file, patched_file):
    with open(pristine_file) as f:
        old = json.load(f)
    with open(patched_file) as f:
        new = json.load(f)
    converted = [l["name"] for l in new["locks"] if l["converted_by_series"]]
    added = {l["name"] for l in new["locks"] if l["added_by_series"]}
    count_old = {l["name"]: l["sites"] for l in old["locks"]}
    print("audit-diff %s: pristine %s -> patched %s" % (
        new["tree"]["kid"], old["tree"]["commit"][:12], new["tree"]["commit"][:12]))
    print()
    fmt = "%-22s %8s %8s  %s"
    print(fmt % ("LOCK", "PRISTINE", "PATCHED", "VERDICT (patched)"))
    for l in new["locks"]:
        if l["sites"] or count_old.get(l["name"]):
            print(fmt % (l["name"], count_old.get(l["name"], 0), l["sites"], l["verdict"]))

    def by_function(doc, names):
        fns = collections.defaultdict(collections.Counter)
        for s in doc["sites"]:
            if s["lock"] in names:
                fns[(s["file"], s["function"])]["%s %s" % (s["lock"], s["mode"])] += 1
        return fns

    def show(counter):
        return ", ".join("%s x%d" % (k, n) for k, n in sorted(counter.items()))

    before = by_function(old, set(converted))
    after = by_function(new, added)
    print()
    print("moved (functions that used %s):" % ", ".join(converted or ["nothing"]))
    for key in sorted(before):
        print("  %s %s: %s\n      -> %s" % (key[0], key[1], show(before[key]),
                                             show(after.get(key, {})) or "no site of a lock the series adds"))
    left = [s for s in new["sites"] if s["lock"] in converted]
    print()
    if not left:
        print("left over: none (%d sites of %s in the pristine tree)" %
              (sum(count_old.get(c, 0) for c in converted), ", ".join(converted)))
        return 0
    print("left over: %d sites of locks this series converts" % len(left))
    for s in left:
        print("  %s:%d %s %s %s" % (s["file"], s["line"], s["function"], s["mode"], s["lock"]))
    return 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the audit of the pristine tree against the patched one")
    parser.add_argument("pristine", help="the pristine tree's audit.json")
    parser.add_argument("patched", help="the patched tree's audit.json")
    args = parser.parse_args()
    sys.exit(main(args.pristine, args.patched))
