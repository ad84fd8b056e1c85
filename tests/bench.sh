#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh report: bench/report.py on made-up consoles (medians,
#   ratios and their intervals, scaling efficiency, lock_stat rows per
#   vCPU count and their plot, instructions per operation, missing
#   results, -icount rounds that differ).
# bench.sh run KVER: "make bench QUICK=1" on a tree that make series has
#   made, its bad input, and the files it writes.  Benchmarks report
#   figures and do not pass or fail on them: these checks are about the
#   path (every workload ran on both kernels, lock_stat saw the locks each
#   kernel has), not about speed.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
mode=${1:?usage: bench.sh report | run KVER}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# console DIR KERNEL ROUND RATE...: a made-up rates console, a KTAP
# report as bench/guest/init prints it: on ext4, one open1 result per RATE
# (its thread count is the argument's position) and fs_mark's; on xfs,
# one unlink2 result (10 x ROUND).
console() {
	local dir=$1 kernel=$2 round=$3 threads=0
	shift 3
	{
		printf '%s\r\n' 'KTAP version 1' '# BENCH-FS ext4'
		for rate in "$@"; do
			threads=$((threads + 1))
			printf '# BENCH open1 threads=%d rate=%s ops=1 ns=1\r\n' "$threads" "$rate"
			printf 'ok %d fsbench rate open1 %d 1 /mnt\r\n' "$threads" "$threads"
		done
		# fs_mark's line (bench/guest/init) has a rate only.
		printf '# BENCH fs_mark threads=1 rate=%s\r\n' "$round"
		printf '%s\r\n' '# BENCH-FS xfs' "# BENCH unlink2 threads=1 rate=${round}0 ops=1 ns=1"
	} >"$dir/rates-$kernel-$round.log"
}

# cost DIR NAME NS: a made-up -icount console DIR/NAME.log: open1 on ext4
# (1000 operations in NS ns) and walk-umount on tmpfs (500 in 1000000).
cost() {
	printf '%s\r\n' '# BENCH-FS ext4' "# BENCH open1 threads=1 rate=1 ops=1000 ns=$3" \
		'# BENCH-FS tmpfs' '# BENCH walk-umount threads=1 rate=1 ops=500 ns=1000000 inodes=9' \
		>"$1/$2.log"
}

# profile DIR KERNEL: a made-up profile console, the cost workloads with
# their real instructions plus 100 per call (the profiler's own): on
# ext4, open1 (1000 operations) spends 1500 instructions per operation in
# path_openat and 500 in two calls of do_dentry_open, and the patched
# kernel 10 more in one call of br_read_lock; on tmpfs, walk-umount (500
# inodes) 2000 per inode in evict.
profile() {
	local ns=2300000 lines=2
	[ "$2" = pristine ] || ns=2410000 lines=3
	{
		printf '%s\r\n' 'BENCH-FS ext4' "BENCH open1 threads=1 rate=1 ops=1000 ns=$ns" \
			'PROFILE open1 0 path_openat    1000    1600.000 us     1.600 us        0.000 us' \
			'PROFILE open1 0 do_dentry_open    2000    700.000 us     0.350 us        0.000 us'
		[ "$2" = pristine ] ||
			printf '%s\r\n' 'PROFILE open1 0 br_read_lock    1000    110.000 us     0.110 us        0.000 us'
		printf '%s\r\n' "PROFILE-END open1 $lines" \
			'BENCH-FS tmpfs' 'BENCH walk-umount threads=1 rate=1 ops=500 ns=1050000 inodes=9' \
			'PROFILE walk-umount 0 evict    500    1050.000 us     2.100 us        0.000 us' \
			'PROFILE-END walk-umount 1'
	} >"$1/profile-$2.log"
}

