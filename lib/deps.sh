#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make deps: install the Debian packages the toolkit needs, only those that
# are missing.  Quick and silent when nothing is missing.
set -euo pipefail

packages=(
	# kernel build
	gcc make bc flex bison libelf-dev libssl-dev perl python3 kmod
	cpio xz-utils rsync git ccache
	# the series and its checks
	coccinelle sparse quilt shellcheck graphviz git-email libmailtools-perl
	# the boot test
	qemu-system-x86 busybox-static libc6-dev e2fsprogs dosfstools xfsprogs
	# the benchmarks
	fsmark gnuplot-nox
	# the soak
	stress-ng
	# fstests: the guest root filesystem
	mmdebstrap
)
for v in $KVERS; do
	packages+=("linux-source-$v")
done

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' ||
		missing+=("$p")
done
if [ ${#missing[@]} = 0 ]; then
	printf '%sdeps: all %d packages present\n' "${STEP:+[$STEP] }" "${#packages[@]}"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "error: deps: missing ${missing[*]}; run 'make deps' as root or 'sudo apt-get install ${missing[*]}'" >&2
	exit 1
fi
printf '%sdeps: installing %s\n' "${STEP:+[$STEP] }" "${missing[*]}"
log=${TOP:-.}/build/deps.log
mkdir -p "$(dirname "$log")"
{
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
} >"$log" 2>&1 || { echo "error: deps: apt-get failed; see $log" >&2; exit 1; }
