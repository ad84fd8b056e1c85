#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# fstests.sh report: fstests/report.py on made-up runs (verdicts per test,
#   a regression fails, a test failing on both kernels does not, a kernel
#   report of the patched kernel alone fails, one the pristine kernel
#   shows too does not, a run that did not end fails, so does an error
#   of check's own shell, a test that lost its control (pristine did not
#   end, patched did not run it, or failed where pristine did not run
#   it), lockdep off at the end, and with the patched kernel alone every
#   failure and every named test that did not run; fstests' unescaped
#   failure messages are read); fstests/merge.py on made-up parts.
# fstests.sh run KVER: "make fstests QUICK=1" on a tree that make series
#   has made (its bad input first): the root file system (from cache when
#   warm), one test in the guest, and what it wrote; a guest stopped by
#   BOOT_TIMEOUT; and the parts FSTESTS_SHARD splits the tests into.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
mode=${1:?usage: fstests.sh report | run KVER}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# run KERNEL VERDICT... [-- CONSOLE_LINE...]: a made-up run on ext4 (or
# FS) with tests generic/001, 002, ... (from generic/FIRST) given the
# VERDICTs (pass, fail, failq: a message with a quote and an ampersand,
# notrun), and the CONSOLE_LINEs before check's end; lockdep still on at
# the end unless LOCKDEP=0.  With BOOT=N, the run's N-th boot.
run() {
	local kernel=$1 n=$((10#${FIRST:-1} - 1)) dir
	shift
	dir=$tmp/f/$kernel-${FS:-ext4}${BOOT:+/boot-$BOOT}
	mkdir -p "$dir/results/generic"
	{
		echo '<?xml version="1.0" encoding="UTF-8"?>'
		echo '<testsuite name="xfstests" failures="0" skipped="0" tests="0" time="9">'
		while [ $# -gt 0 ] && [ "$1" != -- ]; do
			n=$((n + 1))
			printf '\t<testcase classname="xfstests.global" name="generic/%03d" time="3">\n' "$n"
			case $1 in
			fail) printf '\t\t<failure message="- output mismatch" type="TestFail" />\n' ;;
			failq) printf '\t\t<failure message="_check_dmesg: "BUG" & more" type="TestFail" />\n' ;;
			notrun) printf '\t\t<skipped message="no dm-flakey" />\n' ;;
			esac
			printf '\t</testcase>\n'
			shift
		done
		echo '</testsuite>'
	} >"$dir/results/result.xml"
	[ $# = 0 ] || shift
	printf '%s\r\n' '[    1.000000] Linux version 9.9' 'KTAP version 1' '1..1' "$@" \
		"# FSTESTS: lockdep debug_locks=${LOCKDEP:-1}" '# FSTESTS: kmemleak on' \
		'# FSTESTS: check exited 0' 'ok 1 fstests check' >"$dir/console.log"
	echo 'FSTESTS: host: 99 seconds' >>"$dir/console.log"
}

report() {
	python3 "$TOP/fstests/report.py" --dir "$tmp/f" --kernels "${1:-patched pristine}" --fs ext4 \
		--reports "$TOP/lib/kernel-reports.txt" --tests "${TESTS:-}"
}

# fails WANT [KERNELS]: the report must fail, naming the problem.
fails() {
	report "${2:-}" >"$tmp/out.txt" && return 1
	cat "$tmp/f/fstests.txt"
	grep -q -- "$1" "$tmp/f/fstests.txt"
}

clean() {
	run patched pass notrun fail
	run pristine pass notrun fail
	echo 'unreferenced object 0xffff888003e1c000 (size 64):' >"$tmp/f/patched-ext4/results/generic/003.kmemleak"
	cp "$tmp/f/patched-ext4/results/generic/003.kmemleak" "$tmp/f/pristine-ext4/results/generic/"
	echo generic/999 >"$tmp/f/patched-ext4/exclude"
	report || return 1
	cat "$tmp/f/fstests.txt"
	grep -q '^patched ext4: 3 tests, 1 passed, 1 failed (1 on a kmemleak report, kmemleak on), 1 not run, 1 excluded, 0 kernel reports, check exited 0, 99 s, lockdep on at the end$' \
		"$tmp/f/fstests.txt" &&
		grep -q '^ext4: failed on both kernels: generic/003$' "$tmp/f/fstests.txt" &&
		grep -q '^ext4: generic/002 notrun notrun$' "$tmp/f/fstests.txt"
}

regression() {
	run patched pass fail
	run pristine pass pass
	fails 'ext4: generic/002 regressed (passes on pristine): - output mismatch'
}

new_report() {
	run patched pass -- '[   50.123456] WARNING: CPU: 1 PID: 77 at fs/inode.c:123 evict+0x1/0x2'
	run pristine pass
	fails 'kernel report: WARNING: CPU N PID N at fs/inode.c:123'
}

pre_existing() {
	run patched pass -- '[   50.123456] WARNING: CPU: 1 PID: 77 at fs/ext4/super.c:9 x+0x1/0x2'
	run pristine pass -- '[   48.000001] WARNING: CPU: 0 PID: 91 at fs/ext4/super.c:9 x+0x1/0x2'
	report
}

# Soft lockups of vCPUs the host did not run (generic/650 brings every
# present CPU online): the same report whatever the CPU, time and task.
soft_lockups() {
	run patched pass -- '[ 2126.275748] watchdog: BUG: soft lockup - CPU#5 stuck for 24s! [cat:19677]'
	run pristine pass -- '[ 2280.467176] watchdog: BUG: soft lockup - CPU#12 stuck for 49s! [check:19902]'
	report
}

ext4_errors() {
	run patched pass -- '[  10.1] EXT4-fs error (device vdc): ext4_acquire_dquot:6846: comm chown: Failed to acquire dquot type 0' \
		'[  101.1] EXT4-fs error (device dm-5): ext4_journal_check_start:84: comm touch: Detected aborted journal'
	run pristine pass -- '[  9.9] EXT4-fs error (device vdc): ext4_acquire_dquot:6846: comm touch: Failed to acquire dquot type 0' \
		'[  99.9] EXT4-fs error (device dm-5) in __ext4_new_inode:1096: Journal has aborted'
	report || return 1
	cat "$tmp/f/fstests.txt"
	grep -q '^patched ext4: .*, 2 kernel reports,' "$tmp/f/fstests.txt"
}

unfinished() {
	run patched pass
	run pristine pass
	sed -i '/check exited/d' "$tmp/f/patched-ext4/console.log"
	fails 'ext4: check did not finish on the patched kernel'
}

harness() {
	run patched pass -- './check: line 307: /dev/fd/63: No such file or directory'
	run pristine pass
	fails 'ext4: fstests harness error: ./check: line 307: /dev/fd/63'
}

more_leaks() {
	run patched pass fail
	run pristine pass fail
	echo 'unreferenced object 0xffff888003e1c000 (size 64):' >"$tmp/f/patched-ext4/results/generic/002.kmemleak"
	fails 'ext4: 1 tests failed on a kmemleak report, 0 on pristine'
}

# Each way a test can go missing or lose its control.
pristine_unfinished() {
	run patched pass
	run pristine pass
	sed -i '/check exited/d' "$tmp/f/pristine-ext4/console.log"
	fails 'ext4: the pristine run did not finish with results: no control'
}

missing() {
	run patched pass
	run pristine pass pass
	fails 'ext4: generic/002 ran on pristine (pass), not on patched'
}

not_run() {
	run patched pass notrun
	run pristine pass pass
	fails 'ext4: generic/002 passes on pristine, not run on patched: no dm-flakey'
}

no_control() {
	run patched pass fail
	run pristine pass notrun
	fails 'ext4: generic/002 failed on patched, notrun on pristine (no control)'
}

lockdep_off() {
	LOCKDEP=0 run patched pass
	run pristine pass
	fails 'ext4: lockdep was off at the end of the patched run (debug_locks=0)'
}

quoted() {
	run patched pass failq
	run pristine pass pass
	fails 'ext4: generic/002 regressed (passes on pristine): _check_dmesg: "BUG" & more'
}

not_asked() {
	rm -rf "$tmp/f"
	run patched pass
	TESTS="generic/001 generic/007" fails 'ext4: generic/007 did not run on the patched kernel' patched
}

alone() {
	rm -rf "$tmp/f"
	run patched pass fail
	fails 'ext4: generic/002 failed: - output mismatch' patched
}

# panic_in KERNEL TEST [LINE]: the last boot of KERNEL's run panicked
# as TEST ran, then run.sh wrote LINE.
panic_in() {
	local run=$tmp/f/$1-ext4 n=2 log
	log=$run/console.log
	while [ -d "$run/boot-$n" ]; do
		log=$run/boot-$n/console.log
		n=$((n + 1))
	done
	sed -i '/FSTESTS: lockdep/,$d' "$log"
	printf '%s\r\n' "[   60.000000] run fstests $2 at 2026-12-07 15:46:59" \
		'[   61.000000] BUG: kernel NULL pointer dereference, address: 0000000000000010' \
		'[   61.100000] Kernel panic - not syncing: Fatal exception' >>"$log"
	echo 'FSTESTS: host: 50 seconds' >>"$log"
	[ -z "${3:-}" ] || echo "$3" >>"$log"
}

# The pristine kernel panicked in generic/002 and went on in a second
# boot: that test failed there, the others have their control.
pristine_panic() {
	rm -rf "$tmp/f"
	run patched pass pass pass
	run pristine pass
	panic_in pristine generic/002
	BOOT=2 FIRST=3 run pristine pass
	report || return 1
	cat "$tmp/f/fstests.txt"
	grep -q '^pristine ext4: 3 tests, 2 passed, 1 failed .* 2 kernel reports, panicked in generic/002, check exited 0, 149 s,' \
		"$tmp/f/fstests.txt" && grep -qx 'ext4: generic/002 pass fail' "$tmp/f/fstests.txt"
}

patched_panic() {
	rm -rf "$tmp/f"
	run patched pass
	panic_in patched generic/002
	BOOT=2 FIRST=3 run patched pass
	run pristine pass pass pass
	fails 'ext4: generic/002 regressed (passes on pristine): the kernel panicked in this test'
}

# A patched panic pristine does not share fails, even when pristine
# panicked elsewhere and failed that test too; so does one between tests.
other_panics() {
	rm -rf "$tmp/f"
	run patched pass
	panic_in patched generic/002
	BOOT=2 FIRST=3 run patched pass
	run pristine pass fail
	panic_in pristine generic/003 'FSTESTS: no test left after the panic'
	fails 'ext4: the patched kernel panicked in generic/002' || return 1
	grep -qx 'ext4: failed on both kernels: generic/002' "$tmp/f/fstests.txt" || return 1
	rm -rf "$tmp/f"
	run patched pass
	panic_in patched generic/001
	BOOT=2 FIRST=2 run patched pass
	run pristine pass pass
	fails 'ext4: the patched kernel panicked after generic/001'
}

# left_of KERNEL: what left.py prints for KERNEL's run of
# $tmp/selection, on one line.
left_of() {
	python3 "$TOP/fstests/left.py" "$tmp/f/$1-ext4" "$tmp/selection" | xargs
}

# The panic came before result.xml.new was renamed over result.xml: the
# fuller of the two counts, and a torn one is left out.
renamed() {
	rm -rf "$tmp/f"
	run pristine pass fail
	cp "$tmp/f/pristine-ext4/results/result.xml" "$tmp/f/pristine-ext4/results/result.xml.new"
	sed -i '/generic\/002/,/<\/testcase>/d' "$tmp/f/pristine-ext4/results/result.xml"
	panic_in pristine generic/003
	printf 'ext4 generic/%s\n' 001 002 003 004 >"$tmp/selection"
	[ "$(left_of pristine)" = "the panic generic/004" ] ||
		return 1
	head -c 200 "$tmp/f/pristine-ext4/results/result.xml.new" >"$tmp/f/pristine-ext4/results/result.xml"
	rm "$tmp/f/pristine-ext4/results/result.xml.new"
	[ "$(left_of pristine 2>/dev/null)" = \
		"the panic generic/001 generic/002 generic/004" ]
}

# A panic in the last test: the run ended if run.sh found no test left.
last_panic() {
	rm -rf "$tmp/f"
	run patched pass pass
	run pristine pass
	panic_in pristine generic/002
	fails 'ext4: the pristine run did not finish with results: no control' || return 1
	rm -rf "$tmp/f"
	run patched pass pass
	run pristine pass
	panic_in pristine generic/002 'FSTESTS: no test left after the panic'
	report
}

# left.py: after a panic in generic/002, generic/003 is left of three;
# after a boot that panicked before any result, nothing more; after a
# boot that ended, nothing.
left() {
	rm -rf "$tmp/f"
	run pristine pass
	panic_in pristine generic/002
	printf 'ext4 generic/%s\n' 001 002 003 >"$tmp/selection"
	[ "$(left_of pristine)" = "the panic generic/003" ] &&
		BOOT=2 run pristine -- '[   61.100000] Kernel panic - not syncing: Fatal exception' &&
		[ "$(left_of pristine)" = "FSTESTS: the panic came before any result of the boot: not booting again" ] &&
		rm -r "$tmp/f/pristine-ext4/boot-2" &&
		run pristine pass &&
		[ -z "$(left_of pristine)" ]
}

# started TEST...: the console lines of fstests starting each TEST.
started() {
	printf '[   8.000000] run fstests %s at 2026-12-07 18:09:23\n' "$@"
}

# circular HELD WANTED [LINE]: the console lines of a lockdep report:
# WANTED taken while HELD was held closes a cycle; another CPU's LINE
# comes between the first header and its lock line.
circular() {
	printf '%s\n' '[   9.100000] WARNING: possible circular locking dependency detected' \
		'[   9.200000] kswapd0/36 is trying to acquire lock:' ${3:+"$3"} \
		"[   9.300000] ffff888009fd1020 ($2){++++}-{3:3}, at: xfs_icwalk_ag+0x51c/0x5e9" \
		'[   9.400000] ' '[   9.400000] but task is already holding lock:' \
		"[   9.500000] ffffffff81cf13e0 ($1){+.+.}-{0:0}, at: balance_pgdat+0x298/0x3f1"
}

# A lockdep report is told apart by its lock classes (less the number
# lockdep gives a class at run time, before a subclass), whatever other
# line, another report's too, comes between: another pair than
# pristine's fails.
lock_pair() {
	local lines
	rm -rf "$tmp/f"
	mapfile -t lines < <(circular '&type->s_umount_key#27' '&type->i_mutex_dir_key#5/1' \
		'[   9.250000] XFS (vdc): Ending clean mount')
	run patched pass -- "${lines[@]}"
	mapfile -t lines < <(circular '&type->s_umount_key#31' '&type->i_mutex_dir_key#7/1')
	run pristine pass -- "${lines[@]}"
	report >/dev/null || return 1
	mapfile -t lines < <(circular fs_reclaim '&xfs_nondir_ilock_class' \
		'[   9.250000] WARNING: CPU: 1 PID: 77 at fs/xfs/xfs_icache.c:9 x+0x1/0x2')
	run patched pass -- "${lines[@]}"
	fails 'kernel report: WARNING: possible circular locking dependency detected: fs_reclaim -> &xfs_nondir_ilock_class$' &&
		grep -q 'kernel report: WARNING: CPU N PID N at fs/xfs/xfs_icache.c:9 x+ADDR/ADDR$' "$tmp/f/fstests.txt"
}

KNOWN='WARNING: possible circular locking dependency detected: fs_reclaim -> &xfs_nondir_ilock_class'

# known_run: patched's run of generic/001 to 003 with a report of KNOWN
# in generic/002, which fstests failed for it, and lockdep off after it.
known_run() {
	local lines
	rm -rf "$tmp/f"
	mapfile -t lines < <(started generic/001 generic/002; circular fs_reclaim '&xfs_nondir_ilock_class'
		started generic/003)
	LOCKDEP=0 run patched pass fail pass -- "${lines[@]}"
	run pristine pass pass pass
	printf 'ext4 generic/%s\n' 001 002 003 >"$tmp/selection"
}

# A known report is excused; the tests after it ran with lockdep off and
# do not count; the guest boots again for them and for the test it came
# in, whose verdict is the new boot's.
known_report() {
	known_run
	fails "kernel report: $KNOWN" || return 1
	echo "$KNOWN" >"$tmp/f/patched-ext4/known"
	[ "$(left_of patched)" = \
		"the known report in generic/002 generic/002 generic/003" ] || return 1
	fails 'ext4: generic/003 ran on pristine (pass), not on patched but after a known report, with lockdep off' ||
		return 1
	BOOT=2 FIRST=2 run patched pass pass
	[ -z "$(left_of patched)" ] && report &&
		grep -q '^patched ext4: 3 tests, 3 passed, .* 0 kernel reports, known report in generic/002, check exited 0, 198 s, lockdep on at the end$' \
			"$tmp/f/fstests.txt"
}

# A known report that comes again in the same test: that test is not run
# a third time, and fstests' failure stands.
known_again() {
	local lines
	known_run
	echo "$KNOWN" >"$tmp/f/patched-ext4/known"
	mapfile -t lines < <(started generic/002; circular fs_reclaim '&xfs_nondir_ilock_class'; started generic/003)
	BOOT=2 FIRST=2 LOCKDEP=0 run patched fail pass -- "${lines[@]}"
	[ "$(left_of patched)" = \
		"the known report in generic/002 generic/003" ] || return 1
	BOOT=3 FIRST=3 run patched pass
	fails 'ext4: generic/002 regressed (passes on pristine): - output mismatch'
}

# A known report that is not lockdep's leaves lockdep on: the tests after
# it count, and the guest boots again for the test it came in alone.
known_warning() {
	local lines
	rm -rf "$tmp/f"
	mapfile -t lines < <(started generic/001 generic/002
		echo '[   9.250000] WARNING: CPU: 1 PID: 77 at fs/ext4/inode.c:9 x+0x1/0x2'
		started generic/003)
	run patched pass fail pass -- "${lines[@]}"
	run pristine pass pass pass
	printf 'ext4 generic/%s\n' 001 002 003 >"$tmp/selection"
	echo 'WARNING: CPU N PID N at fs/ext4/inode.c:9 x+ADDR/ADDR' >"$tmp/f/patched-ext4/known"
	[ "$(left_of patched)" = "the known report in generic/002 generic/002" ] || return 1
	BOOT=2 FIRST=2 run patched pass
	[ -z "$(left_of patched)" ] && report &&
		grep -q '^patched ext4: 3 tests, 3 passed, .* 0 kernel reports, known report in generic/002, ' \
			"$tmp/f/fstests.txt"
}

# Two known reports in two tests of one boot: each of them runs again;
# a known report and lockdep off at the end of the boot all the same:
# the tests after it do not count.
known_twice() {
	local lines warning='[   9.250000] WARNING: CPU: 1 PID: 77 at fs/ext4/inode.c:9 x+0x1/0x2'
	rm -rf "$tmp/f"
	mapfile -t lines < <(started generic/001 generic/002; echo "$warning"
		started generic/003 generic/004; echo "$warning"; started generic/005)
	run patched pass fail pass fail pass -- "${lines[@]}"
	run pristine pass pass pass pass pass
	printf 'ext4 generic/%s\n' 001 002 003 004 005 >"$tmp/selection"
	echo 'WARNING: CPU N PID N at fs/ext4/inode.c:9 x+ADDR/ADDR' >"$tmp/f/patched-ext4/known"
	[ "$(left_of patched)" = "the known report in generic/002 generic/002 generic/004" ] || return 1
	LOCKDEP=0 run patched pass fail pass fail pass -- "${lines[@]}"
	[ "$(left_of patched)" = "the known report in generic/002 generic/002 generic/003 generic/004 generic/005" ]
}

# Where a known report leaves left.py: in the first test, that test and
# the rest once more; before any test, the tests without a result, and
# no boot more when it comes before any test again.
known_first() {
	local lines
	rm -rf "$tmp/f"
	mapfile -t lines < <(started generic/001; circular fs_reclaim '&xfs_nondir_ilock_class'
		started generic/002 generic/003)
	LOCKDEP=0 run patched fail pass pass -- "${lines[@]}"
	echo "$KNOWN" >"$tmp/f/patched-ext4/known"
	printf 'ext4 generic/%s\n' 001 002 003 >"$tmp/selection"
	[ "$(left_of patched)" = "the known report in generic/001 generic/001 generic/002 generic/003" ] ||
		return 1
	mapfile -t lines < <(circular fs_reclaim '&xfs_nondir_ilock_class'; started generic/001 generic/002 generic/003)
	BOOT=2 LOCKDEP=0 run patched pass pass pass -- "${lines[@]}"
	[ "$(left_of patched)" = "the known report in no test generic/002 generic/003" ] || return 1
	BOOT=3 FIRST=2 LOCKDEP=0 run patched pass pass -- "${lines[@]}"
	[ "$(left_of patched)" = "FSTESTS: the known report in no test came again before any test: not booting again" ]
}

# A kernel that panics in every test: four boots, no more.
max_boots() {
	local boot
	rm -rf "$tmp/f"
	printf 'ext4 generic/%s\n' 001 002 003 004 005 >"$tmp/selection"
	run pristine --
	panic_in pristine generic/001
	for boot in 2 3 4; do
		BOOT=$boot run pristine --
		panic_in pristine "generic/00$boot"
	done
	[ "$(left_of pristine)" = "FSTESTS: 4 boots: not booting again after the panic" ]
}

# A panic after a known report: the known report's test runs again with
# the rest, and a panic after a test that ran after the report is still
# between tests.
known_then_panic() {
	local lines
	mapfile -t lines < <(started generic/001; circular fs_reclaim '&xfs_nondir_ilock_class'; started generic/002)
	printf 'ext4 generic/%s\n' 001 002 003 >"$tmp/selection"
	rm -rf "$tmp/f"
	LOCKDEP=0 run patched fail pass -- "${lines[@]}"
	echo "$KNOWN" >"$tmp/f/patched-ext4/known"
	panic_in patched generic/003
	[ "$(left_of patched)" = "the panic generic/001 generic/002" ] || return 1
	rm -rf "$tmp/f"
	LOCKDEP=0 run patched fail pass -- "${lines[@]}"
	echo "$KNOWN" >"$tmp/f/patched-ext4/known"
	panic_in patched generic/002
	sed -i '/ 60.000000\] run fstests/d' "$tmp/f/patched-ext4/console.log"
	run pristine pass pass pass
	fails 'ext4: the patched kernel panicked after generic/002$' &&
		[ "$(left_of patched)" = "the panic generic/001 generic/002 generic/003" ]
}

# part K N PATCHED FIRST VERDICT...: a made-up part K of N on ext4 (or
# FS), its tests numbered from FIRST, the same verdicts on both kernels,
# the patched commit PATCHED; its report in $tmp/o as make fstests
# leaves it.
part() {
	local k=$1 n=$2 patched=$3 first=$4
	shift 4
	rm -rf "$tmp/f"
	run patched "$@"
	run pristine "$@"
	sed -i "s,generic/0\\([0-9][0-9]\\),generic/$first\\1," "$tmp"/f/*/results/result.xml
	python3 "$TOP/fstests/report.py" --dir "$tmp/f" --kernels "patched pristine" --fs "${FS:-ext4}" \
		--reports "$TOP/lib/kernel-reports.txt" --about selection=s1 --about "patched_tree=$patched" \
		--about pristine_tree=q1 --about "setup=${SETUP:-u1}" --about "shard=$k/$n" >/dev/null
	mkdir -p "$tmp/o"
	mv "$tmp/f/fstests.json" "$tmp/o/fstests-shard-$k-of-$n.json"
}

merge() {
	python3 "$TOP/fstests/merge.py" --out "$tmp/o" --parts 2 "$@"
}

# Two parts summed once both are there, not before.
merged() {
	rm -rf "$tmp/o"
	part 1 2 p1 1 pass fail
	merge | grep -qx 'fstests: part 2 of 2 not run yet; the whole run.s verdict when all 2 are there' &&
		[ ! -e "$tmp/o/fstests.txt" ] || return 1
	part 2 2 p1 2 pass notrun
	merge || return 1
	cat "$tmp/o/fstests.txt"
	grep -qx 'patched ext4: 4 tests in 2 parts, 2 passed, 1 failed, 1 not run, 0 excluded, 0 kernel reports, 198 s' \
		"$tmp/o/fstests.txt" &&
		grep -qx 'ext4: failed on both kernels: generic/102' "$tmp/o/fstests.txt" &&
		grep -qx 'ext4: generic/202 notrun notrun' "$tmp/o/fstests.txt" &&
		grep -qx 'fstests: PASS: 0 problems' "$tmp/o/fstests.txt"
}

# A part made on another series is not summed with the others.
stale_part() {
	rm -rf "$tmp/o"
	part 1 2 p1 1 pass
	part 2 2 p2 2 pass
	one_error "error: fstests: part 2/2 has another patched tree than part 1/2" merge &&
		[ ! -e "$tmp/o/fstests.txt" ]
}

# A file system made in another number of parts is summed in, once all
# of them are there; parts of a file system already summed, or of
# another series, are left out, and the sum says so.
other_fs() {
	local k
	rm -rf "$tmp/o"
	part 1 2 p1 1 pass
	part 2 2 p1 2 fail
	FS=xfs part 1 3 p1 1 pass
	FS=xfs part 2 3 p1 2 pass
	part 1 1 p1 1 pass
	for k in 1 2 3 4; do
		FS=btrfs part "$k" 4 p2 "$k" pass
	done
	merge >"$tmp/merge.out" || return 1
	cat "$tmp/merge.out"
	grep -qx 'fstests: left out the 3 parts: part 3 is not there' "$tmp/merge.out" &&
		grep -qx 'fstests: left out the 1 parts: ext4 is summed from 2 parts' "$tmp/merge.out" &&
		grep -qx 'fstests: left out the 4 parts: made on another series' "$tmp/merge.out" &&
		! grep -q '^patched xfs' "$tmp/o/fstests.txt" || return 1
	FS=xfs part 3 3 p1 3 notrun
	merge >"$tmp/merge.out" || return 1
	cat "$tmp/o/fstests.txt"
	grep -qx 'patched ext4: 2 tests in 2 parts, 1 passed, 1 failed, 0 not run, 0 excluded, 0 kernel reports, 198 s' \
		"$tmp/o/fstests.txt" &&
		grep -qx 'pristine xfs: 3 tests in 3 parts, 2 passed, 0 failed, 1 not run, 0 excluded, 0 kernel reports, 297 s' \
			"$tmp/o/fstests.txt" &&
		grep -qx 'xfs: generic/301 notrun notrun' "$tmp/o/fstests.txt" &&
		! grep -q btrfs "$tmp/o/fstests.txt" || return 1
	# xfs made again, in 5 parts: the newer set is summed.
	touch -d '1 hour ago' "$tmp"/o/fstests-shard-?-of-3.json
	for k in 1 2 3 4 5; do
		FS=xfs part "$k" 5 p1 "$k" pass
	done
	merge >"$tmp/merge.out" || return 1
	cat "$tmp/merge.out"
	grep -qx 'fstests: left out the 3 parts: xfs is summed from 5 parts' "$tmp/merge.out" &&
		grep -qx 'patched xfs: 5 tests in 5 parts, 5 passed, 0 failed, 0 not run, 0 excluded, 0 kernel reports, 495 s' \
			"$tmp/o/fstests.txt"
}

# A part OUT lacks is taken from the kept parts when it was made on the
# same series, selection, setup and file systems, or, in another number
# of parts, on the same series; otherwise it is left out, said so.
kept_parts() {
	local kept=$tmp/kept/fstests-shard-1-of-2.json
	rm -rf "$tmp/o" "$tmp/kept"
	mkdir -p "$tmp/kept"
	part 1 2 p2 1 pass
	mv "$tmp/o/fstests-shard-1-of-2.json" "$kept"
	part 2 2 p1 2 pass
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	cat "$tmp/merge.out"
	grep -qx "fstests: left out the kept $kept: it has another patched tree" "$tmp/merge.out" &&
		grep -q '^fstests: part 1 of 2 not run yet' "$tmp/merge.out" &&
		[ ! -e "$tmp/o/fstests-shard-1-of-2.json" ] && [ ! -e "$tmp/o/fstests.txt" ] || return 1
	FS=xfs part 1 2 p1 1 pass
	mv "$tmp/o/fstests-shard-1-of-2.json" "$kept"
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	grep -qx "fstests: left out the kept $kept: it is of xfs" "$tmp/merge.out" || return 1
	echo '{"about": {' >"$kept"
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	grep -q "^fstests: left out the kept $kept: not a part's report" "$tmp/merge.out" || return 1
	SETUP=u2 part 1 2 p1 1 pass
	mv "$tmp/o/fstests-shard-1-of-2.json" "$kept"
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	grep -qx "fstests: left out the kept $kept: it has another setup" "$tmp/merge.out" || return 1
	part 1 2 p1 1 fail
	mv "$tmp/o/fstests-shard-1-of-2.json" "$kept"
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	cat "$tmp/merge.out"
	grep -qx "fstests: part 1 of 2 from $kept, made earlier" "$tmp/merge.out" &&
		grep -qx 'patched ext4: 2 tests in 2 parts, 1 passed, 1 failed, 0 not run, 0 excluded, 0 kernel reports, 198 s' \
			"$tmp/o/fstests.txt" || return 1
	# XFS kept whole in one part, of the same series: summed in.
	SETUP=u3 FS=xfs part 1 1 p1 1 notrun
	mv "$tmp/o/fstests-shard-1-of-1.json" "$tmp/kept/"
	merge --kept "$tmp/kept" >"$tmp/merge.out" || return 1
	grep -qx "fstests: part 1 of 1 from $tmp/kept/fstests-shard-1-of-1.json, made earlier" "$tmp/merge.out" &&
		grep -qx 'xfs: generic/101 notrun notrun' "$tmp/o/fstests.txt" &&
		grep -qx 'made on an earlier machine (kept): ext4 1/2, xfs 1/1' "$tmp/o/fstests.txt"
}

# The parts kept in git are each the part their name says, all of one
# series, selection and setup when they are of one number of parts, and
# there is at least one.
kept_in_git() {
	python3 - "$TOP" <<'EOF'
import glob, json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "fstests"))
from merge import PART, SAME
paths = sorted(glob.glob(os.path.join(sys.argv[1], "docs/fstests-parts/*/fstests-shard-*-of-*.json")))
first, bad = {}, not paths
for path in paths:
    k, n = PART.fullmatch(os.path.basename(path)).groups()
    with open(path, encoding="utf-8") as f:
        about = json.load(f)["about"]
    ref = first.setdefault((os.path.dirname(path), n), about)
    wrong = [key for key in SAME if not about.get(key) or about.get(key) != ref.get(key)]
    if about.get("shard") != f"{k}/{n}" or wrong:
        print(f"{path}: part {about.get('shard')}, another {' '.join(wrong)} than the first")
        bad = True
print(f"{len(paths)} kept parts")
sys.exit(bad)
EOF
}

# A part's problem is the whole run's.
part_failed() {
	rm -rf "$tmp/o"
	part 1 2 p1 1 pass
	rm -rf "$tmp/f"
	run patched fail
	run pristine pass
	python3 "$TOP/fstests/report.py" --dir "$tmp/f" --kernels "patched pristine" --fs ext4 \
		--reports "$TOP/lib/kernel-reports.txt" --about selection=s1 --about patched_tree=p1 \
		--about pristine_tree=q1 --about setup=u1 --about shard=2/2 >/dev/null
	mv "$tmp/f/fstests.json" "$tmp/o/fstests-shard-2-of-2.json"
	merge || return 1
	cat "$tmp/o/fstests.txt"
	grep -q '^problem: part 2/2: ext4: generic/001 regressed' "$tmp/o/fstests.txt" &&
		grep -qx 'fstests: FAIL: 1 problems' "$tmp/o/fstests.txt"
}

if [ "$mode" = report ]; then
	check "fstests report: verdicts per test and kernel, failures on both kernels listed" clean
	check "fstests report: a test passing on pristine and failing on patched fails" regression
	check "fstests report: a kernel report of the patched kernel alone fails" new_report
	check "fstests report: a report the pristine kernel shows too passes" pre_existing
	check "fstests report: soft lockups on both kernels, whatever CPU, time and task, pass" soft_lockups
	check "fstests report: ext4 errors on both kernels, whichever task and function found them, pass" ext4_errors
	check "fstests report: a run that did not end fails" unfinished
	check "fstests report: an error of check's own shell fails" harness
	check "fstests report: more tests failing on a kmemleak report than on pristine fails" more_leaks
	check "fstests report: a pristine run that did not end leaves no control and fails" pristine_unfinished
	check "fstests report: a test pristine ran and patched did not fails" missing
	check "fstests report: a test passing on pristine and not run on patched fails" not_run
	check "fstests report: a failure pristine did not run (no control) fails" no_control
	check "fstests report: lockdep off at the end of the patched run fails" lockdep_off
	check "fstests report: a failure message with quotes and ampersands is read" quoted
	check "fstests report: with the patched kernel alone, any failure fails" alone
	check "fstests report: with the patched kernel alone, a named test that did not run fails" not_asked
	check "fstests report: a pristine panic fails its test there, the boot after it runs the rest" pristine_panic
	check "fstests report: a panic of the patched kernel in a test pristine passes fails" patched_panic
	check "fstests report: a panic in the last test ends the run only when run.sh found none left" last_panic
	check "fstests report: a patched panic pristine did not have, in a test or between two, fails" other_panics
	check "fstests left: the tests a boot after a panic runs: neither run nor panicked in; none after an end" left
	check "fstests left: after a panic, result.xml.new when it is fuller; a torn result.xml left out" renamed
	check "fstests report: a lockdep report is told apart by its lock classes" lock_pair
	check "fstests report: a known lockdep report is excused, what ran after it runs again" known_report
	check "fstests left: a known report that comes again in its test, that test is not run a third time" known_again
	check "fstests left: a known report not lockdep's, only its test runs again" known_warning
	check "fstests left: known reports in two tests, both run again; lockdep off all the same, the rest too" known_twice
	check "fstests left: a known report in the first test or before any; before any twice, no boot more" known_first
	check "fstests left: a kernel that panics in every test boots four times" max_boots
	check "fstests left: a known report then a panic, the known report's test runs again" known_then_panic
	check "fstests merge: the parts of a run summed once all are there" merged
	check "fstests merge: a part made on another series is an error, nothing summed" stale_part
	check "fstests merge: a part's problem fails the whole run" part_failed
	check "fstests merge: another file system's complete parts are summed in, others left out" other_fs
	check "fstests merge: a kept part of the same series is summed in, others left out" kept_parts
	check "fstests merge: the parts kept in docs/fstests-parts belong together" kept_in_git
	exit "$status"
fi

v=${2:?usage: fstests.sh run KVER}
out=$TOP/out/$v

# bad_fstests WANT VAR=VALUE...: one error line, and out/$v untouched.
bad_fstests() {
	local want=$1 before
	shift
	before=$(ls -l "$out")
	one_error "$want" make -s -C "$TOP" fstests KVER="$v" "$@" &&
		[ "$before" = "$(ls -l "$out")" ]
}

# A root file system build that fails (mmdebstrap cannot reach Debian's
# archive): one error line, no image.
no_archive() {
	local rootfs=$TOP/fstests/rootfs.sh
	mkdir -p "$tmp/top/bin" "$tmp/src"
	ln -sfn "$TOP/fstests" "$tmp/top/fstests"
	printf '#!/bin/sh\necho "E: cannot reach the archive" >&2\nexit 1\n' >"$tmp/top/bin/mmdebstrap"
	chmod +x "$tmp/top/bin/mmdebstrap"
	printf '#!/bin/sh\n' >"$tmp/src/check"
	chmod +x "$tmp/src/check"
	PATH=$tmp/top/bin:$PATH TOP=$tmp/top FSTESTS=$tmp/src \
		one_error "error: fstests: the root file system does not build (is Debian's archive reachable?)" \
		"$rootfs" &&
		[ ! -e "$tmp/top/build/fstests/rootfs.img" ]
}

# The default selection split in 3: every test in exactly one part, none
# excluded, and the groups' tests there.
parts_cover() {
	local k
	"$TOP/fstests/run.sh" selection >"$tmp/whole" || return 1
	for k in 1 2 3; do
		FSTESTS_SHARD=$k/3 "$TOP/fstests/run.sh" selection || return 1
	done >"$tmp/parts"
	wc -l "$tmp/whole" "$tmp/parts"
	[ -s "$tmp/whole" ] && diff <(sort "$tmp/whole") <(sort "$tmp/parts") &&
		[ -z "$(sort "$tmp/parts" | uniq -d)" ] &&
		grep -qx 'ext4 generic/055' "$tmp/whole" && grep -qx 'xfs generic/426' "$tmp/whole" &&
		! grep -qx 'ext4 generic/230' "$tmp/whole"
}

# An exclusion of one kernel version (FS@VERSION.PATCHLEVEL) leaves the
# test out on that version's tree and file system only; the version is
# the tree's (KVER says another).
one_version() {
	local sel=$tmp/version-sel
	printf '%s\n' "xfs@$v generic/426  # here, two blanks before the reason" 'xfs@1.0 generic/055 # elsewhere' \
		"all@$v generic/001 # here, on both" >"$tmp/version"
	KID=$v KVER=1.0 FSTESTS_EXCLUDE=$tmp/version "$TOP/fstests/run.sh" selection >"$sel" || return 1
	grep -c . "$sel"
	! grep -qx 'xfs generic/426' "$sel" && grep -qx 'ext4 generic/426' "$sel" &&
		grep -qx 'xfs generic/055' "$sel" && ! grep -q ' generic/001$' "$sel"
}

quick_run() {
	rm -rf "$out"/fstests-quick*
	make --no-print-directory -C "$TOP" fstests KVER="$v" QUICK=1 &&
		cat "$out/fstests-quick.txt" &&
		python3 - "$out/fstests-quick.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["kernels"] == ["patched"], r["kernels"]
assert r["tests"] == {"ext4": {"generic/426": {"patched": "pass"}}}, r["tests"]
run = r["runs"]["ext4"]["patched"]
assert run["exit"] == 0 and not run["reports"] and run["kmemleak"] == "on", run
assert r["verdict"] == "pass", r["problems"]
EOF
}

# A guest that does not end within BOOT_TIMEOUT: stopped, and the run
# fails as one that did not end.
hung() {
	BOOT_TIMEOUT=20 make -s -C "$TOP" fstests KVER="$v" QUICK=1 >"$tmp/hung.out" 2>&1 && return 1
	cat "$tmp/hung.out"
	grep -q 'problem: ext4: check did not finish on the patched kernel' "$tmp/hung.out" &&
		grep -q '^FSTESTS: the boot hung: no end after 20s' "$out/fstests-quick/patched-ext4/console.log"
}

check "fstests $v: FSTESTS that does not exist is one error line" \
	bad_fstests "error: fstests: FSTESTS=/nonexistent does not exist" FSTESTS=/nonexistent
check "fstests $v: a group fstests does not know is one error line" \
	bad_fstests "error: fstests: FSTESTS_GROUPS names 'nosuchgroup'" FSTESTS_GROUPS=nosuchgroup
check "fstests $v: a test fstests does not have is one error line" \
	bad_fstests "error: fstests: FSTESTS_TESTS names 'generic/9999'" FSTESTS_TESTS=generic/9999
check "fstests $v: a file system other than ext4 and xfs is one error line" \
	bad_fstests "error: fstests: FSTESTS_FS names 'btrfs'" FSTESTS_FS=btrfs
check "fstests $v: FSTESTS_KMEMLEAK other than 0 or 1 is one error line" \
	bad_fstests "error: fstests: FSTESTS_KMEMLEAK=yes is not 0 or 1" FSTESTS_KMEMLEAK=yes
check "fstests $v: FSTESTS_JOBS that is not a positive number is one error line" \
	bad_fstests "error: fstests: FSTESTS_JOBS=0 is not a positive number of guests" FSTESTS_JOBS=0
check "fstests $v: a group with no test for the file system is one error line" \
	bad_fstests "error: fstests: FSTESTS_GROUPS names 'replace', which has no test in tests/generic or tests/ext4" \
	FSTESTS_GROUPS=replace FSTESTS_FS=ext4
printf '%s\n' '# a comment' '' 'ext4 generic/001' >"$tmp/no-reason"
check "fstests $v: an exclusion without its reason is one error line" \
	bad_fstests "error: fstests: $tmp/no-reason: 'ext4 generic/001': no reason" FSTESTS_EXCLUDE="$tmp/no-reason"
printf '%s\n' 'ext4 generic/9999 # gone' >"$tmp/no-test"
check "fstests $v: an exclusion of a test fstests does not have is one error line" \
	bad_fstests "error: fstests: $tmp/no-test: 'ext4 generic/9999': this fstests has no test" FSTESTS_EXCLUDE="$tmp/no-test"
printf '%s\n' 'xfs@6 generic/001 # why' >"$tmp/no-version"
check "fstests $v: an exclusion of a kernel version that is not X.Y is one error line" \
	bad_fstests "error: fstests: $tmp/no-version: 'xfs@6 generic/001': '@6' is not a kernel version such as @6.1" \
	FSTESTS_EXCLUDE="$tmp/no-version"
printf '%s\n' 'xfs@6.12 WARNING: possible circular locking dependency detected' >"$tmp/known-no-reason"
check "fstests $v: a known report without its reason is one error line" \
	bad_fstests "error: fstests: $tmp/known-no-reason: 'xfs@6.12 WARNING: possible circular locking dependency detected': no reason; write 'FS REPORT # why'" \
	FSTESTS_KNOWN="$tmp/known-no-reason"
printf '%s\n' 'ext4 possible circular dependency # not how lockdep says it' >"$tmp/known-no-report"
check "fstests $v: a known report that is no kernel report is one error line" \
	bad_fstests "error: fstests: $tmp/known-no-report: 'ext4 possible circular dependency': no kernel report's header" \
	FSTESTS_KNOWN="$tmp/known-no-report"
printf '%s\n' 'ext4 WARNING: possible circular locking dependency detected # which locks?' >"$tmp/known-no-locks"
check "fstests $v: a known lockdep report without its two locks is one error line" \
	bad_fstests "error: fstests: $tmp/known-no-locks: 'ext4 WARNING: possible circular locking dependency detected': lockdep names the two locks" \
	FSTESTS_KNOWN="$tmp/known-no-locks"
check "fstests $v: FSTESTS_SHARD that is not K/N with K <= N is one error line" \
	bad_fstests "error: fstests: FSTESTS_SHARD=4/3 is not K/N" FSTESTS_SHARD=4/3
# other_part: a made-up part 1 of 97 of ext4 in out/$v stays when xfs is
# asked for in 97 parts too.
other_part() {
	local part=$out/fstests-shard-1-of-97.json rc=0
	echo '{"runs": {"ext4": {}}}' >"$part"
	bad_fstests "error: fstests: FSTESTS_SHARD=1/97: $part is a part of ext4; make xfs in another number of parts" \
		FSTESTS_FS=xfs FSTESTS_SHARD=1/97 || rc=1
	grep -q ext4 "$part" || rc=1
	rm -f "$part"
	return "$rc"
}
check "fstests $v: a part of another file system in as many parts is one error line, not replaced" other_part
check "fstests $v: FSTESTS_SHARD with QUICK=1 is one error line" \
	bad_fstests "error: fstests: FSTESTS_SHARD=1/2 with QUICK=1" FSTESTS_SHARD=1/2 QUICK=1
check "fstests $v: the parts of FSTESTS_SHARD=K/3 are disjoint and make the whole selection" parts_cover
check "fstests $v: an exclusion of this kernel version leaves its test out of that file system only" one_version
check "fstests: a root file system that does not build is one error line, no image" no_archive
check "fstests $v: a guest that does not end within BOOT_TIMEOUT fails the run" hung
check "fstests $v: make fstests QUICK=1 builds the image, boots and passes generic/426" quick_run
exit "$status"
