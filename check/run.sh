#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: checkpatch, sparse and compile checks of out/$KID/patches.
# Writes out/$KID/check.txt; exits non-zero if any check failed.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"
[ -f "$OUT/patches/series" ] || die check "no series in $OUT/patches; run 'make series'"
report=$OUT/check.txt
tmp=$report.tmp
: >"$tmp"
status=0
"$TOP/check/checkpatch.sh" "$tmp" || status=1
"$TOP/check/sparse.sh" "$tmp" || status=1
"$TOP/check/up-compile.sh" "$tmp" || status=1
mv "$tmp" "$report"
if [ $status = 0 ]; then
	say "check $KID: checkpatch --strict clean, no new sparse warning, all touched files compile, !SMP build clean ($report)"
else
	grep -E 'FAILED|NEW|failed|not built' "$report" | head -5 >&2
	die check "$KID failed; see $report"
fi
