#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make soak: the guest's soak (boot/guest/soak.sh: stress-ng on ext4, XFS
# and tmpfs with drop_caches, remounts, umounts, CPU hotplug and, in
# boot/guest/soak-faults.c, slab allocations failing) for SOAK
# seconds (1800) on the patched kernel and, as control, on the pristine
# one, both with make boot's configuration (boot/*.config: lockdep,
# kmemleak), built in build/$KID/obj and obj-pristine (the kernels make
# boot and make bench use), both at once.  Each boot runs the soak alone
# (guest.only=soak), then kmemleak; afterwards the host checks the soak's
# file systems (soak/fsck.sh).  Writes out/$KID/soak.json and
# soak.txt (soak/report.py) and soak.ktap (its verdict), and fails when the patched kernel shows
# a report, a leak, a failed stressor or a damaged file system that the
# pristine one does not, or when no allocation failure was injected.
# "soak.sh args" only checks SOAK and stress-ng (make does that first).
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
seconds=${SOAK:-1800}
case $seconds in
'' | *[!0-9]* | 0*) die soak "SOAK=$seconds is not a positive number of seconds" ;;
esac
# Every stressor the guest asks for must be in this stress-ng.
have=$(stress-ng --stressors 2>/dev/null) || die soak "stress-ng does not run; run 'make deps'"
for s in $(sed -n '/^stressors="/,/"$/p' "$TOP/boot/guest/soak.sh" | sed 's/^stressors=//' | tr -d '"'); do
	grep -qw -- "$s" <<<"$have" ||
		die soak "stress-ng $(stress-ng --version | awk '{ print $3 }') has no '$s' stressor (boot/guest/soak.sh); install a newer stress-ng or drop it there"
done
[ "${1:-}" != args ] || exit 0
need_series soak
results_open "$OUT/soak.ktap"
work=$BUILD/soak
fresh_dir "$work"

build_kernel soak patched "$SRC" patched "$BUILD/obj" "$TOP"/boot/*.config
build_kernel soak pristine "$BUILD/pristine" pristine "$BUILD/obj-pristine" "$TOP"/boot/*.config
initrd=$work/initramfs.cpio.gz
"$TOP/lib/initramfs.sh" "$initrd" "$TOP/boot/init" "$TOP/boot/guest" /tests /usr/bin/stress-ng

# soak_one KERNEL: one boot with its own disks in $work/KERNEL, its
# console in $work/soak-KERNEL.log, the host's fsck in fsck-KERNEL.txt.
soak_one() {
	local kernel=$1 obj=$BUILD/obj dir=$work/$1 start=$SECONDS rc=0
	local timeout=$((${BOOT_TIMEOUT:-900} + seconds))
	[ "$kernel" = patched ] || obj=$BUILD/obj-pristine
	mkdir -p "$dir"
	"$TOP/lib/disks.sh" "soak-$kernel" "$dir"
	"$TOP/lib/qemu.sh" -t "$timeout" -x "guest.only=soak guest.soak=$seconds" \
		"$obj/arch/x86/boot/bzImage" "$initrd" "$work/soak-$kernel.log" \
		"$dir/disk.img" "$dir/vfat.img" "$dir/soak-ext4.img" "$dir/soak-xfs.img" >/dev/null || rc=$?
	[ $rc != 124 ] || echo "# SOAK-FAIL the boot hung: no end after ${timeout}s" >>"$work/soak-$kernel.log"
	RESULTS='' STAGE_RESULTS='' "$TOP/soak/fsck.sh" "soak-$kernel" "$dir" >"$work/fsck-$kernel.txt" || true
	say "soak $KID: $kernel kernel booted and soaked in $((SECONDS - start))s"
}

# Both kernels at once, under the same load of the host: each boot keeps
# a host CPU busy (two vCPUs under TCG on the host's CPUs).
side_by_side 2 soak_one patched
side_by_side 2 soak_one pristine
side_by_side_wait || exit 1

rc=0
python3 "$TOP/soak/report.py" --dir "$work" --seconds "$seconds" \
	--reports "$TOP/lib/kernel-reports.txt" --out "$work" >"$LOGDIR/soak-report.log" 2>&1 || rc=$?
[ $rc = 0 ] || [ $rc = 1 ] || die soak "soak/report.py failed; see $LOGDIR/soak-report.log"
mv "$work/soak.json" "$work/soak.txt" "$OUT/"
cat "$LOGDIR/soak-report.log"
if [ $rc = 0 ]; then
	record PASS "soak $KID: ${seconds}s, the patched kernel as clean as the pristine one"
else
	record FAIL "soak $KID: the patched kernel failed the soak; see $OUT/soak.txt"
fi
results_close
if [ $rc != 0 ]; then
	die soak "the patched kernel failed the soak; see $OUT/soak.txt and $work/soak-patched.log"
fi
