#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# initramfs.sh OUTPUT INIT CDIR BINDIR [HOSTPROG...]: a gzip'd cpio with
# busybox-static, INIT as /init, every CDIR/*.c built as a static program
# and every CDIR/*.sh copied without its suffix into BINDIR, and each
# HOSTPROG (a program of this machine: fs_mark, mke2fs, stress-ng) in
# /usr/bin with the shared libraries it needs.  Busybox's
# shell runs its own applet before any program of the same name in PATH:
# call such a program by its path.  The image's tree is kept in
# OUTPUT.d.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
output=${1:?usage: initramfs.sh OUTPUT INIT CDIR BINDIR [HOSTPROG...]}
init=${2:?}
cdir=${3:?}
bindir=${4:?}
shift 4
root=$output.d
log=$LOGDIR/initramfs-$(basename "$output").log
rm -rf "$root"
mkdir -p "$root"/{bin,usr/bin,dev,proc,sys,tmp,mnt} "$root/$bindir"
: >"$log"
cp /bin/busybox "$root/bin/busybox"
cp "$init" "$root/init"
chmod 755 "$root/init"
for c in "$cdir"/*.c; do
	[ -e "$c" ] || continue
	name=$(basename "$c" .c)
	gcc -static -O2 -Wall -Werror -I "$TOP/boot/guest" -o "$root/$bindir/$name" "$c" -lpthread >>"$log" 2>&1 ||
		die boot "guest program $c does not build; see $log"
done
for script in "$cdir"/*.sh; do
	[ ! -e "$script" ] || install -m 755 "$script" "$root/$bindir/$(basename "$script" .sh)"
done
for prog in "$@"; do
	[ -x "$prog" ] || die boot "$prog is missing; run 'make deps'"
	cp "$prog" "$root/usr/bin/"
	# The loader and the libraries, at the paths ldd names.
	for lib in $(ldd "$prog" | grep -o '/[^ ]*'); do
		mkdir -p "$root/$(dirname "$lib")"
		cp -L "$lib" "$root/$lib"
	done
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -n -9) >"$output.tmp"
mv "$output.tmp" "$output"
