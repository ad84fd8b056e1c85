#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The figures paragraph of the cover letter: this toolkit's own
measurements of this tree, read from out/$KID/bench.json (make bench) and
out/$KID/audit-diff.txt (make audit-diff) when they exist, else one line
saying that none were made.  Never anyone else's numbers."""
import argparse
import json
import os
import textwrap


def per_thousand(c):
    if not c or not c["acquisitions"]:
        return "-"
    return f"{1000 * c['contentions'] / c['acquisitions']:.1f}"


def bench_lines(path):
    with open(path, encoding="utf-8") as f:
        b = json.load(f)
    out = [f"Measured with make bench on {b['pristine']} and {b['patched']}, "
           f"QEMU {b['qemu']} under {b['accelerator']}, {b['rounds']} round(s)"
           + (" (QUICK=1: a short run on debug kernels, not figures to quote)"
              if b.get("quick") else "") + "."]
    ls = b.get("lock_stat") or {}
    cells = []
    for kernel in ("pristine", "patched"):
        for row in ls.get(kernel) or []:
            cells.append(f"{kernel} {row['class']} {row['contentions']} contentions"
                         f" in {row['acquisitions']} acquisitions")
    if cells:
        out.append("lock_stat with 2 threads creating, unlinking and reading "
                   "inodes: " + "; ".join(cells) + ".")
    contention = b.get("contention") or {}
    if contention:
        vcpus = list(contention)
        cells = []
        for kernel in ("pristine", "patched"):
            for name in sorted({n for per in contention.values() for n in per[kernel]}):
                cells.append(f"{kernel} {name} " + "/".join(
                    per_thousand(contention[v][kernel].get(name)) for v in vcpus))
        out.append("Contentions per 1,000 acquisitions with a thread per vCPU "
                   f"at {'/'.join(vcpus)} vCPUs: " + "; ".join(cells) + ".")
    costs = b.get("instructions_per_op") or {}
    if costs:
        out.append("Single-thread cost, in guest instructions per operation "
                   f"counted by QEMU -icount ({b.get('cost_qemu', 'one vCPU')}; "
                   "every unshifted round identical; each kernel's lowest count over "
                   "the workloads shifted by "
                   f"{', '.join(str(s) for s in [0] + b.get('cost_shifts_us', []))} us "
                   "of guest sleep), patched/pristine: " + ", ".join(
                       f"{k} {c['ratio']:.4f}" for k, c in costs.items()) + ".")
    rows = b.get("results", [])
    same = [r for r in rows if r.get("ratio_ci95") and
            r["ratio_ci95"][0] <= 1.0 <= r["ratio_ci95"][1]]
    apart = [r for r in rows if r.get("ratio_ci95") and r not in same]
    if rows and len(same) + len(apart) == len(rows):
        out.append(f"Rates (MTTCG, -smp 2): {len(same)} of {len(rows)} "
                   "patched/pristine ratios have a 95% interval (bootstrap "
                   "over rounds) that holds 1.0: no difference measurable"
                   + ("; the others: " + ", ".join(
                       f"{r['fs']}/{r['workload']} at {r['threads']} thread(s) "
                       f"{r['ratio']:.3f} [{r['ratio_ci95'][0]:.3f}, "
                       f"{r['ratio_ci95'][1]:.3f}]" for r in apart) if apart else "")
                   + ".")
    return out


# The locks the series converts and adds, as make audit-diff names them.
SERIES_LOCKS = ("inode_hash_lock", "inode_hash_chain", "s_inode_list_lock",
                "s_inodes", "s_inode_brlock")


def audit_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    cells = []
    for line in lines:
        words = line.split()
        if len(words) >= 3 and words[0] in SERIES_LOCKS and words[1].isdigit():
            cells.append(f"{words[0]} {words[1]} -> {words[2]}")
    left = [line.strip() for line in lines if line.startswith("left over")]
    if not cells:
        return []
    return ["Lock sites, pristine -> patched (make audit-diff): " +
            ", ".join(cells) + ("; " + left[0] if left else "") + "."]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="out/$KID")
    parser.add_argument("--make", required=True, help="how to make them")
    args = parser.parse_args()
    paragraphs = []
    bench = os.path.join(args.out, "bench.json")
    audit = os.path.join(args.out, "audit-diff.txt")
    if os.path.exists(bench):
        paragraphs += bench_lines(bench)
    else:
        paragraphs.append(f"No benchmark of this tree has been made yet "
                          f"({args.make} bench writes the figures that belong here).")
    if os.path.exists(audit):
        paragraphs += audit_lines(audit)
    print("\n\n".join(textwrap.fill(p, 72) for p in paragraphs))


if __name__ == "__main__":
    main()
