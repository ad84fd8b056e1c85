#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""audit/report.py CONF RAW META TOPICS OUTDIR: the audit of one tree.

RAW is what cocci/audit/sites.cocci and nesting.cocci printed ("site",
"nest" and "call" lines), META a JSON object describing the tree, TOPICS
the series topics this toolkit has rules for (space separated).  Writes
OUTDIR/audit.json, audit.txt and lock-order.dot.
"""
import argparse
import collections
import json
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import audit_locks  # noqa: E402


def parse(raw):
    sites, nests, calls = [], [], []
    for line in raw:
        w = line.split()
        if not w:
            continue
        file, lineno = w[1].rsplit(":", 1)
        if w[0] == "site" and len(w) == 5:
            sites.append({"lock": w[4], "file": file, "line": int(lineno),
                          "function": w[2], "mode": w[3]})
        elif w[0] == "nest" and len(w) == 7 and w[6] != lineno:
            # (the same site again around a loop is no nesting)
            nests.append({"outer": w[3], "inner": w[5], "file": file,
                          "line": int(lineno), "function": w[2],
                          "inner_line": int(w[6]), "via": None})
        elif w[0] == "call" and len(w) == 5:
            calls.append((file, int(lineno), w[2], w[3], w[4]))
        else:
            if w[0] != "nest":
                sys.exit("error: audit: cannot read spatch output line: " + line)
    return sites, nests, calls


def through_calls(sites, calls):
    """Pairs outer -> inner where inner is taken by a function called
    while outer is held: the callee's definition in the same file, else
    the only file that defines a function of that name with sites."""
    taken = collections.defaultdict(lambda: collections.defaultdict(set))
    for s in sites:
        taken[s["function"]][s["file"]].add(s["lock"])
    pairs = set()
    for file, line, function, outer, callee in calls:
        defs = taken.get(callee)
        if not defs:
            continue
        locks = defs.get(file) or (next(iter(defs.values())) if len(defs) == 1 else None)
        for inner in sorted(locks or ()):
            pairs.add((outer, inner, file, line, function, callee))
    return [{"outer": o, "inner": i, "file": f, "line": ln, "function": fn,
             "inner_line": None, "via": c} for o, i, f, ln, fn, c in sorted(pairs)]


def verdict(t, name, n, meta, topics):
    about = t.about.get(name, "")
    patched = meta["which"] == "patched"
    topic = t.series.get(name)
    if topic in topics:
        if not patched:
            return "%s; this series converts it" % about
        return "converted by this series" if n == 0 else \
            "LEFT OVER: %d sites; this series converts it" % n
    if topic and n:
        return "%s; converted by the %s rules, not in this toolkit yet" % (about, topic)
    if name in t.added:
        return ("added by this series: " + about) if n else "not in this tree (added by this series)"
    return about if n else "not in this tree: " + about


def main(conf, raw, metafile, topics, outdir):
    t = audit_locks.Table(conf)
    with open(metafile) as f:
        meta = json.load(f)
    topics = set(topics.split())
    with open(raw) as f:
        sites, nests, calls = parse(f)
    sites.sort(key=lambda s: (s["lock"], s["file"], s["line"], s["mode"]))
    nests += through_calls(sites, calls)
    nests = sorted({json.dumps(n, sort_keys=True) for n in nests})
    nests = [json.loads(n) for n in nests]
    nests.sort(key=lambda n: (n["outer"], n["inner"], n["file"], n["line"]))
    names = list(dict.fromkeys(lock.name for lock in t.locks))
    locks = []
    for name in names:
        mine = [s for s in sites if s["lock"] == name]
        fam, scope = t.family(name)
        modes = collections.Counter(s["mode"] for s in mine)
        locks.append({"name": name, "family": fam, "scope": scope,
                      "exists": bool(mine), "sites": len(mine),
                      "files": len({s["file"] for s in mine}),
                      "modes": dict(sorted(modes.items())),
                      "converted_by_series": t.series.get(name) in topics,
                      "added_by_series": name in t.added,
                      "verdict": verdict(t, name, len(mine), meta, topics)})
    doc = {"schema": 1, "tree": meta, "locks": locks, "sites": sites,
           "nesting": nests}
    with open(outdir + "/audit.json", "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    with open(outdir + "/audit.txt", "w") as f:
        f.write(table(doc))
    with open(outdir + "/lock-order.dot", "w") as f:
        f.write(graph(doc))


def table(doc):
    m = doc["tree"]
    out = ["audit of %s: Linux %s, %s tree (%s, commit %s)" %
           (m["kid"], m["version"], m["which"], m["path"], m["commit"][:12]), ""]
    fmt = "%-22s %-14s %-15s %5s %5s  %s"
    out.append(fmt % ("LOCK", "FAMILY", "SCOPE", "SITES", "FILES", "VERDICT"))
    for l in doc["locks"]:
        out.append(fmt % (l["name"], l["family"], l["scope"], l["sites"],
                          l["files"], l["verdict"]))
    out += ["", "nesting (outer -> inner: places; of which through a direct call):"]
    pairs = collections.Counter((n["outer"], n["inner"]) for n in doc["nesting"])
    via = collections.Counter((n["outer"], n["inner"]) for n in doc["nesting"] if n["via"])
    for (o, i), n in sorted(pairs.items()):
        out.append("  %-45s %4d; %d" % ("%s -> %s" % (o, i), n, via[(o, i)]))
    out.append("")
    return "\n".join(out)


def graph(doc):
    out = ["digraph lock_order {", '\trankdir=LR;', '\tnode [shape=box, fontsize=10];']
    used = set()
    pairs = collections.Counter((n["outer"], n["inner"]) for n in doc["nesting"])
    direct = {(n["outer"], n["inner"]) for n in doc["nesting"] if not n["via"]}
    for (o, i), n in sorted(pairs.items()):
        used.update((o, i))
        style = "solid" if (o, i) in direct else "dashed"
        out.append('\t"%s" -> "%s" [label="%d", style=%s];' % (o, i, n, style))
    for l in doc["locks"]:
        if l["name"] in used:
            out.append('\t"%s" [label="%s\\n%s, %d sites"];' %
                       (l["name"], l["name"], l["scope"], l["sites"]))
    out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="make audit's outputs from spatch's raw report")
    parser.add_argument("conf", help="cocci/audit/locks.conf")
    parser.add_argument("raw", help="the rules' report lines")
    parser.add_argument("meta", help="the tree's description (JSON)")
    parser.add_argument("topics", help="the topics of cocci/*.cocci, space-separated")
    parser.add_argument("outdir")
    args = parser.parse_args()
    main(args.conf, args.raw, args.meta, args.topics, args.outdir)
