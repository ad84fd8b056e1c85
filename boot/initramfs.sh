#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# initramfs.sh OUTPUT: a gzip'd cpio with busybox-static, boot/init, and
# every boot/guest/*.c built as a static program into /tests.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"
output=${1:?usage: initramfs.sh OUTPUT}
root=$BUILD/initramfs
log=$LOGDIR/initramfs.log
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,mnt,tests}
cp /bin/busybox "$root/bin/busybox"
cp "$TOP/boot/init" "$root/init"
chmod 755 "$root/init"
for c in "$TOP"/boot/guest/*.c; do
	name=$(basename "$c" .c)
	gcc -static -O2 -Wall -Werror -o "$root/tests/$name" "$c" -lpthread >>"$log" 2>&1 ||
		die boot "guest program $c does not build; see $log"
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -n -9) >"$output.tmp"
mv "$output.tmp" "$output"
