#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make bench: the pristine and the patched kernel side by side.
# Kernels: the rate kernels, boot/base.config + bench/rates.config +
# boot/profile.config (no lock debugging; the function profiler compiled
# in, off), of the pristine and the patched tree, built in
# build/$KID/obj-bench-{pristine,patched}; and the lock_stat kernels, the
# boot test's configuration (boot/*.config: lockdep, lock_stat), which
# is make boot's build/$KID/obj for the patched tree and is built in
# build/$KID/obj-pristine for the pristine one (the kernel make boot's
# pristine control builds when a boot fails: one build serves both).
# Boots the two rate kernels alternately, ROUNDS times each (pristine
# first in odd rounds, patched first in even ones), in the same QEMU
# settings, each on freshly made ext4 and XFS disks, running bench/guest/init's
# workloads; then each lock_stat kernel at 2, 4 and 8 vCPUs (QUICK: 2; more than
# the host has cores: they count contentions, not time) under the
# create/unlink and cold-stat workloads, a thread per vCPU.  The cost runs: each rate kernel booted twice
# under QEMU's -icount (lib/qemu.sh -i: one vCPU, deterministic,
# one virtual nanosecond per guest instruction), the single-thread
# workloads a fixed number of times on ext4 and XFS in RAM disks and on tmpfs,
# so their instructions per operation; the two rounds of a kernel must
# agree to the instruction.  Then once per shift with the guest sleeping
# before each workload, so that its timers and background work fall
# elsewhere (a kernel's figure is its lowest count), and once more each with the function
# profiler on around every workload: which functions the instructions
# are spent in.  Writes out/$KID/bench.json, bench.txt,
# bench.svg and bench-contention.svg (bench/report.py); the
# consoles stay in
# build/$KID/bench.
# QUICK=1 proves the path in a fraction of the time: one round of short
# runs, and the rate kernels are only configured, not built: the rate
# runs boot the lock_stat kernels, so its rates are not figures to read.
# "bench.sh args" only checks QUICK and ROUNDS (make does that first).
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
case ${QUICK:-0} in
0) rounds=${ROUNDS:-5} seconds=5 stat=20000 fsmark=5000 walk=100000 ops=5000 timeout=1800 vcpu_counts=(2 4 8) shifts=(1777 3331) ;;
1) rounds=${ROUNDS:-1} seconds=1 stat=1000 fsmark=500 walk=3000 ops=200 timeout=900 vcpu_counts=(2) shifts=(1777) ;;
*) die bench "QUICK=${QUICK} is neither 0 nor 1" ;;
esac
case $rounds in
'' | *[!0-9]* | 0) die bench "ROUNDS=$rounds is not a positive number" ;;
esac
[ "${1:-}" != args ] || exit 0
need_series bench
work=$BUILD/bench
fresh_dir "$work"

