#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The closing summary of "make": patches, check and boot results, outputs.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/common.sh"
patches=$(grep -c . "$OUT/patches/series" 2>/dev/null || echo 0)
echo "== $KID summary"
echo "patches:  $patches in $OUT/patches (cover letter, quilt series file)"
if [ -f "$OUT/check.txt" ]; then
	echo "check:    $(grep -c '^checkpatch --strict: clean' "$OUT/check.txt") of $patches patches checkpatch-clean; $(grep -m1 'warnings: pristine' "$OUT/check.txt" | sed 's/^ *//'); $(grep -c '^leftover .*: none$' "$OUT/check.txt") leftover checks clean; report $OUT/check.txt"
fi
for name in boot boot-rt boot-kasan; do
	[ -f "$OUT/$name.txt" ] || continue
	printf '%-10s%s\n' "$name:" "$(head -1 "$OUT/$name.txt")"
	grep '^Inode-cache' "$OUT/$name.txt" | sed 's/^/          /' || true
	grep "^$name: KUnit" "$OUT/$name.txt" | sed "s/^$name: /          /" || true
	if [ -f "$OUT/$name.log" ]; then
		echo "          guest tests: $(python3 "$TOP/lib/ktap.py" guest "$OUT/$name.log" |
			sed -n 's/^ok \([^ ]*\) # \(.*\)$/\1 \2/p' | paste -sd, | sed 's/,/, /g')"
	fi
	echo "          console $OUT/$name.log, report $OUT/$name.txt"
done
# A stage's result made before the current patches is about another series.
for f in "$OUT"/*.txt; do
	if [ "$f" != "$OUT/composition.txt" ] && [ "$f" -ot "$OUT/patches/series" ]; then
		echo "stale:    ${f#"$OUT"/} was made before the current series; make its stage again"
	fi
done
