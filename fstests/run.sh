#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make fstests: fstests in the QEMU guest, on the patched kernel and, as
# control, the pristine one, both with make boot's configuration
# (boot/*.config: lockdep, kmemleak; boot/fstests.config has what fstests
# needs) in build/$KID/obj and obj-pristine, the kernels make boot, make
# soak and make bench build.  The guest boots fstests/rootfs.sh's Debian
# image (/dev/vda, its writes thrown away), with the test and scratch
# devices as /dev/vdb and /dev/vdc (4 GiB each) and the run's own disk,
# /dev/vdd (ext4 without a journal, which debugfs reads afterwards):
# fstests/guest-init, check's arguments, the exclusion list and the
# kernel's .config go in, fstests' results/ come back.  For each file
# system of FSTESTS_FS (ext4 xfs) it runs the groups FSTESTS_GROUPS
# (quota exportfs freeze remount) and the tests FSTESTS_TESTS
# (fstests/tests), less those FSTESTS_EXCLUDE (fstests/exclude: "FS TEST
# # why"; FS@VERSION.PATCHLEVEL, the tree's top Makefile's, for the
# trees of one kernel version) leaves out.  fstests/report.py writes
# out/$KID/fstests.txt and fstests.json, its verdict as fstests.ktap, and
# out/$KID/fstests/KERNEL-FS/ holds each run's results/ and console.
# Fails on a regression (passes on pristine, fails or is
# not run on patched), a kernel report the pristine console does not
# have and FSTESTS_KNOWN (fstests/known-reports: "FS REPORT # why", FS
# as above) does not excuse, lockdep off by the end, or a run that did
# not end.  QUICK=1 is
# make test's case: generic/426 (file handles of inodes evicted by
# drop_caches) on ext4, the patched kernel alone, where any failure
# fails.  FSTESTS_JOBS guests (the host's CPU count) run at once.  A boot
# that has not ended after BOOT_TIMEOUT seconds (21600; 900 with QUICK=1)
# is stopped, and its run did not end.  An oops panics the guest, which
# ends the boot; the guest boots again for the tests left (in
# KERNEL-FS/boot-2, boot-3...), and the test it panicked in failed.  So
# it does after a known report, for the tests after it (they ran with
# lockdep off) and, once, the test it came in.
# FSTESTS_SHARD=K/N runs the K-th
# of N parts of each file system's tests (every N-th of the sorted list
# of the groups' tests, the named tests less the excluded ones, from the
# K-th), so that a run too long for one sitting can be made in parts:
# each part writes out/$KID/fstests-shard-K-of-N.*, and once all N parts
# of the same series and tests are there, fstests/merge.py writes their
# sum, and that of the other file systems' complete parts (made in
# another number of parts), as out/$KID/fstests.txt and fstests.json;
# the parts made on an earlier machine come from FSTESTS_KEPT
# (docs/fstests-parts/$KID, kept in git: out/ lasts one machine).
# QUICK=1 writes out/$KID/fstests-quick.*.  "run.sh args" only checks
# the arguments; "run.sh selection" prints "FS TEST" for each test the
# run would give check.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
fses=${FSTESTS_FS-ext4 xfs}
groups=${FSTESTS_GROUPS-quota exportfs freeze remount}
tests=${FSTESTS_TESTS-$(sed 's/#.*//' "$TOP/fstests/tests" | xargs)}
exclude=${FSTESTS_EXCLUDE:-$TOP/fstests/exclude}
known_reports_file=${FSTESTS_KNOWN:-$TOP/fstests/known-reports}
kept=${FSTESTS_KEPT-$TOP/docs/fstests-parts/$KID}
kernels="patched pristine"
# A boot that runs longer than this counts as hung (BOOT_TIMEOUT).
timeout=${BOOT_TIMEOUT:-21600}
# kmemleak tracks every allocation: under TCG a process's exec took 1.5
# to 2 times as long with it on.  Off unless FSTESTS_KMEMLEAK=1 (make
# test's case keeps it on, so that fstests' kmemleak path is used).
kmemleak=${FSTESTS_KMEMLEAK:-0}
name=fstests
if [ "${QUICK:-}" = 1 ]; then
	fses=ext4 groups='' tests=generic/426 kernels=patched timeout=${BOOT_TIMEOUT:-900} kmemleak=1
	name=fstests-quick