made_up() {
	local dir=$tmp/consoles
	mkdir -p "$dir"
	console "$dir" pristine 1 100 150
	console "$dir" pristine 2 400 170
	console "$dir" pristine 3 170 160
	console "$dir" patched 1 210 400
	console "$dir" patched 2 190 380
	console "$dir" patched 3 200 390
	for vcpus in 2 4 8; do
		printf 'LOCKSTAT &s->s_inode_list_lock:  5  %d  0.1 0.2 %d.5 0.1  9  1234  0.1 0.2 0.3 0.1\n' \
			$((vcpus * 7 / 2)) "$vcpus" >"$dir/lockstat-pristine-$vcpus.log"
		printf '%s\n' 'LOCKSTAT inode_hash_bucket_lock:  0  0  0 0 0 0  3  99  0.1 0.2 0.3 0.1' \
			'BENCH-HASH chain-locks 512' >"$dir/lockstat-patched-$vcpus.log"
		for kernel in pristine patched; do
			printf 'BENCH unlink1 threads=%d rate=1 ops=1000 ns=2000000\n' "$vcpus" \
				>>"$dir/lockstat-$kernel-$vcpus.log"
		done
	done
	cost "$dir" cost-pristine-1 2000000
	cost "$dir" cost-pristine-2 2000000
	cost "$dir" cost-patched-1 2010000
	cost "$dir" cost-patched-2 2010000
	# Shifted: the pristine kernel's open1 lower (background work had
	# landed in its unshifted section), the patched one's higher.
	cost "$dir" shifted-pristine-1777 1990000
	cost "$dir" shifted-patched-1777 2020000
	profile "$dir" pristine
	profile "$dir" patched
}

report() {
	python3 "$TOP/bench/report.py" --dir "$tmp/consoles" --rounds 3 --accel tcg \
		--quick 0 --vcpus 2 4 8 --pristine A --patched B --out "$tmp/report"
}

figures() {
	report || return 1
	cat "$tmp/report/bench.txt"
	python3 - "$tmp/report/bench.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
one, two, fsm, xfs = r["results"]
assert (fsm["workload"], fsm["pristine"]["samples"]) == ("fs_mark", [1, 2, 3]), fsm
assert (one["fs"], one["workload"], one["threads"]) == ("ext4", "open1", 1)
assert (xfs["fs"], xfs["workload"], xfs["patched"]["samples"]) == ("xfs", "unlink2", [10, 20, 30]), xfs
assert one["pristine"] == {"samples": [100, 400, 170], "median": 170, "min": 100, "max": 400}
assert one["patched"]["median"] == 200 and abs(one["ratio"] - 200 / 170) < 1e-9
assert two["pristine"]["median"] == 160 and two["patched"]["median"] == 390
assert abs(two["ratio"] - 390 / 160) < 1e-9
assert r["scaling_efficiency"] == {"ext4/open1": {"pristine": 160 / 340, "patched": 0.975}}
assert r["lock_stat"]["pristine"] == [
    {"class": "&s->s_inode_list_lock", "contentions": 7, "acquisitions": 1234}]
assert r["lock_stat"]["patched"][0]["acquisitions"] == 99
# Contention per vCPU count: 7, 14 and 28 contentions, wait totals read.
c = r["contention"]
assert sorted(c) == ["2", "4", "8"], c
assert [c[v]["pristine"]["&s->s_inode_list_lock"]["contentions"] for v in ("2", "4", "8")] == [7, 14, 28]
assert c["8"]["pristine"]["&s->s_inode_list_lock"]["waittime_total_us"] == 8.5
assert c["4"]["patched"] == {"inode_hash_bucket_lock": {
    "contentions": 0, "acquisitions": 99, "waittime_total_us": 0, "holdtime_total_us": 0.3}}
# 1-thread rounds overlap: the interval holds 1; 2-thread ones do not.
lo, hi = one["ratio_ci95"]
assert lo < 1 < hi and lo >= 210 / 400 and hi <= 210 / 100, (lo, hi)
assert two["ratio_ci95"][0] > 1, two["ratio_ci95"]
c = r["instructions_per_op"]
assert c["ext4/open1"] == {"pristine": [2000, 2000], "patched": [2010, 2010],
                          "shifted": {"pristine": [1990], "patched": [2020]},
                          "spread": {"pristine": 2000 / 1990 - 1, "patched": 2020 / 2010 - 1},
                          "ratio": 2010 / 1990}, c
assert r["cost_shifts_us"] == [1777], r["cost_shifts_us"]
assert c["tmpfs/walk-umount"]["ratio"] == 1 and c["tmpfs/walk-umount"]["patched"] == [2000, 2000]
# The profiler's 100 instructions per call found from the counts, and the
# difference put on br_read_lock, the profiler's share included.
a = r["attribution"]
o = a["ext4/open1"]
assert round(o["counted_delta"], 6) == 10 and round(o["profiled_delta"], 6) == 110, o
assert o["calls_delta"] == 1, o
for k in ("pristine", "patched"):
    assert round(o["kernels"][k]["overhead_per_call"], 6) == 100, o
    assert round(o["kernels"][k]["coverage"], 6) == 1, o
top = o["functions"][0]
assert top["function"] == "br_read_lock" and top["calls"] == [0, 1], top
assert [round(v, 6) for v in top["instructions"]] == [0, 110], top
assert all(abs(f["delta"]) < 1e-6 for f in o["functions"][1:]), o
assert o["only_in"] == {"pristine": [], "patched": ["br_read_lock"]}, o
assert abs(a["tmpfs/walk-umount"]["profiled_delta"]) < 1e-6, a
EOF
	grep -q '^ext4/open1  *1 .*no difference measurable$' "$tmp/report/bench.txt" &&
		grep -q '^xfs/unlink2  *1 .*no difference measurable$' "$tmp/report/bench.txt" &&
		grep -q '^ext4/open1  *1990.0  *2010.0  *1.0101  *0.50%  *0.50%  above 1.005$' "$tmp/report/bench.txt" &&
		grep -q '^then once per shift (1777 us of guest sleep' "$tmp/report/bench.txt" &&
		grep -q '^ext4/open1: ratio 1.0101, counted unshifted +10.0 instructions per operation; profiled section +110.0, calls +1.00$' "$tmp/report/bench.txt" &&
		grep -q '^  profiler per call 100 (pristine), 100 (patched); own times cover 100% (pristine), 100% (patched) of the section$' "$tmp/report/bench.txt" &&
		grep -q '^  br_read_lock  *0.00  *1.00  *0.0  *110.0  *+110.0$' "$tmp/report/bench.txt" &&
		grep -q '^  only patched calls: br_read_lock$' "$tmp/report/bench.txt" &&
		grep -q '^    8 pristine  &s->s_inode_list_lock  *28  *1234  *22.69  *8.5$' "$tmp/report/bench.txt"
}

