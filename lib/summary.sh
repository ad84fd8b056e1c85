#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make summary: from out/$KID, the patches, then each stage's results file
# (NAME.ktap, lib/results.sh): how many of its checks passed, which failed,
# and whether it finished; for the boots also the inode hash's size and the
# guest tests; and which results are older than the current series.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/common.sh"
patches=$(grep -c . "$OUT/patches/series" 2>/dev/null || echo 0)
echo "== $KID summary"
echo "patches:    $patches in $OUT/patches (cover letter, quilt series file)"
# The stages in the order make runs them, then the others by name.
stages=()
for name in check boot boot-rt boot-kasan; do
	[ ! -f "$OUT/$name.ktap" ] || stages+=("$name")
done
for f in "$OUT"/*.ktap; do
	[ -f "$f" ] || continue
	name=$(basename "$f" .ktap)
	case " ${stages[*]} " in *" $name "*) ;; *) stages+=("$name") ;; esac
done
for name in "${stages[@]}"; do
	results=$(python3 "$TOP/lib/ktap.py" results "$OUT/$name.ktap") ||
		results="no KTAP report in $OUT/$name.ktap"
	report=
	[ ! -f "$OUT/$name.txt" ] || report="; report $OUT/$name.txt"
	printf '%-11s %s%s\n' "$name:" "$(head -1 <<<"$results")" "$report"
	sed -n 's/^not ok /            not ok: /p' <<<"$results"
	[ -f "$OUT/$name.log" ] || continue
	grep '^Inode-cache' "$OUT/$name.txt" 2>/dev/null | sed 's/^/            /' || true
	echo "            guest tests: $(python3 "$TOP/lib/ktap.py" guest "$OUT/$name.log" |
		sed -n 's/^ok \([^ ]*\) # \(.*\)$/\1 \2/p' | paste -sd, | sed 's/,/, /g')"
	echo "            console $OUT/$name.log"
done
# A result or report made before the current patches is about another
# series (composition.txt is the series' own).
stale=()
for f in "$OUT"/*.ktap "$OUT"/*.txt; do
	name=$(basename "${f%.*}")
	if [ ! -f "$f" ] || [ "$name" = composition ] || [ ! "$f" -ot "$OUT/patches/series" ]; then
		continue
	fi
	case " ${stale[*]} " in *" $name "*) continue ;; esac
	stale+=("$name")
	echo "stale:      $name was made before the current series; make it again"
done