fi
read -ra list <<<"$tests"
shard=${FSTESTS_SHARD:-}
if [ -n "$shard" ]; then
	if ! [[ $shard =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
		die fstests "FSTESTS_SHARD=$shard is not K/N with 1 <= K <= N (the K-th of N parts)"
	fi
	[ "${QUICK:-}" != 1 ] || die fstests "FSTESTS_SHARD=$shard with QUICK=1: QUICK runs one test; drop one of them"
	name=fstests-shard-${shard%/*}-of-${shard#*/}
fi

known=$("$TOP/fstests/rootfs.sh" list) || exit 1
case $kmemleak in
0 | 1) ;;
*) die fstests "FSTESTS_KMEMLEAK=$kmemleak is not 0 or 1" ;;
esac
jobs=${FSTESTS_JOBS:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die fstests "FSTESTS_JOBS=$jobs is not a positive number of guests"
leakoff=' kmemleak=off'
[ "$kmemleak" = 0 ] || leakoff=
[ -n "$fses" ] || die fstests "FSTESTS_FS is empty; name ext4, xfs or both"
for fs in $fses; do
	case $fs in
	ext4 | xfs) ;;
	*) die fstests "FSTESTS_FS names '$fs'; fstests runs here on ext4 and xfs" ;;
	esac
done
for g in $groups; do
	grep -qxF "group $g" <<<"$known" ||
		die fstests "FSTESTS_GROUPS names '$g', a group this fstests does not know (see its doc/group-names.txt)"
done
for t in $tests; do
	grep -qxF "test $t" <<<"$known" ||
		die fstests "FSTESTS_TESTS names '$t', a test this fstests does not have (tests/DIR/NNN)"
done
[ -n "$groups$tests" ] || die fstests "FSTESTS_GROUPS and FSTESTS_TESTS are both empty: nothing to run"
# check stops with "Group is empty" when a group has no test for the file
# system: say so here, before anything boots.
for fs in $fses; do
	for g in $groups; do
		grep -qxF "member $g generic" <<<"$known" || grep -qxF "member $g $fs" <<<"$known" ||
			die fstests "FSTESTS_GROUPS names '$g', which has no test in tests/generic or tests/$fs"
	done
done
# The tree's VERSION.PATCHLEVEL, which "FS@VERSION" exclusions name.
makefile=$SRC/Makefile
[ -f "$makefile" ] || makefile=${TREE:+$TREE/Makefile}
version=${KVER:-}
if [ -n "$makefile" ] && [ -f "$makefile" ]; then
	version=$(kernel_version "$makefile" | cut -d. -f1,2)