# fails_without CONSOLE PATTERN: with the made-up CONSOLE put away, the
# report fails with an error matching PATTERN; CONSOLE is back after.
fails_without() {
	local log=$tmp/consoles/$1 rc=0
	mv "$log" "$log.away"
	if report 2>"$tmp/err"; then
		rc=1
	fi
	mv "$log.away" "$log"
	cat "$tmp/err"
	[ "$rc" = 0 ] && grep -q "$2" "$tmp/err"
}

missing_lockstat() {
	fails_without lockstat-patched-4.log 'lockstat-patched-4.log: missing'
}

missing_round() {
	rm "$tmp/consoles/rates-patched-2.log"
	if report 2>"$tmp/err"; then
		return 1
	fi
	cat "$tmp/err"
	grep -q 'rates-patched-2.log: missing' "$tmp/err"
}

# A rate line before any BENCH-FS line: the report cannot say which file
# system it measured, and fails.
no_fs() {
	local log=$tmp/consoles/rates-pristine-1.log rc=0
	cp "$log" "$log.kept"
	sed -i '/^# BENCH-FS ext4/d' "$log"
	if report 2>"$tmp/err"; then
		rc=1
	fi
	mv "$log.kept" "$log"
	cat "$tmp/err"
	[ "$rc" = 0 ] && grep -q 'rates-pristine-1.log: open1 outside a BENCH-FS section' "$tmp/err"
}

# Two -icount rounds of one kernel that differ: the report fails and
# names the workload.
cost_drift() {
	cost "$tmp/consoles" cost-patched-2 2010001
	if report 2>"$tmp/err"; then
		return 1
	fi
	cat "$tmp/err"
	grep -q "^ext4/open1: the patched kernel's -icount rounds differ (2010.0 vs 2010.0" "$tmp/err"
}

# A shifted -icount round of one kernel only: the kernels' lowest counts
# would come from different placements, so the report fails.
unpaired_shift() {
	fails_without shifted-patched-1777.log 'shifted -icount rounds \[1777\] (pristine) and \[\] (patched)'
}

