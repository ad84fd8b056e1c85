#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# rootfs.sh [args]: the fstests guest's root file system, an ext4 image
# build/fstests/rootfs.img made with mmdebstrap from this machine's Debian
# release and apt sources: the packages of fstests/packages, fstests
# from FSTESTS (a checkout or a tarball; default: the shared snapshot
# ../shared/fstests/xfstests-*.tar.xz) built in /opt/xfstests, fstests'
# users (fsgqa, fsgqa2, 123456-fsgqa), and /init-fstests, which mounts
# the run's own disk (/dev/vdd, fstests/run.sh) on /results and hands
# over to the guest-init there, so that changing what the guest does
# needs no new image; and LVM's settings for a guest without udev
# (lvmlocal.conf).  The image is made again only when the package list,
# init-fstests, lvmlocal.conf, the fstests source or this script changed
# (its key in build/fstests/rootfs.img.key, lib/stamp.sh).  "rootfs.sh
# args" only checks FSTESTS; "rootfs.sh list" prints its groups and tests.
set -euo pipefail
TOP=${TOP:?run through make}
# shellcheck source=lib/stamp.sh
. "$(dirname "$0")/../lib/stamp.sh"
work=$TOP/build/fstests
img=$work/rootfs.img
log=$work/rootfs.log

die() {
	printf 'error: fstests: %s\n' "$*" >&2
	exit 1
}

source=${FSTESTS:-}
if [ -z "$source" ]; then
	for source in "$TOP"/../shared/fstests/xfstests-*.tar.*; do :; done
	[ -e "$source" ] ||
		die "no fstests source: set FSTESTS=/path/to/xfstests (a checkout or a tarball of one)"
fi
if [ -d "$source" ]; then
	[ -x "$source/check" ] || die "FSTESTS=$source is a directory without fstests' ./check"
elif [ -f "$source" ]; then
	tar -tf "$source" 2>/dev/null | awk '/^[^\/]*\/check$/ { f = 1 } END { exit !f }' ||
		die "FSTESTS=$source is not a tarball of fstests (no top-level */check in it)"
else
	die "FSTESTS=$source does not exist; point it at an fstests checkout or tarball"
fi
[ "${1:-}" != args ] || exit 0
# "rootfs.sh list": the source's groups ("group NAME", from its
# doc/group-names.txt), tests ("test DIR/NNN"), which directories have
# tests of which group ("member NAME DIR") and which tests are in which
# group ("in NAME DIR/NNN"), both from each test's _begin_fstest line.
if [ "${1:-}" = list ]; then
	tree=$source
	if [ -f "$source" ]; then
		tree=$(mktemp -d)
		trap 'rm -rf "$tree"' EXIT
		tar -xf "$source" -C "$tree" --strip-components=1 --wildcards '*/doc/group-names.txt' '*/tests/*'
	fi
	awk '/^[a-z][a-z0-9_-]*[ \t]/ { print "group " $1 }' "$tree/doc/group-names.txt"
	(cd "$tree" && find tests -path 'tests/*/[0-9]*' ! -name '*.*') |
		sed -n 's,^tests/\([a-z0-9]*/[0-9][0-9]*\)$,test \1,p'
	(cd "$tree" && grep -H '^_begin_fstest' tests/*/[0-9]*) |
		awk -F'[/:]' '{
			n = split($4, g, " ")
			for (i = 2; i <= n; i++)
				print "member " g[i] " " $2 "\nin " g[i] " " $2 "/" $3
		}' |
		sort -u
	exit 0
fi

# source_tar [TAR OPTION...]: a checkout's files as a tar stream.  In a
# git checkout, those git does not ignore (not what a build on the host
# left there: the image builds its own); else all but .git.
source_tar() {
	if git -C "$source" rev-parse --show-toplevel >/dev/null 2>&1; then
		git -C "$source" ls-files -z --cached --others --exclude-standard |
			tar "$@" -C "$source" --null --no-recursion -T - -cf -
	else
		tar "$@" --exclude=.git -cf - -C "$source" .
	fi
}

# The key: the package list, the files copied in, this script and the
# source's content.
if [ -d "$source" ]; then
	digest=$(source_tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner | sha256sum)
else
	digest=$(sha256sum <"$source")
fi
key=$(cat "$TOP/fstests/packages" "$TOP/fstests/init-fstests" "$TOP/fstests/lvmlocal.conf" "$0" - <<<"$digest" |
	sha256sum | cut -d' ' -f1)
# One build at a time: make fstests on two trees at once share the image.
# A guest already running keeps the image it opened.
mkdir -p "$work"
exec 9>"$work/rootfs.lock"
flock 9
if [ -f "$img" ] && stamp_fresh "$img.key" "$key"; then
	echo "fstests: root file system unchanged ($img)"
	exit 0
fi

root=$work/rootfs.d
src=$work/xfstests
# A killed mmdebstrap leaves /proc and /dev mounted in its root: rm -rf
# would walk into them.
mounted() {
	grep -q " $root/" /proc/mounts
}
mounted && die "file systems are still mounted under $root (an interrupted build); 'umount -R' them first"
stamp_clear "$img.key"
rm -rf "$root" "$src" "$img"
trap 'mounted || rm -rf "$root" "$src" "$img.tmp"' EXIT
mkdir -p "$root" "$src"
if [ -d "$source" ]; then
	source_tar | tar -xf - -C "$src"
else
	tar -xf "$source" -C "$src" --strip-components=1
fi

# shellcheck source=/dev/null
codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
mirrors=()
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
	[ -s "$f" ] && mirrors+=("$f")
done
packages=$(sed 's/#.*//' "$TOP/fstests/packages" | xargs | tr ' ' ,)
start=$SECONDS
echo "fstests: building the root file system from $(basename "$source") (mmdebstrap, a few minutes)"
# shellcheck disable=SC2016 # the hooks are expanded by mmdebstrap's shell
mmdebstrap --variant=minbase --include="$packages" \
	--customize-hook="cp -a '$src' \"\$1/opt/xfstests\"" \
	--customize-hook='chroot "$1" make -C /opt/xfstests -j"$(nproc)"' \
	--customize-hook='for u in fsgqa fsgqa2 123456-fsgqa; do chroot "$1" useradd -m "$u" || exit; done' \
	--customize-hook='echo fstests >"$1/etc/hostname"' \
	--customize-hook="cp '$TOP/fstests/init-fstests' \"\$1/init-fstests\"" \
	--customize-hook="cp '$TOP/fstests/lvmlocal.conf' \"\$1/etc/lvm/lvmlocal.conf\"" \
	"$codename" "$root" "${mirrors[@]}" >"$log" 2>&1 ||
	die "the root file system does not build (is Debian's archive reachable?); see $log"
mb=$(du -sm "$root" | cut -f1)
mkfs.ext4 -q -F -L fstests-root -d "$root" "$img.tmp" "$((mb * 13 / 10 + 256))M" >>"$log" 2>&1 ||
	die "mkfs.ext4 -d could not make $img; see $log"
mv "$img.tmp" "$img"
stamp_write "$img.key" "$key"
echo "fstests: root file system ready in $((SECONDS - start))s ($((mb * 13 / 10 + 256)) MiB image)"
