#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# up-compile.sh REPORT: build brlock/up-test as an external module, with
# sparse, against the patched tree configured without SMP (check/up.config):
# the !SMP fallback of include/linux/brlock.h must compile without warnings.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"
report=${1:?usage: up-compile.sh REPORT}
obj=$BUILD/obj-up
mod=$BUILD/up-test
log=$LOGDIR/up-compile.log

"$TOP/boot/config.sh" "$SRC" "$obj" patched "$TOP/check/up.config" || {
	record FAIL "!SMP build: configuration"
	exit 1
}
rm -rf "$mod"
cp -r "$TOP/brlock/up-test" "$mod"
# The object alone: the !SMP kernel is not linked, so there is no modpost.
if ! { kmake "$SRC" "$obj" modules_prepare &&
       kmake "$SRC" "$obj" M="$mod" C=2 brlock_up_test.o; } >"$log" 2>&1 ||
   [ ! -f "$mod/brlock_up_test.o" ]; then
	echo "!SMP build of brlock/up-test: FAILED; see $log" >>"$report"
	record FAIL "!SMP build of brlock/up-test"
	exit 1
fi
warnings=$(grep -E '(warning|error): ' "$log" || true)
if [ -n "$warnings" ]; then
	{
		echo "!SMP build of brlock/up-test: warnings:"
		awk '{ print "    " $0 }' <<<"$warnings"
	} >>"$report"
	record FAIL "!SMP build of brlock/up-test: warnings"
	exit 1
fi
echo "!SMP build of brlock/up-test (sparse, CONFIG_SMP=n): clean" >>"$report"
record PASS "!SMP build of brlock/up-test is sparse- and warning-clean"
