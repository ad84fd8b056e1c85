#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# kvm-probe.sh: print "kvm" if KVM really runs a guest here, else "tcg".
# KVM needs /dev/kvm and a hardware KVM module (kvm_intel or kvm_amd: a
# paravirtual one such as kvm_pvm runs no ordinary kernel).  Even then
# /dev/kvm can hang (nested virtualisation), so a 512-byte boot sector that
# writes "K" to the serial port must show it within a few seconds.
# ACCEL=kvm or ACCEL=tcg skips the probe.
set -euo pipefail
if [ -n "${ACCEL:-}" ]; then
	echo "$ACCEL"
	exit 0
fi
if [ ! -w /dev/kvm ] || { ! [ -d /sys/module/kvm_intel ] && ! [ -d /sys/module/kvm_amd ]; }; then
	echo tcg
	exit 0
fi
img=$(mktemp)
trap 'rm -f "$img"' EXIT
# mov dx,0x3f8; mov al,'K'; out dx,al; cli; hlt; jmp $-1; then the signature.
printf '\xba\xf8\x03\xb0\x4b\xee\xfa\xf4\xeb\xfd' >"$img"
truncate -s 510 "$img"
printf '\x55\xaa' >>"$img"
out=$(timeout -k 2 "${KVM_PROBE_SECONDS:-8}" qemu-system-x86_64 -accel kvm \
	-drive "file=$img,format=raw,if=floppy" -boot a -display none \
	-serial stdio -monitor none -no-reboot -nodefaults 2>/dev/null) || true
case $out in
*K*) echo kvm ;;
*) echo tcg ;;
esac
