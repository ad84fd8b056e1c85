#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make test: the fast tests (toolkit self-tests, cocci fixtures, audit
# self-tests), then for each packaged tree: series (twice, which must give
# identical patches), check, boot, audit-diff and audit (site counts
# checked against git grep).  Every check adds one line to build/test-results; the last
# line printed is "N passed, N failed".
set -uo pipefail
TOP=${TOP:?run through make}
export RESULTS=$TOP/build/test-results
mkdir -p "$TOP/build"
: >"$RESULTS"

# stage NAME CMD...: run a stage; its success or failure is one check.
stage() {
	local name=$1
	shift
	echo "== $name"
	if "$@"; then
		echo "PASS $name" >>"$RESULTS"
	else
		echo "FAIL $name" >>"$RESULTS"
	fi
}

stage "toolkit self-tests" "$TOP/scripts/tests/selftest.sh"
stage "cocci fixtures" "$TOP/scripts/cocci-fixtures.sh"
stage "audit self-tests" "$TOP/scripts/tests/audit.sh"

if [ -z "${FAST_ONLY:-}" ]; then
	for v in $KVERS; do
		first=$TOP/build/$v/patches.first
		stage "make series KVER=$v" make --no-print-directory series KVER="$v"
		rm -rf "$first"
		cp -r "$TOP/out/$v/patches" "$first" 2>/dev/null
		stage "make series check boot KVER=$v" \
			make --no-print-directory -k series check boot KVER="$v"
		stage "series KVER=$v is byte-identical when made twice" \
			diff -r "$first" "$TOP/out/$v/patches"
		rm -rf "$first"
		stage "make audit-diff audit KVER=$v" \
			make --no-print-directory audit-diff audit KVER="$v"
		stage "audit site counts KVER=$v" "$TOP/scripts/tests/audit-counts.sh" "$v"
	done
	stage "pipeline error paths and TREE=" "$TOP/scripts/tests/pipeline.sh" "${KVERS%% *}"
fi

passed=$(grep -c '^PASS' "$RESULTS")
failed=$(grep -c '^FAIL' "$RESULTS")
grep '^FAIL' "$RESULTS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
