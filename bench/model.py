# SPDX-License-Identifier: GPL-2.0-only
"""model.py: past two cores, on paper.

Projects lock contention and throughput to 16 and 64 CPUs from what the
lock_stat boots measured, with exact mean value analysis (MVA) of a
closed queueing network: N CPUs, each running the lockstat mix (unlink1,
unlink2, the cold stat storm) in a loop, spend a think time Z outside the
modelled locks and queue at their instances.  Per kernel and lock class,
calibrated at the smallest vCPU count (2, as many vCPUs as host cores):
  acquisitions per operation   acquisitions / operations,
  demand D (ns per operation)  hold time total / operations,
  Z                            N / throughput - sum of D - wait per op.
A class is one of three kinds:
  global   one instance all CPUs share (inode_hash_lock, the per-sb
           s_inode_list_lock of the one file system under test);
  hashed   K instances picked by hash, the demand spread evenly
           (inode_hash_bucket_lock: K is the chain lock count the
           kernel printed);
  per-cpu  each CPU takes its own (s_inode_brlock/cpu): contention comes
           only from cross-CPU removals, whose share does not grow with
           N, so its rate per acquisition stays as calibrated.
An acquisition is contended when it finds its instance held: by the
arrival theorem, with the probability that the instance is busy with
N - 1 CPUs, U(N - 1) = X(N - 1) * D / K.  The predictions at the other
measured vCPU counts (and, for the global and hashed classes, at the
calibration's own) are checked against lock_stat: the projection is
believed only when more than one count was measured and every check
agrees.  What it leaves out is in bench/README.md.
"""
import os
import re

# Where others reported patched / pristine throughput on big machines
# (../shared/prior-art.md): CPUs or threads, ratio, who and what.  Their
# numbers, on their machines and workloads, drawn beside the model only.
PRIOR_ART = (
    (16, 465 / 389, "Chinner 2023, ext4 fs_mark create, hash-bl"),
    (32, 49.5 / 19.3, "Chinner 2023, ext4 cached walk, dlock-list + hash-bl"),
    (32, 20.5 / 10.3, "Chinner 2023, XFS cached walk"),
    (64, 2.6, "Long 2016, 64 cores, dlock-list, low end"),
    (64, 3.1, "Long 2016, 64 cores, dlock-list, high end"),
)
PROJECT_TO = (1, 2, 4, 8, 16, 32, 64)
# A prediction agrees with lock_stat within this factor, or when both
# are below one contention per 1,000 acquisitions.
AGREE_FACTOR = 2.0
AGREE_FLOOR = 1.0

KINDS = (
    (re.compile(r"(^|[^a-z_])inode_hash_lock$"), "global"),
    (re.compile(r"s_inode_list_lock$"), "global"),
    (re.compile(r"inode_hash_bucket_lock$"), "hashed"),
    (re.compile(r"s_inode_brlock/cpu$"), "per-cpu"),
)


def kind(name):
    """The kind of a lock_stat class, or None for what the model leaves
    out (the brlock's gate, a lockdep map that never waits, and its write
    lock, which these workloads do not take)."""
    base = re.sub(r"-[RW]$", "", name)
    for pattern, k in KINDS:
        if pattern.search(base):
            return k
    return None


def mva(stations, think, n_max):
    """Exact MVA: stations is a list of (demand per operation, instances);
    an operation visits one instance of each, chosen evenly.  Returns
    [(X(n), [utilisation of one instance of each station])] for n = 0 ..
    n_max, X in operations per unit of the demands."""
    queue = [0.0] * len(stations)
    out = [(0.0, [0.0] * len(stations))]
    for n in range(1, n_max + 1):
        resid = [d / k * (1 + q) for (d, k), q in zip(stations, queue)]
        x = n / (think + sum(k * r for (_, k), r in zip(stations, resid)))
        queue = [x * r for r in resid]
        out.append((x, [x * d / k for d, k in stations]))
    return out


