#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh report: scripts/bench-report.py on made-up consoles (medians,
#   ratios, scaling efficiency, lock_stat rows, missing results).
# bench.sh run KVER: "make bench QUICK=1" on a tree that make series has
#   made, its bad input, and the files it writes.  Benchmarks report
#   figures and do not pass or fail on them: these checks are about the
#   path (every workload ran on both kernels, lock_stat saw the locks each
#   kernel has), not about speed.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
mode=${1:?usage: bench.sh report | run KVER}
# shellcheck source=scripts/tests/lib.sh
. "$(dirname "$0")/lib.sh"

# console DIR KERNEL ROUND RATE...: a made-up rates console, one open1
# result per RATE (its thread count is the argument's position).
console() {
	local dir=$1 kernel=$2 round=$3 threads=0
	shift 3
	for rate in "$@"; do
		threads=$((threads + 1))
		printf 'BENCH open1 threads=%d rate=%s\r\n' "$threads" "$rate"
	done >"$dir/rates-$kernel-$round.log"
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
	printf '%s\n' 'LOCKSTAT &s->s_inode_list_lock:  5  7  0.1 0.2 0.3 0.1  9  1234  0.1 0.2 0.3 0.1' \
		>"$dir/lockstat-pristine.log"
	printf '%s\n' 'LOCKSTAT inode_hash_bucket_lock:  0  0  0 0 0 0  3  99  0.1 0.2 0.3 0.1' \
		>"$dir/lockstat-patched.log"
}

report() {
	python3 "$TOP/scripts/bench-report.py" --dir "$tmp/consoles" --rounds 3 --accel tcg \
		--quick 0 --pristine A --patched B --out "$tmp/report"
}

figures() {
	report || return 1
	cat "$tmp/report/bench.txt"
	python3 - "$tmp/report/bench.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
one, two = r["results"]
assert (one["workload"], one["threads"]) == ("open1", 1)
assert one["pristine"] == {"samples": [100, 400, 170], "median": 170, "min": 100, "max": 400}
assert one["patched"]["median"] == 200 and abs(one["ratio"] - 200 / 170) < 1e-9
assert two["pristine"]["median"] == 160 and two["patched"]["median"] == 390
assert abs(two["ratio"] - 390 / 160) < 1e-9
assert r["scaling_efficiency"]["open1"] == {"pristine": 160 / 340, "patched": 0.975}
assert r["lock_stat"]["pristine"] == [
    {"class": "&s->s_inode_list_lock", "contentions": 7, "acquisitions": 1234}]
assert r["lock_stat"]["patched"][0]["acquisitions"] == 99
EOF
}

missing_round() {
	rm "$tmp/consoles/rates-patched-2.log"
	if report 2>"$tmp/err"; then
		return 1
	fi
	cat "$tmp/err"
	grep -q 'rates-patched-2.log: missing' "$tmp/err"
}

if [ "$mode" = report ]; then
	made_up
	check "bench report: medians, ranges, ratios, scaling efficiency, lock_stat rows" figures
	check "bench report: a plot script for both kernels" \
		grep -q "using 2:3:4:xtic(1) title 'pristine', '' using 5:6:7 title 'patched'" \
		"$tmp/report/bench.gp"
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
got = sorted((x["workload"], x["threads"]) for x in r["results"])
want = sorted([(w, t) for w in ("open1", "open3", "unlink1", "unlink2", "stat-cold", "fs_mark")
               for t in (1, 2)] + [("walk-drop_caches", 1), ("walk-umount", 1)])
assert got == want, got
for x in r["results"]:
    for k in ("pristine", "patched"):
        assert len(x[k]["samples"]) == r["rounds"] and x[k]["min"] > 0, x
assert r["quick"] and r["accelerator"]
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

check "bench $v: QUICK=2 is one error line and leaves out/$v alone" bad_quick
check "bench $v: make bench QUICK=1 builds, boots and reports" quick_run
check "bench $v: every workload at 1 and 2 threads from both kernels" all_results
check "bench $v: lock_stat shows the old locks in pristine and their replacements in patched" lock_classes
check "bench $v: the plot is an SVG" grep -q '<svg' "$out/bench.svg"
exit $status