# A profile console without one of the cost workloads, with a PROFILE
# line lost, or with one that follows no BENCH line of its own: the
# report fails, saying so.
profile_gaps() {
	local log=$tmp/consoles/profile-patched.log rc=0
	cp "$log" "$log.kept"
	sed -i '/walk-umount/d' "$log"
	report 2>"$tmp/err" && rc=1
	cat "$tmp/err"
	grep -q '^the profile boots have no tmpfs/walk-umount$' "$tmp/err" || rc=1
	sed -i '/br_read_lock/d' "$log"
	report 2>"$tmp/err" && rc=1
	cat "$tmp/err"
	grep -q 'profile-patched.log: ext4/open1: 2 PROFILE lines read of the 3 printed$' "$tmp/err" || rc=1
	sed -i '/^BENCH open1/d' "$log"
	report 2>"$tmp/err" && rc=1
	cat "$tmp/err"
	grep -q 'profile-patched.log: a PROFILE line of open1 not after its BENCH line$' "$tmp/err" || rc=1
	mv "$log.kept" "$log"
	return "$rc"
}

# QUICK's single vCPU count: the report and both plots still come out.
one_vcpu_count() {
	python3 "$TOP/bench/report.py" --dir "$tmp/consoles" --rounds 3 --accel tcg \
		--quick 1 --vcpus 2 --pristine A --patched B --out "$tmp/one" &&
		gnuplot "$tmp/one/bench.gp" &&
		grep -q '<svg' "$tmp/one/bench.svg" "$tmp/one/bench-contention.svg" &&
		grep -q '^    2 pristine  &s->s_inode_list_lock ' "$tmp/one/bench.txt"
}

# The model (bench/model.py) on figures worked out by hand: one
# global lock held 100 ns of a 1000 ns operation.
model() {
	PYTHONPATH=$TOP/bench python3 - <<'EOF'
import model as m

# MVA: one CPU runs at 1 / (Z + D); many saturate the lock at 1 / D.
x = m.mva([(100.0, 1)], 900.0, 64)
assert abs(x[1][0] - 1 / 1000) < 1e-12 and abs(x[1][1][0] - 0.1) < 1e-12, x[1]
assert abs(x[2][0] - 2 / (900 + 100 * 1.1)) < 1e-12, x[2]
assert all(a[0] <= b[0] <= 1 / 100 for a, b in zip(x[1:], x[2:])) and x[64][0] > 0.99 / 100
# The same demand spread over 1000 instances barely queues.
y = m.mva([(100.0, 1000)], 900.0, 64)
assert y[64][0] > 0.99 * 64 / 1000 and y[64][1][0] < 0.07, y[64]


def lock(contentions, acquisitions, hold_us):
    return {"contentions": contentions, "acquisitions": acquisitions,
            "waittime_total_us": 0.0, "holdtime_total_us": hold_us}


def run(measured4):
    # 2 vCPUs: 1000 operations in 500 us, so 1000 ns an operation a CPU;
    # the global lock held 100 us in all: 100 ns an operation.  At 4,
    # measured4 contentions of 100,000 acquisitions.
    contention = {
        "2": {"pristine": {"inode_hash_lock": lock(100, 1000, 100.0),
                           "&sb->s_inode_brlock": lock(0, 2000, 100.0)},
              "patched": {"inode_hash_bucket_lock": lock(0, 2000, 100.0),
                          "&sb->s_inode_brlock/cpu": lock(1, 1000, 10.0)}},
        "4": {"pristine": {"inode_hash_lock": lock(measured4, 100000, 1.0)},
              "patched": {"inode_hash_bucket_lock": lock(0, 1000, 1.0),
                          "&sb->s_inode_brlock/cpu": lock(1, 1000, 1.0)}}}
    work = {v: {"pristine": {"ops": 1000, "ns": 500000, "chain_locks": 0},
                "patched": {"ops": 1000, "ns": 500000, "chain_locks": 1024}}
            for v in ("2", "4")}
    return m.build(contention, work, ("pristine", "patched"))


# With 3 CPUs queueing, the lock is busy X(3) * D of the time.
busy3 = m.mva([(100.0, 1)], 900.0, 3)[3][1][0]
r = run(measured4=round(100000 * busy3))
p = r["kernels"]["pristine"]
# The gate (a lockdep map) is left out; Z = 2 * 500000 / 1000 - 100.
assert list(p["classes"]) == ["inode_hash_lock"] and p["think_ns"] == 900, p
q = r["kernels"]["patched"]["classes"]
assert q["inode_hash_bucket_lock"]["instances"] == 1024, q
assert q["&sb->s_inode_brlock/cpu"]["kind"] == "per-cpu", q
checks = {(c["vcpus"], c["kernel"], c["class"]): c for c in r["checks"]}
# At 2 CPUs the other one holds the lock 10% of the time: 100 per 1,000,
# as measured; the per-CPU class is checked at 4 only, at its own rate.
c = checks[(2, "pristine", "inode_hash_lock")]
assert abs(c["predicted_per_1000"] - 100) < 1e-9 and c["agrees"], c
assert (2, "patched", "&sb->s_inode_brlock/cpu") not in checks, checks
assert checks[(4, "patched", "&sb->s_inode_brlock/cpu")]["predicted_per_1000"] == 1.0
c = checks[(4, "pristine", "inode_hash_lock")]
assert abs(c["predicted_per_1000"] - 1000 * busy3) < 1e-9 and c["agrees"], c
assert r["believed"], r["checks"]
# Projected: pristine saturates at 1 / D = 10x one CPU's rate; patched
# keeps scaling; its global class is gone.
x = r["projection"]["64"]
assert 9.9 < x["pristine"]["throughput_vs_pristine_1cpu"] <= 10, x
assert x["patched"]["throughput_vs_pristine_1cpu"] > 50, x
# Three times the predicted contentions measured at 4 vCPUs: not believed.
bad = run(measured4=round(3 * 100000 * busy3))
assert not bad["believed"], bad["checks"]
text = "\n".join(m.text(bad, ("pristine", "patched")))
assert "DISAGREES" in text and "NOT believed: a check above" in text, text
EOF
}

