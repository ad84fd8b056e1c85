#!/bin/busybox sh
# shellcheck shell=dash
# SPDX-License-Identifier: GPL-2.0-only
# The guest's soak, /tests/soak: only when the kernel command line has
# guest.soak=SECONDS.  One stress-ng per file system, ext4 on /dev/vdc,
# XFS on /dev/vdd (both made by the host, which checks them afterwards)
# and tmpfs, all at once for SECONDS, with the file system stressors that
# make, look up, rename, link and evict inodes (so take the inode hash
# and the superblock inode lists) and those that mark or dirty inodes
# (fsnotify, xattrs, flags, times); meanwhile this shell cycles
# drop_caches (a walk of every superblock's inodes), sync, a remount of
# each disk, the umount of a file system full of cached inodes
# (evict_inodes()) and CPU 1 offline and online (inodes on the lists of
# an offline CPU), and /tests/soak-faults mounts, creates and unlinks on
# tmpfs with slab allocations failing (failslab).  Prints "# SOAK FS
# STRESSOR bogo-ops=N kernel-seconds=S failures=N" (or "skipped: why")
# per stressor, S its system time (a stressor whose rounds are too long
# for TCG to count one still shows the time it spent in its calls), the
# CPUs online and possible, soak-faults' line and "# SOAK cycles=N
# seconds=N"; exits non-zero, after a "# SOAK-FAIL why" line, on
# failure.
seconds=$(sed -n 's/.*guest\.soak=\([0-9]*\).*/\1/p' /proc/cmdline)
if [ -z "$seconds" ]; then
	echo "# soak: not asked for (no guest.soak= on the kernel command line)"
	exit 0
fi
systems="ext4 xfs tmpfs"
# Why these stressors: dentry, dir, dirdeep, dirmany, filename, symlink
# make and remove inodes, which join and leave the superblock's lists and,
# on ext4, the inode hash (insert_inode_locked(), remove_inode_hash());
# link and rename keep inodes alive under other names; open and getdent
# look cached and cold inodes up (ext4_iget() through the hash); the
# inode-flags, xattr, utime and chmod ones dirty inodes (sync's walk);
# inotify and fanotify add marks, which umount removes by walking the
# superblock's inodes (fsnotify_sb_delete()); hdd fills the page cache
# that drop_caches drops inode by inode (drop_pagecache_sb()).  A bogo-op
# is a whole round: 8192 names for link and symlink, every permutation
# of the inode flags for inode-flags (none finishes in 10 s on the host),
# so under TCG these count 0 or 1 while spending minutes in the kernel.
stressors="dentry dir dirdeep dirmany link symlink rename open getdent
filename inode-flags xattr utime chmod inotify fanotify hdd"
failed=0
fail() {
	echo "# SOAK-FAIL $*"
	failed=1
}

[ -x /usr/bin/stress-ng ] || fail "no /usr/bin/stress-ng in the initramfs"
grep -qw xfs /proc/filesystems || fail "no XFS in this kernel"
mkdir -p /soak/ext4 /soak/xfs /soak/tmpfs /soak/evict
mount -t ext4 /dev/vdc /soak/ext4 || fail "mount of ext4 /dev/vdc"
mount -t xfs /dev/vdd /soak/xfs || fail "mount of xfs /dev/vdd"
mount -t tmpfs -o size=128m tmpfs /soak/tmpfs || fail "tmpfs"
[ $failed = 0 ] || exit 1
echo "# SOAK cpus online=$(cat /sys/devices/system/cpu/online) possible=$(cat /sys/devices/system/cpu/possible)"
start=$(date +%s)

# One stress-ng per file system, an instance of each stressor.
for fs in $systems; do
	args=""
	for s in $stressors; do
		args="$args --$s 1"
	done
	(
		# shellcheck disable=SC2086 # one option per stressor
		/usr/bin/stress-ng $args --hdd-bytes 4M --timeout "${seconds}s" --temp-path "/soak/$fs" \
			--verify --klog-check --metrics-brief \
			--yaml "/tmp/soak-$fs.yaml" >"/tmp/soak-$fs.log" 2>&1
		echo $? >"/tmp/soak-$fs.rc"
	) &
