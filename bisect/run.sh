#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make bisect: prove that every commit of the series builds and boots, as
# git bisect and a maintainer applying one patch at a time need.  For each
# commit of pristine..series, in order: check it out in build/$KID/src,
# build it incrementally in build/$KID/obj (the boot test's configuration
# and object directory, so that make boot afterwards has nothing left to
# build), run sparse on the .c files the commit touches before and after
# it (a warning the commit adds fails it), and boot it under QEMU with the
# smoke tests: the walkers that need no program run from /init, and
# guest.only= picks the tests that reach the rest (umount with inotify
# watches and a landlock rule, quota off and on, CPU hotplug).  Every
# built-in KUnit suite runs: kunit.filter_glob would make 6.1's KUnit
# executor leak the debugfs logs of the suite copies it filters.  The console
# is judged by the boot test's scanner.  At the end the kernel's own
# semantic patches (check/coccicheck.sh) must report nothing new in the
# files the series touches.  The first bad commit stops the
# run with one line naming it, the stage and the log; the series branch is
# checked out again in every case.  Reports: out/$KID/bisect.txt, and
# bisect.ktap (a result per check).
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
need_series bisect
mkdir -p "$LOGDIR/bisect"
smoke=${BISECT_TESTS:-sb-inodes-umount,sb-inodes-quota,sb-inodes-hotplug}
obj=$BUILD/obj
report=$OUT/bisect.txt
tmp_report=$report.tmp
initrd=$BUILD/initramfs.cpio.gz

[ -z "$(git_src status --porcelain)" ] ||
	die bisect "$SRC has uncommitted changes; run 'make series' again"
trap 'git_src checkout -q series' EXIT
results_open "$OUT/bisect.ktap"
"$TOP/lib/initramfs.sh" "$initrd" "$TOP/boot/init" "$TOP/boot/guest" /tests

# sparse_warnings LOG FILE...: sparse_lines of the objects of FILEs.
sparse_warnings() {
	local log=$1 objects=()
	shift
	for f in "$@"; do
		objects+=("${f%.c}.o")
	done
	kmake "$SRC" "$obj" C=2 "${objects[@]}" >"$log" 2>&1 || return 1
	sparse_lines "$log"
}

# bad WHAT LOG: the one line that names the first bad commit, then stop.
bad() {
	printf '%-4s %-60.60s %6s %6s  FAIL: %s\n' "$n" "$subject" "${build_s:--}" \
		"${boot_s:--}" "$1" >>"$tmp_report"
	mv "$tmp_report" "$report"
	record FAIL "bisect: commit $n/$total '$subject': $1"
	results_close
	die bisect "commit $n/$total '$subject' fails to $1; see $2"
}

# built FILE...: those of the .c FILEs whose object this configuration builds.
built() {
	for f in "$@"; do
		if [ -f "$obj/${f%.c}.o" ]; then
			echo "$f"
		fi
	done
}

"$TOP/lib/config.sh" "$SRC" "$obj" patched "$TOP"/boot/*.config
printf '%-4s %-60s %6s %6s  %s\n' '#' 'commit' 'build' 'boot' 'verdict' >"$tmp_report"
n=0
total=$(git_src rev-list --count pristine..series)
for commit in $(git_src rev-list --reverse pristine..series); do
	n=$((n + 1))
	subject=$(git_src log -1 --format=%s "$commit")
	log=$LOGDIR/bisect/$n
	build_s='' boot_s=''
	mapfile -t touched < <(git_src diff --name-only --diff-filter=d "$commit~1" "$commit" -- '*.c' |
		grep -v '_kunit\.c$')
	# sparse on the touched files as the commit found them (built by the
	# step before; the first commit's files must be clean on their own),
	# then as it leaves them.
	mapfile -t files < <(built ${touched[@]+"${touched[@]}"})
	before=
	if [ ${#files[@]} -gt 0 ] && [ $n -gt 1 ]; then
		before=$(sparse_warnings "$log-sparse-before.log" "${files[@]}") ||
			bad "build before it (sparse)" "$log-sparse-before.log"
	fi
	git_src checkout -q "$commit"
	start=$SECONDS
	kmake "$SRC" "$obj" bzImage >"$log-build.log" 2>&1 || bad build "$log-build.log"
	build_s=$((SECONDS - start))
	mapfile -t files < <(built ${touched[@]+"${touched[@]}"})
	if [ ${#files[@]} -gt 0 ]; then
		after=$(sparse_warnings "$log-sparse.log" "${files[@]}") ||
			bad "build with sparse" "$log-sparse.log"
		new=$(comm -13 <(printf '%s\n' "$before" | sed '/^$/d') \
			<(printf '%s\n' "$after" | sed '/^$/d'))
		if [ -n "$new" ]; then
			printf '%s\n' "$new" >"$log-sparse-new.txt"
			bad "stay sparse-clean: $(grep -c . <<<"$new") new warnings" "$log-sparse-new.txt"
		fi
	fi
	"$TOP/lib/disks.sh" bisect "$BUILD"
	start=$SECONDS
	rc=0
	"$TOP/lib/qemu.sh" -t "${BOOT_TIMEOUT:-900}" -x "guest.only=$smoke" "$obj/arch/x86/boot/bzImage" \
		"$initrd" "$log-console.log" "$BUILD/disk.img" "$BUILD/vfat.img" >/dev/null || rc=$?
	boot_s=$((SECONDS - start))
	[ $rc = 124 ] && bad "boot: hung after ${BOOT_TIMEOUT:-900}s" "$log-console.log"
	# The brlock suite is judged once it exists: the first commit adds it.
	"$TOP/lib/scan-console.sh" -n bisect "$log-console.log" \
		"$TOP"/brlock/*_kunit.c >"$log-scan.txt" || bad boot "$log-console.log ($log-scan.txt)"
	printf '%-4s %-60.60s %5ss %5ss  ok (sparse: %d files)\n' "$n" "$subject" \
		"$build_s" "$boot_s" "${#files[@]}" >>"$tmp_report"
	say "bisect $KID: $n/$total built in ${build_s}s, booted in ${boot_s}s: $subject"
done
# What the kernel's build bots add: its own semantic patches over the
# files the series touches, against the pristine tree.
"$TOP/check/coccicheck.sh" "$tmp_report" ||
	{ mv "$tmp_report" "$report"; results_close; die bisect "coccicheck finds new reports; see $report"; }
mv "$tmp_report" "$report"
record PASS "bisect: all $total commits build, stay sparse-clean and boot the smoke tests"
results_close
say "bisect $KID: all $total commits build and boot ($report)"
