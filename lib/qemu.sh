#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# qemu.sh [OPTION...] KERNEL INITRD LOG [DISK...]: boot the guest, console
# to LOG, the DISKs (raw images) as its virtio disks /dev/vda, /dev/vdb...;
# print the accelerator used.  INITRD "-" boots without one (the root file
# system is then a DISK, named with -x); a DISK may carry QEMU drive
# options after a comma ("root.img,snapshot=on").
#   -c CPUS     CPUs online (2), of PRESENT possible, so that the per-CPU
#               data of CPUs that never came online exists and is walked
#   -p PRESENT  CPUs present (64)
#   -t SECONDS  kill it after SECONDS (900; exit status 124)
#   -x ARGS     more kernel command line
#   -a ACCEL    kvm or tcg: no KVM probe
#   -i          the deterministic instrument instead (make bench's cost
#               runs): one vCPU under TCG with -icount shift=0, so that one
#               virtual nanosecond is one guest instruction and the guest's
#               clocks run on it; QEMU 7.2 refuses -icount with more vCPUs,
#               and a virtio disk would complete its I/O in host time, so
#               give it none.
# KVM only where it really works: lib/kvm-probe.sh must pass, and the kernel
# must print its banner within KVM_BANNER_SECONDS; nested KVM can run a boot
# sector and still hang a kernel, so then the boot starts again under TCG.
set -euo pipefail
usage="usage: qemu.sh [-i] [-a ACCEL] [-c CPUS] [-p PRESENT] [-t SECONDS] [-x ARGS] KERNEL INITRD LOG [DISK...]"
online=2 present=64 limit=900 extra='' accel='' icount=0
while getopts ia:c:p:t:x: opt; do
	case $opt in
	i) icount=1 ;;
	a) accel=$OPTARG ;;
	c) online=$OPTARG ;;
	p) present=$OPTARG ;;
	t) limit=$OPTARG ;;
	x) extra=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
kernel=${1:?$usage}
initrd=(-initrd "${2:?$usage}")
[ "$2" != - ] || initrd=()
log=${3:?$usage}
shift 3
disk=()
for image in "$@"; do
	disk+=(-drive "file=$image,if=virtio,format=raw")
done

# boot ACCEL: exec, so that a background boot's $! is timeout's PID and
# killing it stops QEMU too.  pci=noacpi: PCI interrupts are routed with
# the BIOS's table, because evaluating the ACPI _PRT method under TCG with
# lockdep runs into the AML loop timeout and leaves the disk without an IRQ.
# -smp PRESENT (-p) with maxcpus=CPUS (-c): QEMU has PRESENT CPUs present
# and the kernel brings up CPUS of them, so that the per-CPU data of
# possible CPUs that never came online exists and every walker goes
# through it.  Absent CPUs (-smp 2,maxcpus=64) would not do: since 6.9,
# x86 counts them as hotpluggable only on a hypervisor it recognises, and
# TCG is none.
# kunit.filter=speed>slow: KUnit cases marked slow (ext4's mballoc cost
# benchmark) trip the soft-lockup detector under TCG; 6.1 ignores it.
cpus=(-smp "$present")
possible=maxcpus=$online
if [ "$icount" = 1 ]; then
	cpus=(-smp 1 -icount "shift=0,sleep=off,align=off" -rtc "base=2024-01-01T00:00:00,clock=vm")
	possible=
fi
boot() {
	exec timeout -k 10 "$limit" qemu-system-x86_64 -accel "$1" \
		"${cpus[@]}" -m 1024 -kernel "$kernel" "${initrd[@]}" \
		-append "console=ttyS0 earlyprintk=serial,ttyS0,115200 panic=-1 pci=noacpi $possible kunit.filter=speed>slow $extra" \
		"${disk[@]}" -display none -monitor none -serial stdio -nodefaults -no-reboot \
		</dev/null >"$log" 2>&1
}

if [ "$icount" = 1 ]; then
	echo "tcg -icount shift=0"
	boot tcg
fi
[ -n "$accel" ] || accel=$("$(dirname "$0")/kvm-probe.sh")
if [ "$accel" = kvm ]; then
	(boot kvm) &
	pid=$!
	for _ in $(seq "${KVM_BANNER_SECONDS:-20}"); do
		grep -q 'Linux version' "$log" 2>/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	if grep -q 'Linux version' "$log" 2>/dev/null; then
		echo kvm
		wait "$pid"
		exit
	fi
	kill "$pid" 2>/dev/null || true
	wait "$pid" || true
	echo "tcg (kvm printed nothing in ${KVM_BANNER_SECONDS:-20}s)"
else
	echo tcg
fi
boot tcg,thread=multi