# The consoles' BENCH and BENCH-HASH lines reach the model: its section in
# bench.txt and its plot.
model_report() {
	gnuplot "$tmp/report/bench.gp" &&
		grep -q '<svg' "$tmp/report/bench-model.svg" &&
		grep -q '^Model (bench/model.py, MVA), calibrated at 2 vCPUs' "$tmp/report/bench.txt" &&
		grep -q '^patched   inode_hash_bucket_lock  *hashed  *512 ' "$tmp/report/bench.txt"
}

if [ "$mode" = report ]; then
	made_up
	check "bench report: medians, ranges, ratios and intervals, scaling efficiency, lock_stat rows, instructions per operation, the function that costs them" figures
	check "bench report: a plot script for both kernels" \
		grep -q "using 2:3:4:xtic(1) title 'pristine', '' using 5:6:7 title 'patched'" \
		"$tmp/report/bench.gp"
	check "bench report: a contention plot, a line per kernel and lock class" \
		grep -q "index 1 using 1:2 with linespoints title 'pristine: &s->s_inode_list_lock'" \
		"$tmp/report/bench.gp"
	check "bench report: the MVA model's figures, its check against lock_stat and its verdict" model
	check "bench report: the model's section and plot from the consoles" model_report
	check "bench report: one vCPU count (QUICK) gives the tables and both plots" one_vcpu_count
	check "bench report: fails when a rate comes before any BENCH-FS line" no_fs
	check "bench report: fails when a profile console lacks a workload, a PROFILE line or a BENCH line" profile_gaps
	check "bench report: fails when a kernel's -icount rounds differ" cost_drift
	check "bench report: fails when a shift ran on one kernel only" unpaired_shift
	check "bench report: fails when a vCPU count's lock_stat console is missing" missing_lockstat
	check "bench report: fails when a round's console is missing" missing_round
	exit $status
fi

v=${2:?usage: bench.sh run KVER}
out=$TOP/out/$v

bad_quick() {
	local before
	before=$(ls -l "$out")
	one_error "error: bench: QUICK=2 is neither 0 nor 1" make -s -C "$TOP" bench KVER="$v" QUICK=2 &&
		[ "$before" = "$(ls -l "$out")" ]
}

quick_run() {
	rm -f "$out"/bench.*
	make --no-print-directory -C "$TOP" bench KVER="$v" QUICK=1
}

