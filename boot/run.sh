#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make boot: build the patched kernel (tinyconfig + boot/*.config) in
# build/$KID/obj, build the initramfs, boot it under QEMU with two vCPUs and
# judge the console.  Writes out/$KID/boot.log (the console) and
# out/$KID/boot.txt (the verdicts and timings); exits non-zero on failure.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"
[ -f "$OUT/patches/series" ] || die boot "no series in $OUT/patches; run 'make series'"
obj=$BUILD/obj
mkdir -p "$LOGDIR"

"$TOP/boot/config.sh" "$SRC" "$obj" patched
start=$SECONDS
kmake "$SRC" "$obj" bzImage >"$LOGDIR/build.log" 2>&1 ||
	die boot "kernel build failed; see $LOGDIR/build.log"
build_s=$((SECONDS - start))
say "boot $KID: kernel built in ${build_s}s"

initrd=$BUILD/initramfs.cpio.gz
"$TOP/boot/initramfs.sh" "$initrd"
# The guest's ext4 disk, made afresh: room for 10,000+ inodes, quota on.
disk=$BUILD/disk.img
rm -f "$disk"
PATH=$PATH:/usr/sbin:/sbin mkfs.ext4 -q -F -O quota -E quotatype=usrquota \
	-N 16384 "$disk" 96M >"$LOGDIR/mkfs.log" 2>&1 ||
	die boot "mkfs.ext4 of the guest disk failed; see $LOGDIR/mkfs.log"

start=$SECONDS
rc=0
accel=$("$TOP/boot/qemu.sh" "$obj/arch/x86/boot/bzImage" "$initrd" "$OUT/boot.log.tmp" "$disk") || rc=$?
boot_s=$((SECONDS - start))
mv "$OUT/boot.log.tmp" "$OUT/boot.log"
report=$OUT/boot.txt
{
	echo "kernel build: ${build_s}s; boot and guest tests: ${boot_s}s; accelerator: ${accel%%,*}"
	if [ $rc = 124 ]; then
		echo "boot: timed out after ${BOOT_TIMEOUT:-900}s"
		record FAIL "boot: timed out after ${BOOT_TIMEOUT:-900}s"
	fi
} >"$report"
scan_rc=0
"$TOP/boot/scan-console.sh" "$OUT/boot.log" "$TOP"/brlock/*_kunit.c >>"$report" || scan_rc=$?
if [ $rc != 0 ] || [ $scan_rc != 0 ]; then
	grep '^boot:' "$report" | head -3 >&2
	[ $rc = 124 ] && die boot "$KID hung: no end after ${BOOT_TIMEOUT:-900}s; see $OUT/boot.log"
	die boot "$KID failed; see $OUT/boot.log and $report"
fi
say "boot $KID: passed in ${boot_s}s under ${accel%%,*}; $(grep -c '' "$report") lines in $report"
