#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# soak.sh report: soak/report.py on made-up consoles (the stressors'
#   figures, a report of the patched kernel alone fails, one the pristine
#   kernel shows too is pre-existing, leaks, file systems that do not
#   check clean, a stressor that failed, no allocation failure injected,
#   a soak that did not finish).
# soak.sh run KVER SECONDS: "make soak" on a tree that make series has
#   made (its bad input first), and what it wrote.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
mode=${1:?usage: soak.sh report | run KVER SECONDS}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# console KERNEL [LINE...]: a made-up soak console with the LINEs added
# before the guest's results (boot/init's KTAP report: ok, unless a LINE
# gives a test's result), and the file systems clean.
console() {
	local kernel=$1 soak=1 leaks=1 line
	shift
	mkdir -p "$tmp/c"
	for line; do
		case $line in
		*'ok 1 soak'*) soak=0 ;;
		*'ok 2 kmemleak'*) leaks=0 ;;
		esac
	done
	{
		printf '%s\r\n' '[    1.000000] Linux version 9.9' 'KTAP version 1' '1..2' \
			'# SOAK cpus online=0-1 possible=0-63' \
			'# SOAK ext4 dentry bogo-ops=600 kernel-seconds=31.25 failures=0' \
			'# SOAK xfs dentry bogo-ops=500 kernel-seconds=12.00 failures=0' \
			'# SOAK tmpfs fanotify skipped: stress-ng: info:  [9] fanotify: not supported' \
			'# SOAK faults injected=40 calls=900 errors=31 cycles=7' \
			'# SOAK cycles=12 seconds=61'
		printf '%s\r\n' "$@"
		[ "$soak" = 0 ] || printf '%s\r\n' 'ok 1 soak # 70 s'
		[ "$leaks" = 0 ] || printf '%s\r\n' 'ok 2 kmemleak'
	} >"$tmp/c/soak-$kernel.log"
	printf '%s\n' 'soak: e2fsck -fn: clean' 'soak: xfs_repair -n: clean' >"$tmp/c/fsck-$kernel.txt"
}

report() {
	python3 "$TOP/soak/report.py" --dir "$tmp/c" --seconds 60 \
		--reports "$TOP/lib/kernel-reports.txt" --out "$tmp/c"
}

clean() {
	mkdir -p "$tmp/c"
	console patched
	console pristine 'ok 1 soak # 69 s'
	report || return 1
	cat "$tmp/c/soak.txt"
	python3 - "$tmp/c/soak.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
p = r["kernels"]["patched"]
assert r["pass"] and not r["problems"], r
assert p["stressors"] == {"ext4/dentry": 600, "xfs/dentry": 500}, p
assert p["skipped"] == {"tmpfs/fanotify": "stress-ng: info:  [9] fanotify: not supported"}, p
assert (p["cycles"], p["seconds"]) == (12, 61), p
assert p["faults"] == {"injected": 40, "calls": 900, "errors": 31, "cycles": 7}, p
assert p["stressor_failures"] == {"ext4/dentry": 0, "xfs/dentry": 0}, p
assert p["kernel_seconds"] == {"ext4/dentry": 31.25, "xfs/dentry": 12.0}, p
assert (p["cpus_online"], p["cpus_possible"]) == ("0-1", "0-63"), p
assert p["fsck"] == {"e2fsck -fn": "clean", "xfs_repair -n": "clean"}, p
EOF
}

# patched_only PRISTINE_LINE PATCHED_LINE...: the pristine console gets
# PRISTINE_LINE (may be empty), the patched one the rest: the report
# must fail, naming the problem.
fails() {
	local want=$1
	shift
	report >"$tmp/out.txt" && return 1
	cat "$tmp/c/soak.txt"
	grep -q -- "$want" "$tmp/c/soak.txt"
}

new_report() {
	console patched '[   50.123456] WARNING: CPU: 1 PID: 77 at fs/inode.c:123 evict+0x1/0x2'
	console pristine
	fails '  kernel report: WARNING: CPU N PID N at fs/inode.c:123'
}

pre_existing() {
	console patched '[   50.123456] WARNING: CPU: 1 PID: 77 at fs/xfs/xfs_icache.c:9 x+0x1/0x2'
	console pristine '[   48.000001] WARNING: CPU: 0 PID: 91 at fs/xfs/xfs_icache.c:9 x+0x1/0x2'
	report && grep -q '^Reports the pristine kernel shows too' "$tmp/c/soak.txt"
}

# circular KERNEL HELD: KERNEL's console with a lockdep report of
# s_inode_list_lock taken under HELD.
circular() {
	console "$1" '[   50.1] WARNING: possible circular locking dependency detected' \
		'[   50.2] stress-ng/77 is trying to acquire lock:' \
		'[   50.3] ffff888009fd1020 (&s->s_inode_list_lock){+.+.}-{2:2}, at: evict+0x1/0x2' \
		'[   50.4] but task is already holding lock:' \
		"[   50.5] ffffffff81cf13e0 ($2){+.+.}-{0:0}, at: iput+0x1/0x2"
}

# A lockdep report is told apart by its lock classes: pristine's report
# of another pair does not make the patched one pre-existing.
other_locks() {
	circular pristine fs_reclaim
	circular patched '&sb->s_type->i_lock_key#3'
	fails '  kernel report: WARNING: possible circular locking dependency detected: &sb->s_type->i_lock_key -> &s->s_inode_list_lock$'
}

leak() {
	console patched 'unreferenced object 0xffff888003e1c000 (size 64):' \
		'not ok 2 kmemleak # leaks reported'
	console pristine
	fails 'kmemleak: 1 leaks (pristine: 0)'
}

