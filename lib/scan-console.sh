#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# scan-console.sh [-n NAME] LOG [KUNIT_SOURCE...]: judge a guest console log.  Fails
# on any kernel report header, and on what the console's KTAP reports say
# (lib/ktap.py judge): a test "not ok" (KUnit's or the guest's), a guest
# report that did not reach the end of its plan, a KUnit suite of a
# KUNIT_SOURCE file that did not run all of its cases or skipped one.
# Prints one line per finding; records PASS/FAIL lines for make test.
# NAME (default "boot") names the boot in those lines.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
name=boot
if [ "${1:-}" = -n ]; then
	name=${2:?usage: scan-console.sh [-n NAME] LOG [KUNIT_SOURCE...]}
	shift 2
fi
log=${1:?usage: scan-console.sh [-n NAME] LOG [KUNIT_SOURCE...]}
shift
status=0

fail() {
	echo "$name: $*"
	record FAIL "$name: $*"
	status=1
}

pass() {
	echo "$name: $*"
	record PASS "$name: $*"
}

# The headers the kernel prints when something went wrong; the guest's
# KTAP lines are not the kernel's.
hits=$(grep -v '^#' "$(dirname "$0")/kernel-reports.txt" | grep -aEf - "$log" |
	grep -avE '^(# |ok |not ok )' || true)
if [ -n "$hits" ]; then
	fail "kernel report: $(head -1 <<<"$hits" | tr -d '\r')"
else
	pass "no kernel report on the console"
fi

rc=0
findings=$(python3 "$(dirname "$0")/ktap.py" judge "$log" "$@") || rc=$?
[ $rc -le 1 ] || fail "lib/ktap.py could not judge $log"
while read -r verdict what; do
	case $verdict in
	PASS) pass "$what" ;;
	FAIL) fail "$what" ;;
	esac
done <<<"$findings"
exit $status
