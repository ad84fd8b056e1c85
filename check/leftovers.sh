#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# leftovers.sh REPORT: fail if a name of check/leftovers is left in the
# series tree ($SRC, *.c and *.h files, as a whole word), or is used
# outside the files it is allowed in.  Lists every such line in REPORT.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/../scripts/lib.sh"
report=${1:?usage: leftovers.sh REPORT}
status=0
while read -r name allowed; do
	case $name in '#'* | '') continue ;; esac
	exclude=()
	for f in $allowed; do
		exclude+=(":!$f")
	done
	hits=$(git -C "$SRC" grep -n -w -e "$name" -- '*.c' '*.h' "${exclude[@]}" || true)
	if [ -n "$hits" ]; then
		{
			echo "leftover $name${allowed:+ outside $allowed}: $(grep -c . <<<"$hits") lines"
			awk '{ print "    " $0 }' <<<"$hits"
		} >>"$report"
		record FAIL "leftover: $name${allowed:+ outside $allowed} ($(grep -c . <<<"$hits") lines)"
		status=1
	else
		echo "leftover $name${allowed:+ outside $allowed}: none" >>"$report"
		record PASS "leftover: no $name${allowed:+ outside $allowed}"
	fi
done <"$TOP/check/leftovers"
exit $status