def per_thousand(c):
    return 1000 * c["contentions"] / c["acquisitions"] if c["acquisitions"] else 0.0


def calibrate(classes, work, vcpus):
    """The model of one kernel from its lock_stat boot at vcpus: classes
    as bench-report reads them, work its {"ops", "ns", "chain_locks"}."""
    ops, ns = work["ops"], work["ns"]
    if not ops or not ns:
        return None
    model = {"vcpus": vcpus, "classes": {}}
    wait = sum(c["waittime_total_us"] for c in classes.values()) * 1000 / ops
    for name, c in sorted(classes.items()):
        k = kind(name)
        if k is None or not c["acquisitions"]:
            continue
        instances = work.get("chain_locks") if k == "hashed" else 1
        if not instances:
            continue
        model["classes"][name] = {
            "kind": k, "instances": instances,
            "acquisitions_per_op": c["acquisitions"] / ops,
            "demand_ns": c["holdtime_total_us"] * 1000 / ops,
            "per_1000": per_thousand(c)}
    queued = [m["demand_ns"] for m in model["classes"].values() if m["kind"] != "per-cpu"]
    model["think_ns"] = vcpus * ns / ops - sum(queued) - wait
    if model["think_ns"] <= 0:
        return None
    return model


def predict(model, n_max):
    """[(X(n), {class: contentions per 1,000 acquisitions at n CPUs})]."""
    queued = [(name, m) for name, m in model["classes"].items() if m["kind"] != "per-cpu"]
    curve = mva([(m["demand_ns"], m["instances"]) for _, m in queued],
                model["think_ns"], n_max)
    out = []
    for n in range(1, n_max + 1):
        per = {name: 1000 * curve[n - 1][1][i] for i, (name, _) in enumerate(queued)}
        per.update({name: m["per_1000"] for name, m in model["classes"].items()
                    if m["kind"] == "per-cpu"})
        out.append((curve[n][0], per))
    return out


def agrees(predicted, measured):
    if max(predicted, measured) < AGREE_FLOOR:
        return True
    lo, hi = sorted((predicted, measured))
    return lo > 0 and hi / lo <= AGREE_FACTOR


def build(contention, work, kernels):
    """The report's "model": calibration, checks at the other vCPU counts,
    projection to PROJECT_TO CPUs; None without lock_stat work figures."""
    counts = sorted(int(v) for v in contention)
    base = str(counts[0])
    models = {k: calibrate(contention[base][k], work[base][k], counts[0]) for k in kernels}
    if any(m is None for m in models.values()):
        return None
    curves = {k: predict(m, max(PROJECT_TO)) for k, m in models.items()}
    checks = []
    for vcpus in counts:
        for k in kernels:
            for name, m in models[k]["classes"].items():
                if m["kind"] == "per-cpu" and vcpus == counts[0]:
                    continue  # calibrated on it
                c = contention[str(vcpus)][k].get(name)
                measured = per_thousand(c) if c else 0.0
                predicted = curves[k][vcpus - 1][1][name]
                checks.append({"vcpus": vcpus, "kernel": k, "class": name,
                               "predicted_per_1000": predicted,
                               "measured_per_1000": measured,
                               "agrees": agrees(predicted, measured)})
    one = curves[kernels[0]][0][0]
    projection = {str(n): {k: {"throughput_vs_pristine_1cpu": curves[k][n - 1][0] / one,
                               "per_1000": curves[k][n - 1][1]} for k in kernels}
                  for n in PROJECT_TO}
    return {"calibrated_at_vcpus": counts[0], "kernels": models, "checks": checks,
            "believed": len(counts) > 1 and all(c["agrees"] for c in checks),
            "projection": projection}


