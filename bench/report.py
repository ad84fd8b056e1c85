#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench/report.py: make bench's report from the guests' consoles.

Reads DIR/rates-{pristine,patched}-ROUND.log ("BENCH NAME threads=N
rate=R ops=O ns=T" lines, bench/guest/fsbench.c and bench/guest/init,
after "BENCH-FS FS" lines naming their file system),
DIR/cost-{pristine,patched}-{1,2}.log (the same lines from the -icount
boots) and DIR/shifted-{pristine,patched}-US.log (-icount boots with US
microseconds of guest sleep before each workload),
DIR/profile-{pristine,patched}.log (the -icount boots with the function
profiler, bench/profiles.py) and
DIR/lockstat-{pristine,patched}-{2,4,8}.log ("LOCKSTAT" lines,
/proc/lock_stat's class lines, at 2, 4 and 8 vCPUs).  Writes
OUT/bench.json, OUT/bench.txt, and the gnuplot script OUT/bench.gp with
its data files, which draws OUT/bench.svg (rates) and
OUT/bench-contention.svg (contentions per 1,000 acquisitions) and
OUT/bench-model.svg (bench/model.py's projection).  Exits
non-zero, naming the workload, when the two -icount rounds of a kernel
differ: then they measured nothing exact.
"""
import argparse
import glob
import json
import os
import random
import re
import statistics
import sys

import model
import profiles
from console import lines, sections

KERNELS = ("pristine", "patched")
# Workloads in the order the guest runs them, with what they measure.
WORKLOADS = {
    "open1": "close(open()) of a file per thread",
    "open3": "close(open()) of one shared file",
    "unlink1": "unlink(creat()) in one shared directory",
    "unlink2": "unlink(creat()) in a directory per thread",
    "stat-cold": "stat() of every file after drop_caches (ext4 inode reads, inode-hash inserts)",
    "fs_mark": "fs_mark creating empty files, a directory per thread",
    "create": "creat() and close() of new empty files in one directory (fs_mark's shape)",
    "walk-drop_caches": "drop_caches=1: a walk of the superblock's inodes (inodes/s)",
    "walk-umount": "umount: every cached inode evicted (inodes/s)",
}
# fsbench's lines carry ops= and ns=; fs_mark's (bench/guest/init) only a rate.
BENCH = re.compile(r"^BENCH (\S+) threads=(\d+) rate=([0-9.]+)(?: ops=(\d+) ns=(\d+))?(.*)$")
# Rounds of the -icount boots, and the ratio above which a cost is a cost.
COST_ROUNDS = 2
COST_SLACK = 1.005
# /proc/lock_stat: "name: con-bounces contentions waittime-min
# waittime-max waittime-total waittime-avg acq-bounces acquisitions ..."
LOCKSTAT = re.compile(r"^LOCKSTAT (\S+):\s+([0-9.\s]+)$")
# bench/guest/init's lockstat mode: the inode hash's chain lock count.
HASH = re.compile(r"^BENCH-HASH chain-locks (\d+)$")


def read_rates(directory, rounds):
    """samples[(fs, workload, threads)][kernel] = [rate per round], in the
    order the guest ran them; extras["FS/NAME"][kernel]."""
    samples, extras = {}, {}
    for kernel in KERNELS:
        for rnd in range(1, rounds + 1):
            path = os.path.join(directory, f"rates-{kernel}-{rnd}.log")
            if not os.path.exists(path):
                sys.exit(f"{path}: missing")
            seen = 0
            for fs, line in sections(path):
                m = BENCH.match(line)
                if not m:
                    continue
                name, threads, rate, _, _, extra = m.groups()
                if fs is None or name not in WORKLOADS:
                    sys.exit(f"{path}: {name} outside a BENCH-FS section, or unknown")
                key = (fs, name, int(threads))
                samples.setdefault(key, {k: [] for k in KERNELS})[kernel].append(float(rate))
                if extra.strip():
                    extras.setdefault(f"{fs}/{name}", {})[kernel] = extra.strip()
                seen += 1
            if not seen:
                sys.exit(f"{path}: no BENCH line")
    for key, per in samples.items():
        for kernel in KERNELS:
            if len(per[kernel]) != rounds:
                sys.exit(f"{key[0]}/{key[1]} at {key[2]} threads: {len(per[kernel])} "
                         f"results from the {kernel} kernel, not {rounds}")
    return samples, extras


def cost_log(path):
    """{"FS/NAME": instructions per operation} of one -icount console."""
    result = {}
    for fs, line in sections(path):
        m = BENCH.match(line)
        if not m:
            continue
        name, _, _, ops, ns, _ = m.groups()
        if fs is None or name not in WORKLOADS or ops is None:
            sys.exit(f"{path}: {name} outside a BENCH-FS section, unknown, "
                     "or without ops= and ns=")
        result[f"{fs}/{name}"] = int(ns) / int(ops)
    return result


def shift_of(path):
    """The microseconds of DIR/shifted-KERNEL-US.log."""
    return int(os.path.basename(path).rsplit("-", 1)[1].split(".")[0])


def read_costs(directory):
    """costs["FS/NAME"] = {"pristine": [round 1, round 2], "patched": [...],
    "shifted": {kernel: [per shifted round]}, "spread": {kernel: highest /
    lowest - 1}, "ratio": lowest patched / lowest pristine}: instructions
    per operation."""
    rounds = {k: [] for k in KERNELS}
    shifted = {k: [] for k in KERNELS}
    shifts = {}
    for kernel in KERNELS:
        for rnd in range(1, COST_ROUNDS + 1):
            path = os.path.join(directory, f"cost-{kernel}-{rnd}.log")
            if not os.path.exists(path):
                sys.exit(f"{path}: missing")
            rounds[kernel].append(cost_log(path))
        paths = sorted(glob.glob(os.path.join(directory, f"shifted-{kernel}-*.log")),
                       key=shift_of)
        shifted[kernel] = [cost_log(p) for p in paths]
        shifts[kernel] = [shift_of(p) for p in paths]
    if not shifts["pristine"] or shifts["pristine"] != shifts["patched"]:
        sys.exit(f"{directory}: shifted -icount rounds {shifts['pristine']} (pristine) "
                 f"and {shifts['patched']} (patched) microseconds: need the same, at least one")
    keys = list(rounds["pristine"][0])
    if not keys:
        sys.exit(f"{directory}: no cost results")
    costs = {}
    for key in keys:
        per = {}
        for kernel in KERNELS:
            runs = rounds[kernel] + shifted[kernel]
            missing = sum(key not in r for r in runs)
            if missing:
                sys.exit(f"{key}: missing from {missing} -icount console(s) of the "
                         f"{kernel} kernel")
            per[kernel] = [r[key] for r in runs]
            if len(set(per[kernel][:COST_ROUNDS])) != 1:
                sys.exit(f"{key}: the {kernel} kernel's -icount rounds differ "
                         f"({' vs '.join(f'{v:.1f}' for v in per[kernel][:COST_ROUNDS])} "
                         "instructions per operation): the guest was not deterministic")
        costs[key] = {
            "pristine": per["pristine"][:COST_ROUNDS],
            "patched": per["patched"][:COST_ROUNDS],
            "shifted": {k: per[k][COST_ROUNDS:] for k in KERNELS},
            "spread": {k: max(per[k]) / min(per[k]) - 1 for k in KERNELS},
            "ratio": min(per["patched"]) / min(per["pristine"]),
        }
    return costs, shifts["pristine"]


def ratio_ci95(pristine, patched, draws=2000):
    """A bootstrap 95% interval of median(patched) / median(pristine),
    resampling each kernel's rounds; seeded, so the report is the same
    from the same consoles.  None with fewer than 2 rounds: one sample
    has no spread to resample."""
    if min(len(pristine), len(patched)) < 2:
        return None
    rng = random.Random(20090101)
    ratios = sorted(statistics.median(rng.choices(patched, k=len(patched))) /
                    statistics.median(rng.choices(pristine, k=len(pristine)))
                    for _ in range(draws))
    return [ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]]


def read_contention(directory, vcpu_counts):
    """({"vcpus": {kernel: {class: {contentions, acquisitions,
    waittime_total_us, holdtime_total_us}}}}, {"vcpus": {kernel: {ops, ns,
    chain_locks}}}) from the lock_stat boots at each of vcpu_counts: the
    classes' lines, and the operations and nanoseconds of the workloads
    (their BENCH lines, run one after the other) with the chain lock count
    the kernel printed (0: none)."""
    result, work = {}, {}
    for vcpus in vcpu_counts:
        per = result.setdefault(str(vcpus), {})
        for kernel in KERNELS:
            path = os.path.join(directory, f"lockstat-{kernel}-{vcpus}.log")
            if not os.path.exists(path):
                sys.exit(f"{path}: missing")
            classes = per.setdefault(kernel, {})
            done = work.setdefault(str(vcpus), {}).setdefault(
                kernel, {"ops": 0, "ns": 0, "chain_locks": 0})
            for line in lines(path):
                m = BENCH.match(line)
                if m and m.group(4) is not None:
                    done["ops"] += int(m.group(4))
                    done["ns"] += int(m.group(5))
                    continue
                m = HASH.match(line)
                if m:
                    done["chain_locks"] = int(m.group(1))
                    continue
                m = LOCKSTAT.match(line)
                if not m:
                    continue
                n = [float(x) for x in m.group(2).split()]
                if len(n) < 11:
                    sys.exit(f"{path}: a lock_stat line with {len(n)} numbers: {line}")
                classes[m.group(1)] = {
                    "contentions": int(n[1]), "acquisitions": int(n[7]),
                    "waittime_total_us": n[4], "holdtime_total_us": n[10]}
    return result, work


def summary(values):
    return {"samples": values, "median": statistics.median(values),
            "min": min(values), "max": max(values)}


def build_report(args):
    samples, extras = read_rates(args.dir, args.rounds)
    order = list(WORKLOADS)
    systems = list(dict.fromkeys(fs for fs, _, _ in samples))
    rows = []
    for (fs, name, threads) in sorted(samples, key=lambda k: (systems.index(k[0]),
                                                              order.index(k[1]), k[2])):
        per = samples[(fs, name, threads)]
        row = {"fs": fs, "workload": name, "threads": threads, "what": WORKLOADS[name]}
        for kernel in KERNELS:
            row[kernel] = summary(per[kernel])
        row["ratio"] = row["patched"]["median"] / row["pristine"]["median"]
        row["ratio_ci95"] = ratio_ci95(per["pristine"], per["patched"])
        rows.append(row)
    scaling = {}
    for fs in systems:
        for name in order:
            one = [r for r in rows if (r["fs"], r["workload"], r["threads"]) == (fs, name, 1)]
            two = [r for r in rows if (r["fs"], r["workload"], r["threads"]) == (fs, name, 2)]
            if one and two:
                scaling[f"{fs}/{name}"] = {k: two[0][k]["median"] / (2 * one[0][k]["median"])
                                           for k in KERNELS}
    contention, work = read_contention(args.dir, args.vcpus)
    costs, shifts = read_costs(args.dir)
    return {
        "pristine": args.pristine,
        "patched": args.patched,
        "qemu": "-smp 64 -m 1024, maxcpus=2 (2 vCPUs online, 64 possible)",
        "accelerator": args.accel,
        "rounds": args.rounds,
        "quick": args.quick == "1",
        "unit": "operations per second (walk-*: inodes per second)",
        "results": rows,
        "scaling_efficiency": scaling,
        "walk_inodes": {key.split("/")[0]: per for key, per in extras.items()
                        if key.endswith("/walk-umount")},
        "contention": contention,
        # The rows of the first vCPU count (2), as the cover letter quotes them.
        "lock_stat": {k: [{"class": c, "contentions": v["contentions"],
                           "acquisitions": v["acquisitions"]}
                          for c, v in contention[str(args.vcpus[0])][k].items()]
                      for k in KERNELS},
        "lockstat_work": work,
        "model": model.build(contention, work, KERNELS),
        "instructions_per_op": costs,
        "cost_shifts_us": shifts,
        "attribution": profiles.attribute(
            {k: profiles.read(os.path.join(args.dir, f"profile-{k}.log"))
             for k in KERNELS}, costs, KERNELS),
        "cost_qemu": "-accel tcg -icount shift=0,sleep=off,align=off "
                     "-rtc clock=vm -smp 1 -m 1024, ext4 and XFS on brd, tmpfs",
    }


def text(report):
    out = [f"make bench: {report['pristine']} (pristine) and {report['patched']} (patched)",
           f"QEMU {report['qemu']}, accelerator: {report['accelerator']}; "
           f"{report['rounds']} round(s), the two kernels booted alternately"
           + ("; QUICK=1: short runs on the lock_stat (debug) kernels that prove"
              " the path, not figures to quote" if report["quick"] else ""),
           f"Rates in {report['unit']}: median [min - max] of the rounds.", ""]
    fmt = "{:<23} {:>3}  {:>30}  {:>30}  {:>7}  {}"
    out.append(fmt.format("fs/workload", "thr", "pristine", "patched", "ratio",
                          "95% interval (bootstrap over rounds)"))
    for r in report["results"]:
        cells = [f"{r[k]['median']:.0f} [{r[k]['min']:.0f} - {r[k]['max']:.0f}]" for k in KERNELS]
        if r["ratio_ci95"] is None:
            interval = "none: one round"
        else:
            lo, hi = r["ratio_ci95"]
            interval = f"[{lo:.3f} - {hi:.3f}]" + (
                " no difference measurable" if lo <= 1.0 <= hi else "")
        out.append(fmt.format(f"{r['fs']}/{r['workload']}", r["threads"], *cells,
                              f"{r['ratio']:.3f}",
                              interval))
    out += ["", "Scaling efficiency: 2-thread rate / (2 x 1-thread rate), medians; 1.0 is perfect.",
            "{:<23} {:>9} {:>9}".format("fs/workload", "pristine", "patched")]
    for name, eff in report["scaling_efficiency"].items():
        out.append("{:<23} {:>9.3f} {:>9.3f}".format(name, eff["pristine"], eff["patched"]))
    for fs, per in report["walk_inodes"].items():
        for kernel, extra in per.items():
            out.append(f"walk on {fs}: {extra} cached (/proc/sys/fs/inode-nr) before the "
                       f"walk, {kernel}")
    shifts = ", ".join(str(s) for s in report["cost_shifts_us"])
    out += ["", f"Guest instructions per operation, one thread, QEMU {report['cost_qemu']}: "
            f"each kernel booted {COST_ROUNDS} times, the rounds identical to the instruction,",
            f"then once per shift ({shifts} us of guest sleep before each workload, so that "
            "timers and background work land elsewhere in its section).",
            "A kernel's figure is its lowest; spread: its highest / lowest - 1, what "
            "background work moves a count.",
            "{:<24} {:>12} {:>12} {:>7} {:>8} {:>8}".format(
                "fs/workload", "pristine", "patched", "ratio", "spread", "spread")]
    for key, c in report["instructions_per_op"].items():
        flag = f"  above {COST_SLACK}" if c["ratio"] > COST_SLACK else ""
        low = {k: min(c[k] + c["shifted"][k]) for k in KERNELS}
        out.append("{:<24} {:>12.1f} {:>12.1f} {:>7.4f} {:>7.2f}% {:>7.2f}%{}".format(
            key, low["pristine"], low["patched"], c["ratio"],
            100 * c["spread"]["pristine"], 100 * c["spread"]["patched"], flag))
    out += [""] + profiles.text(report["attribution"], report["instructions_per_op"],
                                     COST_SLACK, KERNELS)
    out += ["", "lock_stat kernels (lockdep's lock statistics on), a thread per vCPU of "
            "unlink1, unlink2 and the cold stat storm;",
            "per 1000: contentions per 1,000 acquisitions; wait: total wait time "
            "in microseconds (emulated vCPUs: compare, do not read as hardware time).",
            "{:>5} {:<9} {:<32} {:>11} {:>12} {:>9} {:>11}".format(
                "vCPUs", "kernel", "lock class", "contentions", "acquisitions",
                "per 1000", "wait us")]
    for vcpus, per in report["contention"].items():
        for kernel in KERNELS:
            for name, c in sorted(per[kernel].items()) or [("(none reported)", None)]:
                if c is None:
                    out.append(f"{vcpus:>5} {kernel:<9} {name}")
                    continue
                out.append("{:>5} {:<9} {:<32} {:>11} {:>12} {:>9.2f} {:>11.1f}".format(
                    vcpus, kernel, name, c["contentions"], c["acquisitions"],
                    model.per_thousand(c), c["waittime_total_us"]))
    out += [""] + model.text(report["model"], KERNELS)
    out += ["", "What each workload does:"]
    out += [f"  {name}: {what}" for name, what in WORKLOADS.items()]
    return "\n".join(out) + "\n"


def plot(report, out):
    dat = os.path.join(out, "bench.dat")
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# label pristine-median min max patched-median min max\n")
        for r in report["results"]:
            p, q = r["pristine"], r["patched"]
            f.write(f"{r['fs']}/{r['workload']}/{r['threads']} {p['median']} {p['min']} {p['max']} "
                    f"{q['median']} {q['min']} {q['max']}\n")
    title = f"{report['patched']} vs pristine, QEMU -smp 2 ({report['accelerator'].split()[0]})"
    with open(os.path.join(out, "bench.gp"), "w", encoding="utf-8") as f:
        f.write(f"""set terminal svg size 1500,520 dynamic noenhanced font 'sans,11'
set output '{os.path.join(out, "bench.svg")}'
set title "{title}"
set ylabel 'operations (walk: inodes) per second, median and range'
set xlabel 'workload/threads'
set logscale y
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.6 border -1
set xtics rotate by -35
set key top right
set grid ytics
plot '{dat}' using 2:3:4:xtic(1) title 'pristine', '' using 5:6:7 title 'patched'
""")
        f.write(contention_plot(report, out))
        if report["model"] is not None:
            f.write(model.gnuplot(report["model"], KERNELS, out,
                                        os.path.join(out, "bench-model.svg")))


def contention_plot(report, out):
    """gnuplot lines drawing bench-contention.svg: contentions per 1,000
    acquisitions against vCPUs, a line per kernel and lock class."""
    series = sorted({(k, c) for per in report["contention"].values()
                     for k in KERNELS for c in per[k]})
    dat = os.path.join(out, "bench-contention.dat")
    with open(dat, "w", encoding="utf-8") as f:
        for kernel, name in series:
            f.write(f"# {kernel} {name}: vCPUs, contentions per 1000 acquisitions\n")
            for vcpus, per in report["contention"].items():
                c = per[kernel].get(name)
                if c:
                    f.write(f"{vcpus} {model.per_thousand(c)}\n")
            f.write("\n\n")
    plots = ", ".join(f"'{dat}' index {i} using 1:2 with linespoints title '{k}: {c}'"
                      for i, (k, c) in enumerate(series))
    return f"""set output '{os.path.join(out, "bench-contention.svg")}'
set title "lock_stat contentions per 1,000 acquisitions, a thread per vCPU (QEMU TCG)"
set ylabel 'contentions per 1,000 acquisitions'
set xlabel 'vCPUs'
unset logscale y
unset xtics
set xtics ({", ".join(report["contention"])})
set style data linespoints
set key top left
plot {plots or "0 title 'no lock classes reported'"}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for option in ("dir", "accel", "quick", "pristine", "patched", "out"):
        parser.add_argument("--" + option, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--vcpus", type=int, nargs="+", required=True,
                        help="vCPU counts of the lock_stat boots, the first quoted alone")
    args = parser.parse_args()
    report = build_report(args)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "bench.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    with open(os.path.join(args.out, "bench.txt"), "w", encoding="utf-8") as f:
        f.write(text(report))
    plot(report, args.out)


if __name__ == "__main__":
    main()