done

# Allocation failures, on a tmpfs of its own; with guest.soak.faults=ext4
# on the kernel command line, in a directory of the ext4 too.  That is
# off by default: creates and unlinks there with failslab on left inodes
# on a corrupted orphan list that e2fsck reported (6.1, KASAN kernel),
# and the pristine kernel has not been run that way yet.
faults_dir=
grep -q 'guest\.soak\.faults=ext4' /proc/cmdline && faults_dir=/soak/ext4/faults
(
	/tests/soak-faults "$seconds" ${faults_dir:+"$faults_dir"} >/tmp/soak-faults.log 2>&1
	echo $? >/tmp/soak-faults.rc
) &

# The cycles, until every stress-ng and soak-faults have ended.
cycles=0
online=/sys/devices/system/cpu/cpu1/online
running() {
	for job in $systems faults; do
		[ -f "/tmp/soak-$job.rc" ] || return 0
	done
	return 1
}
while running; do
	cycles=$((cycles + 1))
	echo $((cycles % 3 + 1)) >/proc/sys/vm/drop_caches
	sync
	for fs in $systems; do
		{ mount -o remount,sync "/soak/$fs" && mount -o remount,async "/soak/$fs"; } ||
			fail "$fs remount"
	done
	# A file system whose cached inodes umount must evict.
	if mount -t tmpfs tmpfs /soak/evict; then
		i=0
		while [ $i -lt 200 ]; do
			: >"/soak/evict/$i"
			i=$((i + 1))
		done
		umount /soak/evict || fail "umount of a tmpfs with 200 inodes"
	else
		fail "tmpfs for the umount cycle"
	fi
	if [ -w $online ]; then
		echo 0 >$online || fail "CPU 1 offline"
		echo 1 >$online || fail "CPU 1 online"
	fi
done

# stress-ng exits 0, or 3 (no resource) / 4 (not implemented) for a
# stressor it skipped; anything else is a failure.  Its YAML has the
# bogo-ops of the stressors that ran; its log the failures ("fail:"
# lines), why the others were skipped, and for a stressor in neither
# (killed, say, before it reported) its last line.
for fs in $systems; do
	rc=$(cat "/tmp/soak-$fs.rc")
	awk -v fs="$fs" -v all="$stressors" -v logfile="/tmp/soak-$fs.log" '
		/stressor:/ { s = $NF }
		/bogo-ops:/ && s { ops[s] = $NF }
		/system-time:/ && s { sys[s] = $NF; s = "" }
		END {
			while ((getline l < logfile) > 0) {
				split(l, w, " ")
				name = w[4]
				sub(/:$/, "", name)
				if (l ~ /^stress-ng: fail:/)
					failures[name]++
				else if (l ~ /skip/ && !(name in why))
					why[name] = l
				else
					last[name] = l
			}
			n = split(all, want)
			for (i = 1; i <= n; i++) {
				s = want[i]
				if (s in ops)
					printf "# SOAK %s %s bogo-ops=%d kernel-seconds=%.2f failures=%d\n",
						fs, s, ops[s], sys[s], failures[s]
				else
					print "# SOAK " fs " " s " skipped: " (s in why ? why[s] : \
						"not in stress-ng'"'"'s report; its last log line: " \
						(s in last ? last[s] : "none"))
			}
		}' "/tmp/soak-$fs.yaml"
	case $rc in
	0 | 3 | 4) ;;
	*)
		cat "/tmp/soak-$fs.log"
		fail "stress-ng on $fs exited $rc"
		;;
	esac
done
cat /tmp/soak-faults.log
[ "$(cat /tmp/soak-faults.rc)" = 0 ] || fail "soak-faults exited $(cat /tmp/soak-faults.rc)"
echo "# SOAK cycles=$cycles seconds=$(($(date +%s) - start))"
for fs in $systems; do
	umount "/soak/$fs" || fail "umount /soak/$fs"
done
exit $failed