# A hung task in another kworker and task of the same name, repeated by
# stress-ng's --klog-check, with the same soak failure on both kernels.
hung_both() {
	console patched '[ 1868.44] INFO: task kworker/0:1:11 blocked for more than 121 seconds.' \
		"stress-ng: error: [140] klog-check: error: [1868.44] 'INFO: task kworker/0:1:11 blocked for more than 121 seconds.'" \
		'# SOAK-FAIL stress-ng on ext4 exited 2' 'not ok 1 soak # exit 1'
	console pristine '[ 1872.01] INFO: task kworker/0:2:24 blocked for more than 120 seconds.' \
		'# SOAK-FAIL stress-ng on ext4 exited 2' 'not ok 1 soak # exit 1'
	report && cat "$tmp/c/soak.txt" && grep -q 'reports 1, leaks 0' "$tmp/c/soak.txt" &&
		grep -qx '  INFO: task kworker/N blocked for more than N seconds.' "$tmp/c/soak.txt"
}
soak_failed() {
	console patched '# SOAK-FAIL stress-ng on xfs exited 2' 'not ok 1 soak # exit 1'
	console pristine '# SOAK-FAIL stress-ng on ext4 exited 2' 'not ok 1 soak # exit 1'
	fails '  SOAK-FAIL stress-ng on xfs exited 2'
}
unclean() {
	console patched
	console pristine
	echo 'soak: xfs_repair -n: NOT clean; see x.log' >"$tmp/c/fsck-patched.txt"
	fails 'xfs_repair -n: NOT clean'
}

stressor_failed() {
	console patched
	console pristine
	sed -i 's/xfs dentry bogo-ops=500 kernel-seconds=12.00 failures=0/xfs dentry bogo-ops=500 kernel-seconds=12.00 failures=2/' \
		"$tmp/c/soak-patched.log"
	fails 'xfs/dentry: 2 failures (pristine: 0)'
}

no_faults() {
	console patched
	console pristine
	sed -i '/SOAK faults/d' "$tmp/c/soak-patched.log"
	fails 'no allocation failures injected'
}

# As many possible CPUs as online ones (a kernel that ignored QEMU's
# present CPUs beyond maxcpus=): the soak missed what it is there for.
no_offline_cpus() {
	console patched
	console pristine
	sed -i 's/possible=0-63/possible=0-1/' "$tmp/c/soak-patched.log"
	fails 'possible CPUs 0-1 no more than online 0-1'
}

# A stressor that counted no round but spent time in the kernel passes;
# one that spent none there did not run.
no_kernel_time() {
	console patched
	console pristine
	sed -i 's/xfs dentry bogo-ops=500 kernel-seconds=12.00/xfs dentry bogo-ops=0 kernel-seconds=12.00/' \
		"$tmp/c/soak-patched.log"
	report || return 1
	sed -i 's/xfs dentry bogo-ops=0 kernel-seconds=12.00/xfs dentry bogo-ops=0 kernel-seconds=0.00/' \
		"$tmp/c/soak-patched.log"
	fails 'xfs/dentry: no time in the kernel'
}

unfinished() {
	console patched
	console pristine
	sed -i '/^ok 2 kmemleak/d' "$tmp/c/soak-patched.log"
	fails 'the soak did not finish'
}

if [ "$mode" = report ]; then
	check "soak report: figures per stressor, CPUs, cycles, fsck; a clean soak passes" clean
	check "soak report: a kernel report of the patched kernel alone fails" new_report
	check "soak report: a report the pristine kernel shows too is pre-existing" pre_existing
	check "soak report: a lockdep report with other lock classes than pristine's fails" other_locks
	check "soak report: a leak the pristine kernel has not fails" leak
	check "soak report: a file system that does not check clean fails" unclean
	check "soak report: a stressor failing where the pristine one did not fails" stressor_failed
	check "soak report: a soak without allocation failures injected fails" no_faults
	check "soak report: the same hang and soak failure on both kernels, whatever the kworker, is pre-existing" hung_both
	check "soak report: a soak failure the pristine soak did not have fails" soak_failed
	check "soak report: a soak that did not finish fails" unfinished
	check "soak report: a stressor with no bogo-op passes, one with no kernel time fails" no_kernel_time
	check "soak report: a soak without CPUs possible beyond the online ones fails" no_offline_cpus
	exit "$status"
fi

v=${2:?usage: soak.sh run KVER SECONDS}
seconds=${3:?}
out=$TOP/out/$v

bad_soak() {
	local before
	before=$(ls -l "$out")
	one_error "error: soak: SOAK=1m is not a positive number of seconds" \
		make -s -C "$TOP" soak KVER="$v" SOAK=1m &&
		[ "$before" = "$(ls -l "$out")" ]
}

soak_run() {
	rm -f "$out"/soak.*
	make --no-print-directory -C "$TOP" soak KVER="$v" SOAK="$seconds"
}

# Every stressor ran, or was skipped, on each file system of both kernels.
soak_figures() {
	cat "$out/soak.txt"
	python3 - "$out/soak.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
for kernel, k in r["kernels"].items():
    ran = {s.split("/")[0] for s in k["stressors"]}
    assert ran == {"ext4", "xfs", "tmpfs"}, (kernel, ran)
    assert k["cycles"] > 0 and k["fsck"] == {"e2fsck -fn": "clean", "xfs_repair -n": "clean"}, k
    assert k["cpus_possible"] != k["cpus_online"], k
    assert k["faults"]["injected"] >= k["faults"]["errors"] > 0, k
assert r["pass"], r["problems"]
EOF
}

check "soak $v: SOAK=1m is one error line and leaves out/$v alone" bad_soak
check "soak $v: make soak SOAK=$seconds builds, boots both kernels and reports" soak_run
check "soak $v: every file system soaked on both kernels, fsck clean" soak_figures
exit "$status"
