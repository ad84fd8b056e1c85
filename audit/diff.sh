#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make audit-diff: audit the pristine and the patched tree (into
# out/$KID/audit/pristine and .../patched, as make audit does) and write
# out/$KID/audit-diff.txt: site counts of both, where the users of each
# lock the series converts went, and the users left over.  Fails if a
# lock the series converts (cocci/audit/locks.conf "series" lines whose
# rules exist) still has a site in the patched tree.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
git_src rev-parse -q --verify series >/dev/null 2>&1 ||
	die audit "no branch series in $SRC; run 'make series KVER=$KID'"
for which in pristine patched; do
	AUDIT=$which AUDIT_OUT=$OUT/audit/$which STEP='' "$TOP/audit/run.sh" >/dev/null
done
report=$OUT/audit-diff.txt
status=0
python3 "$TOP/audit/diff.py" "$OUT/audit/pristine/audit.json" \
	"$OUT/audit/patched/audit.json" >"$report.tmp" || status=$?
[ $status -le 1 ] || die audit "audit/diff.py failed on $OUT/audit"
mv "$report.tmp" "$report"
if [ $status != 0 ]; then
	die audit "$(sed -n 's/^left over: //p' "$report") in $KID; see $report"
fi
say "audit-diff $KID: $(sed -n 's/^left over: //p' "$report") ($report)"