# kernel build|configure NAME TREE MODE OBJ FRAGMENT...: build a bench
# kernel in OBJ, or only configure it there.
kernel() {
	if [ "$1" = configure ]; then
		"$TOP/lib/config.sh" "$3" "$5" "$4" "${@:6}"
	else
		build_kernel bench "${@:2}"
	fi
}
rates=("$TOP/boot/base.config" "$TOP/bench/rates.config" "$TOP/boot/profile.config")
# QUICK=1 boots the rate workloads on the lockdep kernels.
rate_kernels=build
[ "${QUICK:-0}" = 0 ] || rate_kernels=configure
kernel $rate_kernels pristine "$BUILD/pristine" pristine "$BUILD/obj-bench-pristine" "${rates[@]}"
kernel $rate_kernels patched "$SRC" patched "$BUILD/obj-bench-patched" "${rates[@]}"
kernel build lockstat-pristine "$BUILD/pristine" pristine "$BUILD/obj-pristine" \
	"$TOP"/boot/*.config
kernel build lockstat-patched "$SRC" patched "$BUILD/obj" "$TOP"/boot/*.config
# image KERNEL: the bzImage a boot of KERNEL uses.
image() {
	case ${QUICK:-0}-$1 in
	0-pristine | 0-patched) echo "$BUILD/obj-bench-$1/arch/x86/boot/bzImage" ;;
	*pristine) echo "$BUILD/obj-pristine/arch/x86/boot/bzImage" ;;
	*) echo "$BUILD/obj/arch/x86/boot/bzImage" ;;
	esac
}

initrd=$work/initramfs.cpio.gz
"$TOP/lib/initramfs.sh" "$initrd" "$TOP/bench/guest/init" "$TOP/bench/guest" /bin \
	/usr/bin/fs_mark /sbin/mke2fs /sbin/mkfs.xfs

# boot KERNEL MODE LOG [VCPUS [SHIFT]]: one bench boot.  The rates and
# lockstat modes run on a new ext4 disk with room for every workload's
# inodes (the rates mode on a new XFS disk too), under the accelerator
# the first boot found (see lib/qemu.sh); the cost mode runs under
# -icount on two RAM disks of 320 MiB (brd; mkfs.xfs wants 300) that the
# guest formats, and so does the profile mode.  SHIFT: microseconds the
# guest sleeps before each cost workload (bench.shift).
accel=
boot() {
	local kernel=$1 mode=$2 log=$3 vcpus=${4:-2} shift_us=${5:-0} start=$SECONDS used rc=0 how disk=()
	local limit=$timeout
	how=(-c "$vcpus")
	[ -z "$accel" ] || how+=(-a "${accel%% *}")
	if [ "$mode" = cost ] || [ "$mode" = profile ]; then
		how=(-i)
	else
		rm -f "$work/disk.img"
		PATH=$PATH:/usr/sbin:/sbin logged bench "$LOGDIR/mkfs-bench.log" \
			mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 \
			-N $((walk + stat + 4 * fsmark + 4096)) "$work/disk.img" 512M
		disk=("$work/disk.img")
		if [ "$mode" = rates ]; then
			rm -f "$work/xfs.img"
			truncate -s 512M "$work/xfs.img"
			PATH=$PATH:/usr/sbin:/sbin logged bench "$LOGDIR/mkfs-bench-xfs.log" \
				mkfs.xfs -q -f "$work/xfs.img"
			disk+=("$work/xfs.img")
		fi
	fi
	# The function profiler makes a measured section up to ten times longer.
	[ "$mode" != profile ] || limit=$((4 * timeout))
	used=$("$TOP/lib/qemu.sh" "${how[@]}" -t "$limit" \
		-x "quiet nokaslr brd.rd_nr=2 brd.rd_size=327680 bench.mode=$mode bench.shift=$shift_us bench.seconds=$seconds bench.stat=$stat bench.fsmark=$fsmark bench.walk=$walk bench.ops=$ops" \
		"$(image "$kernel")" "$initrd" "$log" "${disk[@]}") || rc=$?
	[ "${how[0]}" = -i ] || [ -n "$accel" ] || accel=$used
	[ $rc != 124 ] || die bench "the $kernel kernel hung: no end after ${limit}s; see $log"
	local verdicts
	if ! verdicts=$(python3 "$TOP/lib/ktap.py" judge "$log"); then
		grep '^FAIL' <<<"$verdicts" >&2
		die bench "the $kernel kernel's $mode run failed; see $log"
	fi
	say "bench $KID: $kernel kernel, $mode, in $((SECONDS - start))s under ${used%% (*}${4:+ with $vcpus vCPUs}${5:+ shifted ${5} us}"
}

for round in $(seq "$rounds"); do
	order="pristine patched"
	[ $((round % 2)) = 1 ] || order="patched pristine"
	for kernel in $order; do
		boot "$kernel" rates "$work/rates-$kernel-$round.log"
	done
done
# Two cost rounds of each kernel, which must agree; a shifted one per
# shift (microseconds of guest sleep before each workload: timers and
# background work land elsewhere in its sections); then a profile boot.
# -icount guests count instructions, whatever else the host runs: two at
# a time.
for kernel in pristine patched; do
	for round in 1 2; do
		side_by_side 2 boot "$kernel" cost "$work/cost-$kernel-$round.log"
	done
	for us in "${shifts[@]}"; do
		side_by_side 2 boot "$kernel" cost "$work/shifted-$kernel-$us.log" "" "$us"
	done
	side_by_side 2 boot "$kernel" profile "$work/profile-$kernel.log"
done
side_by_side_wait || exit 1
for n in "${vcpu_counts[@]}"; do
	for kernel in pristine patched; do
		boot "lockstat-$kernel" lockstat "$work/lockstat-$kernel-$n.log" "$n"
	done
done

version=$(make -s -C "$BUILD/pristine" kernelversion)
patches=$(grep -c . "$OUT/patches/series")
python3 "$TOP/bench/report.py" --dir "$work" --rounds "$rounds" \
	--accel "$accel" --quick "${QUICK:-0}" --vcpus "${vcpu_counts[@]}" \
	--pristine "Linux $version" --patched "Linux $version + $patches patches" \
	--out "$work/report" >"$LOGDIR/bench-report.log" 2>&1 ||
	die bench "bench/report.py failed; see $LOGDIR/bench-report.log"
gnuplot "$work/report/bench.gp" >"$LOGDIR/bench-gnuplot.log" 2>&1 ||
	die bench "gnuplot failed; see $LOGDIR/bench-gnuplot.log"
for f in bench.json bench.txt bench.svg bench-contention.svg bench-model.svg; do
	mv "$work/report/$f" "$OUT/$f"
done
say "bench $KID: $OUT/bench.txt, bench.json, bench.svg, bench-contention.svg, bench-model.svg"