# Every workload at its thread counts, once from each kernel.
all_results() {
	cat "$out/bench.txt"
	python3 - "$out/bench.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
# Every workload on ext4; create, cold stat and unlink on XFS and tmpfs
# (no cold stat on tmpfs).
got = sorted((x["fs"], x["workload"], x["threads"]) for x in r["results"])
want = sorted([("ext4", w, t) for w in ("open1", "open3", "unlink1", "unlink2", "stat-cold",
                                        "fs_mark") for t in (1, 2)] +
              [("ext4", "walk-drop_caches", 1), ("ext4", "walk-umount", 1)] +
              [("xfs", w, t) for w in ("unlink2", "stat-cold", "fs_mark") for t in (1, 2)] +
              [("tmpfs", w, t) for w in ("unlink2", "fs_mark") for t in (1, 2)])
assert got == want, got
for x in r["results"]:
    for k in ("pristine", "patched"):
        assert len(x[k]["samples"]) == r["rounds"] and x[k]["min"] > 0, x
assert r["quick"] and r["accelerator"]
# The -icount runs: every single-thread workload on ext4, XFS and tmpfs
# (no cold stat on tmpfs), and bench/report.py has checked their rounds
# agree.
got = sorted(r["instructions_per_op"])
want = [f"{fs}/{w}" for fs in ("ext4", "xfs", "tmpfs")
        for w in ("open1", "open3", "unlink1", "unlink2", "create",
                  "walk-drop_caches", "walk-umount")] + ["ext4/stat-cold", "xfs/stat-cold"]
assert got == sorted(want), got
EOF
}

# lock_stat saw the locks the pristine kernel has and the patched one
# replaced them with, and none of the old ones in the patched kernel.
lock_classes() {
	python3 - "$out/bench.json" <<'EOF'
import json, re, sys
r = json.load(open(sys.argv[1]))["lock_stat"]
def names(k): return {re.sub("-[RW]$", "", x["class"]) for x in r[k] if x["acquisitions"] > 0}
p, q = names("pristine"), names("patched")
print(p, q)
assert {"inode_hash_lock", "&s->s_inode_list_lock"} <= p, p
assert "inode_hash_bucket_lock" in q and any("s_inode_brlock" in n for n in q), q
assert not q & {"inode_hash_lock", "&s->s_inode_list_lock"}, q
EOF
}

vcpu_classes() {
	python3 - "$out/bench.json" <<'EOF'
import json, sys
c = json.load(open(sys.argv[1]))["contention"]
assert sorted(c) == ["2"], sorted(c)
for v, per in c.items():
    p = {n for n, x in per["pristine"].items() if x["acquisitions"]}
    q = {n for n, x in per["patched"].items() if x["acquisitions"]}
    print(v, sorted(p), sorted(q))
    assert {"inode_hash_lock", "&s->s_inode_list_lock"} <= p, (v, p)
    assert "inode_hash_bucket_lock" in q and not q & p, (v, q)
EOF
}

# The profile boots: every -icount workload profiled, and the umount walk
# of the patched kernel calls the brlock's functions, which the pristine
# kernel does not have.
profiled() {
	python3 - "$out/bench.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
a = r["attribution"]
assert sorted(a) == sorted(r["instructions_per_op"]), sorted(a)
for key in ("ext4/walk-umount", "tmpfs/walk-umount"):
    only = a[key]["only_in"]
    print(key, only)
    assert [f for f in only["patched"] if f.startswith("br_")], only
    assert not [f for f in only["pristine"] if f.startswith("br_")], only
EOF
}

check "bench $v: QUICK=2 is one error line and leaves out/$v alone" bad_quick
check "bench $v: make bench QUICK=1 builds, boots and reports" quick_run
check "bench $v: every workload at 1 and 2 threads from both kernels" all_results
check "bench $v: the profile boots put the brlock's calls in the patched kernel's umount walk" profiled
check "bench $v: lock_stat shows the old locks in pristine and their replacements in patched" lock_classes
check "bench $v: lock_stat at 2 vCPUs (4 and 8 too without QUICK), the old locks in pristine and only the new ones in patched" vcpu_classes
# The model calibrated from the guests' own figures (the chain lock count
# the patched kernel printed), not believed from one vCPU count.
model_quick() {
	python3 - "$out/bench.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))["model"]
print(m["kernels"])
assert m["calibrated_at_vcpus"] == 2 and not m["believed"], m
classes = m["kernels"]["patched"]["classes"]
assert classes["inode_hash_bucket_lock"]["instances"] > 1, classes
assert m["kernels"]["pristine"]["classes"]["inode_hash_lock"]["kind"] == "global"
EOF
}

check "bench $v: the model is calibrated from the lock_stat boots" model_quick
check "bench $v: the plots are SVG" \
	grep -q '<svg' "$out/bench.svg" "$out/bench-contention.svg" "$out/bench-model.svg"
exit $status
