#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: checkpatch, sparse, compile and leftover checks of
# out/$KID/patches.
# Writes out/$KID/check.txt, and check.ktap (a result per check); exits
# non-zero if any check failed.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
need_series check
report=$OUT/check.txt
tmp=$report.tmp
: >"$tmp"
results_open "$OUT/check.ktap"
status=0
"$TOP/check/checkpatch.sh" "$tmp" || status=1
"$TOP/check/sparse.sh" "$tmp" || status=1
"$TOP/check/leftovers.sh" "$tmp" || status=1
# The same with the audit's semantic patches: no user of a converted lock.
if "$TOP/audit/diff.sh" >>"$tmp" 2>&1; then
	record PASS "audit-diff: no user of a lock the series converts is left"
else
	record FAIL "audit-diff: users of a lock the series converts are left (out/$KID/audit-diff.txt)"
	status=1
fi
# External modules built against the tree configured without SMP: brlock's
# !SMP fallback, and the inode iterator's macros for callers that name
# their variables otherwise than fs/ does.  The PREEMPT_RT variant in-tree.
for module in brlock/up-test/brlock_up_test.o check/iter-test/sb_inode_iter_test.o; do
	dir=$(dirname "$module")
	copy=$BUILD/$(basename "$dir")
	rm -rf "${copy:?}"
	cp -r "$TOP/$dir" "$copy"
	"$TOP/check/variant-compile.sh" "$tmp" up "$TOP/check/up.config" \
		M="$copy" "$(basename "$module")" || status=1
done
rt="RT build clean"
if x86_has_rt; then
	"$TOP/check/variant-compile.sh" "$tmp" rt "$TOP/lib/rt.config" \
		kernel/locking/brlock.o kernel/locking/brlock_kunit.o || status=1
else
	rt="no PREEMPT_RT for x86 in this tree"
	echo "PREEMPT_RT: $rt; RT build not checked" >>"$tmp"
fi
mv "$tmp" "$report"
results_close
if [ $status = 0 ]; then
	say "check $KID: checkpatch --strict clean, no new sparse warning, touched files and API users compile, no old lock names left, !SMP build clean, $rt ($report)"
else
	grep -E 'FAILED|NEW|failed|not built|^leftover .*lines' "$report" | head -5 >&2
	grep -q 'broken on its own' "$report" &&
		die check "$KID: the pristine tree fails to compile with this configuration too, so the tree is broken, not the series; see $report"
	die check "$KID failed; see $report"
fi
