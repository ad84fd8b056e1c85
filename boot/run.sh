#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make boot: build the patched kernel (tinyconfig + boot/*.config) in
# build/$KID/obj, build the initramfs and the guest's disks, boot it under
# QEMU with two vCPUs and judge the console.  Where the tree's x86 supports
# PREEMPT_RT (and RT is not 0), do the same with a PREEMPT_RT kernel
# (boot/*.config + lib/rt.config) in build/$KID/obj-rt-boot; and,
# unless KASAN is 0, with a KASAN kernel (boot/*.config +
# boot/variants/kasan.config) in build/$KID/obj-kasan-boot.  Each variant
# has everything the plain kernel has: RT=only (on a tree with RT) and
# KASAN=only skip the plain one (make test, for its budget).  Writes
# out/$KID/NAME.log, NAME.txt and NAME.ktap (the console, the verdicts
# and timings, and the verdicts as a KTAP report) for NAME boot, boot-rt
# and boot-kasan; exits non-zero on failure.
# When the patched kernel does not build or boot, the pristine tree is
# built (and booted) with the same configuration, so that the error line
# says whether the tree fails on its own.
# "run.sh args" only checks RT, KASAN and SOAK (make does that first).
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
case ${RT:-1} in
0 | 1 | only) ;;
*) die boot "RT=$RT is not 0, 1 or only" ;;
esac
case ${KASAN:-1} in
0 | 1 | only) ;;
*) die boot "KASAN=$KASAN is not 0, 1 or only" ;;
esac
# BOOT_ARGS: more kernel command line, e.g. guest.only=NAME,... (those
# guest tests alone; each must be a program of boot/guest/) or
# kunit.filter_glob=.
append=${BOOT_ARGS:-}
only=$(sed -n 's/.*guest\.only=\([^ ]*\).*/\1/p' <<<"$append")
for t in ${only//,/ }; do
	[ -e "$TOP/boot/guest/$t.c" ] || [ -e "$TOP/boot/guest/$t.sh" ] ||
		die boot "BOOT_ARGS: guest.only=$only: no guest test $t; the tests: $(find "$TOP/boot/guest" -name '*.c' -o -name '*.sh' | sed 's|.*/||; s/\.[a-z]*$//' | sort | paste -sd' ')"
done
# SOAK=SECONDS: the guest's soak (boot/guest/soak.sh) runs that long on
# two more disks, within the boot's time limit; the host checks their file
# systems afterwards.
timeout=${BOOT_TIMEOUT:-900}
disks=(disk.img vfat.img)
case ${SOAK:-} in
'') ;;
*[!0-9]* | 0*) die boot "SOAK=$SOAK is not a positive number of seconds" ;;
*)
	append="$append guest.soak=$SOAK"
	timeout=$((timeout + SOAK))
	disks+=(soak-ext4.img soak-xfs.img)
	;;
esac
[ "${1:-}" != args ] || exit 0
need_series boot
mkdir -p "$LOGDIR"

initrd=$BUILD/initramfs.cpio.gz
"$TOP/lib/initramfs.sh" "$initrd" "$TOP/boot/init" "$TOP/boot/guest" /tests \
	/usr/bin/stress-ng


# pristine_fails NAME OBJDIR STAGE FRAGMENT...: whether the pristine tree,
# configured with the same FRAGMENTs in OBJDIR-pristine, fails STAGE (build,
# or boot: built, booted and its console scanned, without the brlock suite
# it does not have) as well.
pristine_fails() {
	local name=$1 obj=$2-pristine stage=$3 log=$LOGDIR/build-$1-pristine.log rc=0
	shift 3
	say "$name $KID: failed; trying the pristine tree with the same configuration"
	"$TOP/lib/config.sh" "$BUILD/pristine" "$obj" pristine "$@"
	kmake "$BUILD/pristine" "$obj" bzImage >"$log" 2>&1 || return 0
	[ "$stage" = boot ] || return 1
	"$TOP/lib/disks.sh" "$name-pristine" "$BUILD"
	"$TOP/lib/qemu.sh" -t "$timeout" -x "$append" "$obj/arch/x86/boot/bzImage" "$initrd" \
		"$LOGDIR/$name-pristine.log" "${disks[@]/#/$BUILD/}" >/dev/null || rc=$?
	[ $rc = 0 ] || return 0
	RESULTS='' "$TOP/lib/scan-console.sh" -n "$name-pristine" "$LOGDIR/$name-pristine.log" \
		>"$LOGDIR/$name-pristine.txt" && return 1
	return 0
}

