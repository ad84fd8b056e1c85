#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# soak/fsck.sh NAME DIR: check, read-only, the file systems the soak of
# NAME's boot used (DIR/soak-ext4.img and soak-xfs.img, lib/disks.sh):
# prints "soak: e2fsck -fn: clean" or "NOT clean; see LOG" and the same
# for xfs_repair -n, records PASS or FAIL, and exits non-zero when one is
# not clean.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
name=${1:?usage: fsck.sh NAME DIR}
dir=${2:?}
export PATH=$PATH:/usr/sbin:/sbin
ok=1
check() {
	local what=$1 log=$LOGDIR/$name-fsck-$2.log
	shift 2
	if "$@" >"$log" 2>&1; then
		echo "soak: $what: clean"
	else
		echo "soak: $what: NOT clean; see $log"
		ok=0
	fi
}
mkdir -p "$LOGDIR"
check "e2fsck -fn" ext4 e2fsck -fn "$dir/soak-ext4.img"
check "xfs_repair -n" xfs xfs_repair -n -f "$dir/soak-xfs.img"
if [ $ok = 1 ]; then
	record PASS "$name: the soak's ext4 and XFS file systems check clean"
else
	record FAIL "$name: the soak's file systems do not check clean"
fi
[ $ok = 1 ]
