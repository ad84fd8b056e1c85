#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Run every semantic patch on its fixtures: cocci/tests/RULE/NAME.c is the
# input, cocci/tests/RULE/NAME.res the expected result (as for
# scripts/coccinelle in the kernel).  One check per fixture.
set -uo pipefail
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
status=0
n=0
for rule in "$TOP"/cocci/*.cocci; do
	[ -e "$rule" ] || continue
	name=$(basename "$rule" .cocci)
	for input in "$TOP/cocci/tests/$name"/*.c; do
		[ -e "$input" ] || continue
		n=$((n + 1))
		expected=${input%.c}.res
		check="cocci $name: $(basename "$input" .c)"
		out=$(mktemp -d)
		cp "$input" "$out/"
		if spatch --sp-file "$rule" -D patch --in-place --very-quiet \
			"$out/$(basename "$input")" >"$out/log" 2>&1 &&
		   diff -u "$expected" "$out/$(basename "$input")"; then
			echo "PASS $check" | tee -a "${RESULTS:-/dev/null}"
		else
			echo "FAIL $check" | tee -a "${RESULTS:-/dev/null}"
			status=1
		fi
		rm -rf "$out"
	done
	if ! ls "$TOP/cocci/tests/$name"/*.c >/dev/null 2>&1; then
		echo "FAIL cocci $name: no fixtures in cocci/tests/$name" | tee -a "${RESULTS:-/dev/null}"
		status=1
	fi
done
echo "cocci fixtures: $n run"
exit $status