# boot_kernel NAME OBJDIR FRAGMENT...: build, boot and judge one kernel;
# its console and reports are out/$KID/NAME.log, NAME.txt and NAME.ktap.
boot_kernel() {
	local name=$1 obj=$2 start build_s boot_s rc=0 scan_rc=0 accel report
	shift 2
	results_open "$OUT/$name.ktap"
	"$TOP/lib/config.sh" "$SRC" "$obj" patched "$@"
	start=$SECONDS
	if ! kmake "$SRC" "$obj" bzImage >"$LOGDIR/build-$name.log" 2>&1; then
		record FAIL "$name: kernel build"
		results_close
		pristine_fails "$name" "$obj" build "$@" &&
			die "$name" "the pristine tree fails to build with this configuration too, so the tree is broken, not the series; see $LOGDIR/build-$name-pristine.log"
		die "$name" "kernel build failed (the pristine tree builds); see $LOGDIR/build-$name.log"
	fi
	build_s=$((SECONDS - start))
	record PASS "$name: kernel build"
	say "$name $KID: kernel built in ${build_s}s"

	"$TOP/lib/disks.sh" "$name" "$BUILD"

	start=$SECONDS
	accel=$("$TOP/lib/qemu.sh" -t "$timeout" -x "$append" \
		"$obj/arch/x86/boot/bzImage" "$initrd" \
		"$OUT/$name.log.tmp" "${disks[@]/#/$BUILD/}") || rc=$?
	boot_s=$((SECONDS - start))
	mv "$OUT/$name.log.tmp" "$OUT/$name.log"
	report=$OUT/$name.txt
	{
		echo "kernel build: ${build_s}s; boot and guest tests: ${boot_s}s; accelerator: ${accel%%,*}"
		# What the kernel says the inode hash and its chain locks cost.
		grep -a 'Inode-cache.*hash table entries' "$OUT/$name.log" |
			tr -d '\r' | sed 's/^\[[^]]*\] //' || true
		if [ $rc = 124 ]; then
			echo "$name: timed out after ${timeout}s"
			record FAIL "$name: timed out after ${timeout}s"
		fi
	} >"$report"
	"$TOP/lib/scan-console.sh" -n "$name" "$OUT/$name.log" \
		"$TOP"/brlock/*_kunit.c >>"$report" || scan_rc=$?
	if [ -n "${SOAK:-}" ]; then
		grep -a '^# SOAK' "$OUT/$name.log" | tr -d '\r' | sed 's/^# SOAK-FAIL /soak: FAIL /; s/^# SOAK /soak: /' >>"$report"
		"$TOP/soak/fsck.sh" "$name" "$BUILD" >>"$report" || scan_rc=1
	fi
	results_close
	if [ $rc != 0 ] || [ $scan_rc != 0 ]; then
		grep "^$name:" "$report" | head -3 >&2
		local pristine='the pristine tree passes'
		pristine_fails "$name" "$obj" boot "$@" &&
			pristine="the pristine tree fails too with this configuration: $LOGDIR/$name-pristine.log"
		[ $rc = 124 ] &&
			die "$name" "$KID hung: no end after ${timeout}s; see $OUT/$name.log ($pristine)"
		die "$name" "$KID failed; see $OUT/$name.log and $report ($pristine)"
	fi
	say "$name $KID: passed in ${boot_s}s under ${accel%%,*}; $(grep -c '' "$report") lines in $report"
}

rm -f "$OUT"/boot{,-rt,-kasan}.{log,txt,ktap}
if [ "${KASAN:-1}" = only ]; then
	say "boot $KID: skipped (KASAN=only)"
elif [ "${RT:-1}" = only ] && x86_has_rt; then
	say "boot $KID: skipped (RT=only)"
else
	boot_kernel boot "$BUILD/obj" "$TOP"/boot/*.config
fi
if [ "${RT:-1}" = 0 ]; then
	say "boot-rt $KID: skipped (RT=0)"
elif x86_has_rt; then
	boot_kernel boot-rt "$BUILD/obj-rt-boot" "$TOP"/boot/*.config "$TOP/lib/rt.config"
else
	say "boot-rt $KID: no PREEMPT_RT for x86 in this tree; not booted"
fi
if [ "${KASAN:-1}" = 0 ]; then
	say "boot-kasan $KID: skipped (KASAN=0)"
else
	boot_kernel boot-kasan "$BUILD/obj-kasan-boot" "$TOP"/boot/*.config "$TOP/boot/variants/kasan.config"
fi
