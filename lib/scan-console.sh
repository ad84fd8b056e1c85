#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# scan-console.sh LOG [KUNIT_SOURCE...]: judge a guest console log.  Fails
# on any kernel report header, on a guest test that failed, on a missing
# success marker, and on a KUnit suite (named in a KUNIT_SOURCE file) that
# did not run all of its cases, or had one fail or skip.  Prints one line per
# finding; records PASS/FAIL lines for make test.  Any other KUnit suite
# that reports a failed case fails too.  SCAN_NAME (default "boot") names
# the boot in those lines.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
log=${1:?usage: scan-console.sh LOG [KUNIT_SOURCE...]}
shift
status=0

name=${SCAN_NAME:-boot}

fail() {
	echo "$name: $*"
	record FAIL "$name: $*"
	status=1
}

pass() {
	echo "$name: $*"
	record PASS "$name: $*"
}

# The headers the kernel prints when something went wrong.
hits=$(grep -v '^#' "$(dirname "$0")/kernel-reports.txt" | grep -aEf - "$log" |
	grep -avE '^GUEST: ' || true)
if [ -n "$hits" ]; then
	fail "kernel report: $(head -1 <<<"$hits" | tr -d '\r')"
else
	pass "no kernel report on the console"
fi

while IFS= read -r line; do
	fail "guest test ${line#GUEST: FAIL }"
done < <(grep -a '^GUEST: FAIL ' "$log" | tr -d '\r')
npass=$(grep -ac '^GUEST: PASS ' "$log" || true)
[ "$npass" -gt 0 ] && pass "$npass guest tests passed"

if grep -aq '^GUEST: ALL TESTS PASSED' "$log"; then
	pass "success marker"
else
	fail "no success marker 'GUEST: ALL TESTS PASSED' (boot or guest tests did not finish)"
fi

while IFS= read -r line; do
	fail "KUnit suite ${line#*# }"
done < <(grep -aE '# [a-z0-9_]+: pass:[0-9]+ fail:[1-9]' "$log" | tr -d '\r')

for src in "$@"; do
	suite=$(sed -n 's/^[[:space:]]*\.name = "\([^"]*\)",.*/\1/p' "$src" | head -1)
	want=$(grep -c '^[[:space:]]*KUNIT_CASE' "$src")
	got=$(grep -a "# $suite: pass:" "$log" | tail -1 | tr -d '\r')
	if [ -z "$got" ]; then
		fail "KUnit suite $suite did not run"
	elif [[ $got != *"pass:$want fail:0 skip:0 total:$want" ]]; then
		fail "KUnit suite $suite: ${got#*# } (it defines $want cases)"
	else
		pass "KUnit suite $suite: $want/$want cases passed"
	fi
done
exit $status
