#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# disks.sh STAGE DIR: make the guest's disks afresh in DIR: disk.img, ext4
# with room for 10,000+ inodes and quota on (the guest's /dev/vda),
# vfat.img, whose inodes take their numbers from iunique() (/dev/vdb), and
# for the soak (SOAK=) soak-ext4.img and soak-xfs.img (/dev/vdc and
# /dev/vdd; mkfs.xfs wants 300 MiB), which the host checks afterwards.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
stage=${1:?usage: disks.sh STAGE DIR}
dir=${2:?}
export PATH=$PATH:/usr/sbin:/sbin
rm -f "$dir/disk.img" "$dir/vfat.img" "$dir/soak-ext4.img" "$dir/soak-xfs.img"
logged "$stage" "$LOGDIR/$stage-mkfs.log" \
	mkfs.ext4 -q -F -O quota -E quotatype=usrquota -N 16384 "$dir/disk.img" 96M
logged "$stage" "$LOGDIR/$stage-mkfs-vfat.log" mkfs.vfat -C "$dir/vfat.img" 32768
logged "$stage" "$LOGDIR/$stage-mkfs-soak.log" mkfs.ext4 -q -F "$dir/soak-ext4.img" 256M
truncate -s 320M "$dir/soak-xfs.img"
logged "$stage" "$LOGDIR/$stage-mkfs-soak-xfs.log" mkfs.xfs -q -f "$dir/soak-xfs.img"