def text(model, kernels):
    if model is None:
        return ["Model: no figures to calibrate it (a lock_stat boot without BENCH lines)."]
    out = [f"Model (bench/model.py, MVA), calibrated at {model['calibrated_at_vcpus']} "
           "vCPUs on the lock_stat kernels:",
           "{:<9} {:<32} {:<8} {:>9} {:>9} {:>11}".format(
               "kernel", "lock class", "kind", "instances", "acq/op", "hold ns/op")]
    for k in kernels:
        m = model["kernels"][k]
        for name, c in m["classes"].items():
            out.append("{:<9} {:<32} {:<8} {:>9} {:>9.2f} {:>11.1f}".format(
                k, name, c["kind"], c["instances"], c["acquisitions_per_op"], c["demand_ns"]))
        out.append(f"{k:<9} think time outside these locks: {m['think_ns']:.0f} ns per operation")
    if model["checks"]:
        out += ["Checked against lock_stat (contentions per 1,000 acquisitions; "
                "global and hashed classes are calibrated on hold times, not on contentions):",
                "{:>5} {:<9} {:<32} {:>9} {:>9}  {}".format(
                    "vCPUs", "kernel", "lock class", "predicted", "measured", "")]
        for c in model["checks"]:
            out.append("{:>5} {:<9} {:<32} {:>9.2f} {:>9.2f}  {}".format(
                c["vcpus"], c["kernel"], c["class"], c["predicted_per_1000"],
                c["measured_per_1000"], "agrees" if c["agrees"] else "DISAGREES"))
    if model["believed"]:
        out.append(f"The projection below is believed: every check agrees within a factor of "
                   f"{AGREE_FACTOR:g} (or both below {AGREE_FLOOR:g} per 1,000).")
    elif any(not c["agrees"] for c in model["checks"]):
        out.append("The projection below is NOT believed: a check above disagrees with lock_stat.")
    else:
        out.append("The projection below is NOT believed: one vCPU count measured.")
    out += ["{:>5} {:>14} {:>14} {:>8}  {}".format(
        "CPUs", "pristine X", "patched X", "ratio", "contentions per 1,000 acquisitions")]
    for n, per in model["projection"].items():
        x = [per[k]["throughput_vs_pristine_1cpu"] for k in kernels]
        rates = "; ".join(f"{k} {name} {v:.1f}" for k in kernels
                          for name, v in sorted(per[k]["per_1000"].items()))
        out.append(f"{n:>5} {x[0]:>14.2f} {x[1]:>14.2f} {x[1] / x[0]:>8.3f}  {rates}")
    out.append("X: throughput relative to the pristine kernel at one CPU.")
    return out


def gnuplot(model, kernels, out_dir, svg):
    """gnuplot lines drawing svg: the projected patched / pristine ratio
    against CPUs, with the ratios others reported as points."""
    dat = os.path.join(out_dir, "bench-model.dat")
    with open(dat, "w", encoding="utf-8") as f:
        f.write("# CPUs, patched / pristine throughput (model)\n")
        for n, per in model["projection"].items():
            x = [per[k]["throughput_vs_pristine_1cpu"] for k in kernels]
            f.write(f"{n} {x[1] / x[0]}\n")
        f.write("\n\n# CPUs, ratio reported by others (../shared/prior-art.md)\n")
        for n, ratio, _ in PRIOR_ART:
            f.write(f"{n} {ratio}\n")
    verdict = "" if model["believed"] else " (NOT believed: see bench.txt)"
    return f"""set output '{svg}'
set title "Projected patched / pristine throughput, lockstat mix{verdict}"
set ylabel 'patched / pristine throughput'
set xlabel 'CPUs'
set logscale x 2
unset logscale y
set xtics ({", ".join(model["projection"])})
set key top left
plot '{dat}' index 0 using 1:2 with linespoints title 'model, from lock_stat at {model["calibrated_at_vcpus"]} vCPUs', \\
     '{dat}' index 1 using 1:2 with points pointsize 1.5 title 'reported by others (prior-art.md), other machines and workloads'
"""
