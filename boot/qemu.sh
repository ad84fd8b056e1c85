#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# qemu.sh KERNEL INITRD LOG: boot the guest with two vCPUs, console to LOG.
# KVM where it really works (boot/kvm-probe.sh), TCG otherwise; killed after
# BOOT_TIMEOUT seconds.  Prints the accelerator used; exits 124 on timeout.
set -euo pipefail
kernel=${1:?usage: qemu.sh KERNEL INITRD LOG}
initrd=${2:?}
log=${3:?}
accel=$("$(dirname "$0")/kvm-probe.sh")
[ "$accel" = tcg ] && accel=tcg,thread=multi
echo "$accel"
timeout -k 10 "${BOOT_TIMEOUT:-900}" qemu-system-x86_64 -accel "$accel" \
	-smp 2 -m 1024 -kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 ${BOOT_APPEND:-}" \
	-display none -monitor none -serial stdio -nodefaults -no-reboot \
	</dev/null >"$log" 2>&1
