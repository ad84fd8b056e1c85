#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# qemu.sh KERNEL INITRD LOG [DISK...]: boot the guest with two vCPUs online
# and 64 possible (so the per-CPU data of CPUs that never came online exists
# and is walked), console to LOG, the DISKs (raw images) as its virtio disks
# /dev/vda, /dev/vdb..., killed after BOOT_TIMEOUT seconds (exit 124).  Prints the accelerator used.
# KVM only where it really works: boot/kvm-probe.sh must pass, and the kernel
# must print its banner within KVM_BANNER_SECONDS; nested KVM can run a boot
# sector and still hang a kernel, so then the boot starts again under TCG.
set -euo pipefail
kernel=${1:?usage: qemu.sh KERNEL INITRD LOG}
initrd=${2:?}
log=${3:?}
disk=()
for image in "${@:4}"; do
	disk+=(-drive "file=$image,if=virtio,format=raw")
done

# boot ACCEL: exec, so that a background boot's $! is timeout's PID and
# killing it stops QEMU too.  pci=noacpi: PCI interrupts are routed with
# the BIOS's table, because evaluating the ACPI _PRT method under TCG with
# lockdep runs into the AML loop timeout and leaves the disk without an IRQ.
# possible_cpus=64: 64 possible CPUs where the kernel honours it (6.1),
# since under TCG no kernel counts QEMU's absent CPUs as hotpluggable.
# kunit.filter=speed>slow: KUnit cases marked slow (ext4's mballoc cost
# benchmark) trip the soft-lockup detector under TCG; 6.1 ignores it.
boot() {
	exec timeout -k 10 "${BOOT_TIMEOUT:-900}" qemu-system-x86_64 -accel "$1" \
		-smp 2,maxcpus=64 -m 1024 -kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 earlyprintk=serial,ttyS0,115200 panic=-1 pci=noacpi possible_cpus=64 kunit.filter=speed>slow ${BOOT_APPEND:-}" \
		"${disk[@]}" -display none -monitor none -serial stdio -nodefaults -no-reboot \
		</dev/null >"$log" 2>&1
}

if [ "$("$(dirname "$0")/kvm-probe.sh")" = kvm ]; then
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