fi
# entries FILE WHAT: FILE's lines, "FS WHAT # why" (FS: ext4, xfs or
# all; FS@VERSION.PATCHLEVEL for the trees of one kernel version), each
# checked and printed as "FS WHAT".
entries() {
	local file=$1 what=$2 fs entry item
	[ -f "$file" ] || die fstests "$file does not exist; name a file of 'FS $what # why' lines"
	while read -r fs entry || [ -n "$fs" ]; do
		fs=${fs%$'\r'}
		case $fs in
		"#"* | "") continue ;;
		esac
		item="$fs ${entry%%[[:space:]]#*}"
		item=${item%"${item##*[![:space:]]}"}
		case ${fs%@*} in
		ext4 | xfs | all) ;;
		*) die fstests "$file: '$item': the file system is ext4, xfs or all" ;;
		esac
		[[ $fs != *@* || ${fs#*@} =~ ^[1-9][0-9]*\.[0-9]+$ ]] ||
			die fstests "$file: '$item': '@${fs#*@}' is not a kernel version such as @6.1"
		[[ $entry =~ [^[:space:]][[:space:]]+#[[:space:]]*[^[:space:]] ]] ||
			die fstests "$file: '$item': no reason; write 'FS $what # why'"
		printf '%s\n' "$item"
	done <"$file"
}
# Every exclusion names a test this fstests has.
excludes=$(entries "$exclude" TEST) || exit 1
while read -r xfs xtest; do
	[ -z "$xtest" ] || grep -qxF "test $xtest" <<<"$known" ||
		die fstests "$exclude: '$xfs $xtest': this fstests has no test $xtest"
done <<<"$excludes"
# Every known report has a header of lib/kernel-reports.txt, and one
# of two locks names them.
known_reports=$(entries "$known_reports_file" REPORT) || exit 1
while read -r kfs report; do
	[ -n "$report" ] || continue
	grep -qE -f <(grep -v '^#' "$TOP/lib/kernel-reports.txt" | sed '/^$/d') <<<"$report" ||
		die fstests "$known_reports_file: '$kfs $report': no kernel report's header (lib/kernel-reports.txt has them)"
	[[ ! $report =~ possible\ (circular|recursive)\ locking || $report =~ :\ .+\ -\>\ . ]] ||
		die fstests "$known_reports_file: '$kfs $report': lockdep names the two locks of this report; write 'HEADER: HELD -> WANTED'"
done <<<"$known_reports"

# listed ENTRIES FS: the entries of FS on this kernel version, a line each.
listed() {
	awk -v fs="$2" -v version="$version" '
		$1 == fs || $1 == "all" || $1 == fs "@" version || $1 == "all@" version {
			sub(/^[^ ]+ /, "")
			print
		}' <<<"$1"
}

# selection FS: what a run gives check on FS, sorted, "FS TEST" a line:
# the groups' tests in tests/generic and tests/FS and the named tests,
# less FS's exclusions; with FSTESTS_SHARD=K/N, every N-th from the K-th.
selection() {
	local fs=$1 skip
	skip=$(listed "$excludes" "$fs")
	{
		for g in $groups; do
			awk -v g="$g" -v fs="$fs" '$1 == "in" && $2 == g && $3 ~ "^(generic|" fs ")/" { print $3 }' \
				<<<"$known"
		done
		printf '%s\n' "${list[@]}"
	} | sed '/^$/d' | LC_ALL=C sort -u |
		awk -v fs="$fs" -v shard="${shard:-1/1}" -v skip="$skip" '
			BEGIN {
				split(shard, kn, "/")
				nx = split(skip, x, "\n")
				for (i = 1; i <= nx; i++)
					out[x[i]] = 1
			}
			!($1 in out) && n++ % kn[2] == kn[1] - 1 { print fs " " $1 }'
}
if [ "${1:-}" = selection ]; then
	for fs in $fses; do
		selection "$fs"
	done
	exit 0
fi
# A part of other file systems made in as many parts is not replaced:
# merge.py could no longer sum them.
if [ -n "$shard" ] && [ -f "$OUT/$name.json" ]; then
	had=$(python3 -c 'import json, sys; print(*sorted(json.load(open(sys.argv[1]))["runs"]))' "$OUT/$name.json")
	[ "$had" = "$(tr ' ' '\n' <<<"$fses" | sed '/^$/d' | sort | xargs)" ] ||
		die fstests "FSTESTS_SHARD=$shard: $OUT/$name.json is a part of $had; make $fses in another number of parts, or remove it"
fi
[ "${1:-}" != args ] || exit 0
need_series fstests

"$TOP/fstests/rootfs.sh"
work=$BUILD/$name
fresh_dir "$work"
# What an earlier run of the same tests wrote is not this run's verdict.
rm -rf "${OUT:?}/$name" "$OUT/$name.txt" "$OUT/$name.json"
results_open "$OUT/$name.ktap"
build_kernel fstests patched "$SRC" patched "$BUILD/obj" "$TOP"/boot/*.config
[ "$kernels" = patched ] ||
	build_kernel fstests pristine "$BUILD/pristine" pristine "$BUILD/obj-pristine" "$TOP"/boot/*.config

# check gets the groups by name, or a part's tests one by one.
report_args=(-R xunit -E /results/exclude)
args=("${report_args[@]}")
[ -z "$groups" ] || args+=(-g "$(tr ' ' , <<<"$groups" | sed 's/,$//')")
args+=("${list[@]}")
for fs in $fses; do
	selection "$fs" >"$work/selection-$fs"
	[ -s "$work/selection-$fs" ] || [ -z "$shard" ] ||
		die fstests "FSTESTS_SHARD=$shard has no test on $fs: use fewer parts"
done
export PATH=$PATH:/usr/sbin:/sbin

# boot_one OBJ DIR FS ARGS EXCLUDE: one boot of the guest with check's
# arguments and exclusions in the files ARGS and EXCLUDE, its console and
# fstests' results/ in DIR.
boot_one() {
	local obj=$1 dir=$2 fs=$3 start=$SECONDS rc=0 log
	log=${dir#"$work"/}
	log=${log//\//-}
	mkdir -p "$dir/disk"
	cp "$TOP/fstests/guest-init" "$5" "$dir/disk/"
	cp "$obj/.config" "$dir/disk/kernel-config"
	cp "$4" "$dir/disk/args"
	logged fstests "$LOGDIR/fstests-disks-$log.log" \
		mkfs.ext4 -q -F -O ^has_journal -d "$dir/disk" "$dir/run.img" 256M
	truncate -s 4G "$dir/test.img" "$dir/scratch.img"
	# 8 CPUs present, not 64: generic/650 runs one fsstress process per
	# present CPU and brings CPUs on- and offline at random, its cleanup
	# all of them.  With 64 present, the guest's vCPUs starved on 2 host
	# cores until the soft-lockup detector fired (and failed the test).
	# oops=panic: an oops ends the boot (panic=-1, QEMU -no-reboot), where
	# the kernel would often hang on the locks the dead task held.
	"$TOP/lib/qemu.sh" -p 8 -t "$timeout" \
		-x "root=/dev/vda rw init=/init-fstests fstests.fs=$fs oops=panic$leakoff" \
		"$obj/arch/x86/boot/bzImage" - "$dir/console.log" \
		"$TOP/build/fstests/rootfs.img,snapshot=on" "$dir/test.img" "$dir/scratch.img" \
		"$dir/run.img" >/dev/null || rc=$?
	[ $rc != 124 ] || echo "FSTESTS: the boot hung: no end after ${timeout}s" >>"$dir/console.log"
	echo "FSTESTS: host: $((SECONDS - start)) seconds" >>"$dir/console.log"
	rm -f "$dir/test.img" "$dir/scratch.img"
	logged fstests "$LOGDIR/fstests-rdump-$log.log" debugfs -R "rdump /results $dir" "$dir/run.img"
	rm -rf "$dir/disk" "$dir/run.img"
}

# tests_args: check's arguments, a line each, for the tests on stdin.
tests_args() {
	printf '%s\n' "${report_args[@]}"
	cat
}

# run_one KERNEL FS: KERNEL's run on FS in $work/KERNEL-FS.  After a
# panic or a known report, the guest boots again (in KERNEL-FS/boot-2,
# boot-3...) for the tests left, as fstests/left.py decides.
run_one() {
	local kernel=$1 fs=$2 obj=$BUILD/obj run=$work/$1-$2 dir start=$SECONDS boot=1 boots='' out
	[ "$kernel" = patched ] || obj=$BUILD/obj-pristine
	dir=$run
	mkdir -p "$run"
	listed "$excludes" "$fs" >"$run/exclude"
	listed "$known_reports" "$fs" >"$run/known"
	if [ -n "$shard" ]; then
		cut -d' ' -f2 "$work/selection-$fs" | tests_args >"$run/args"
	else
		printf '%s\n' "${args[@]}" >"$run/args"
	fi
	boot_one "$obj" "$dir" "$fs" "$run/args" "$run/exclude"
	while :; do
		out=$(python3 "$TOP/fstests/left.py" "$run" "$work/selection-$fs" 2>>"$LOGDIR/fstests-left-$kernel-$fs.log") ||
			die fstests "fstests/left.py could not read $run; see $LOGDIR/fstests-left-$kernel-$fs.log"
		case $out in
		"") break ;;
		FSTESTS:*)
			echo "$out" >>"$dir/console.log"
			break
			;;
		esac
		boot=$((boot + 1))
		echo "FSTESTS: booting again after ${out%%$'\n'*} for the $(($(wc -l <<<"$out") - 1)) tests left (boot-$boot)" \
			>>"$dir/console.log"
		dir=$run/boot-$boot
		mkdir -p "$dir"
		tail -n +2 <<<"$out" | tests_args >"$run/args-$boot"
		boot_one "$obj" "$dir" "$fs" "$run/args-$boot" "$run/exclude"
	done
	[ "$boot" = 1 ] || boots=", $boot boots"
	say "fstests $KID: $kernel kernel, $fs: $((SECONDS - start))s$boots"
}

# FSTESTS_JOBS guests at once (the host's CPU count).
for fs in $fses; do
	for kernel in $kernels; do
		side_by_side "$jobs" run_one "$kernel" "$fs"
	done
done
side_by_side_wait || exit 1

# What the run tested: merge.py sums only parts of the same series (the
# trees of its commits; the commits carry AUTHOR too), the same whole
# selection and the same setup: the root file system (its key), the
# kernels' configurations, the guest's init, kmemleak and the known
# reports each run was given.
whole=$(for fs in $fses; do shard='' selection "$fs"; done | sha1sum | cut -c1-40)
configs=("$BUILD/obj/.config")
[ "$kernels" = patched ] || configs+=("$BUILD/obj-pristine/.config")
setup=$({ cat "$TOP/build/fstests/rootfs.img.key" "${configs[@]}" "$TOP/fstests/guest-init" "$work"/*/known &&
	echo "kmemleak=$kmemleak"; } | sha1sum | cut -c1-40) ||
	die fstests "could not read what the run was made with (see above); make fstests again"
rc=0
python3 "$TOP/fstests/report.py" --dir "$work" --kernels "$kernels" --fs "$fses" --tests "$tests" \
	--reports "$TOP/lib/kernel-reports.txt" --about "selection=$whole" --about "setup=$setup" \
	--about "patched=$(git_src rev-parse series)" --about "pristine=$(git_src rev-parse pristine)" \
	--about "patched_tree=$(git_src rev-parse 'series^{tree}')" \
	--about "pristine_tree=$(git_src rev-parse 'pristine^{tree}')" \
	${shard:+--about "shard=$shard"} >"$LOGDIR/$name-report.log" 2>&1 || rc=$?
if [ $rc -gt 1 ] || [ ! -f "$work/fstests.json" ]; then
	die fstests "fstests/report.py failed; see $LOGDIR/$name-report.log"
fi
mv "$work/fstests.json" "$OUT/$name.json"
mv "$work/fstests.txt" "$OUT/$name.txt"
cp -r "$work" "$OUT/$name"
cat "$LOGDIR/$name-report.log"
if [ -n "$shard" ]; then
	python3 "$TOP/fstests/merge.py" --out "$OUT" --parts "${shard#*/}" --made "${shard%/*}" --kept "$kept" ||
		die fstests "fstests/merge.py could not sum the parts; see above"
fi
if [ $rc = 0 ]; then
	record PASS "$name $KID: no regression, no kernel report"
else
	record FAIL "$name $KID: see $OUT/$name.txt"
fi
results_close
[ $rc = 0 ] || die fstests "the patched kernel failed fstests; see $OUT/$name.txt"
