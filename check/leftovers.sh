#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# leftovers.sh REPORT: fail if a name of check/leftovers is left in the
# series tree ($SRC, *.c and *.h files, as a whole word): anywhere, outside
# the files it is allowed in, or in the files it is private to.  Lists
# every such line in REPORT.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
report=${1:?usage: leftovers.sh REPORT}
status=0
# resolve FILE...: the FILEs, with "struct:NAME" replaced by the headers
# that define struct NAME in this tree (it moves between headers).
resolve() {
	local f
	for f in "$@"; do
		case $f in
		struct:*) git -C "$SRC" grep -l -e "^struct ${f#struct:} {" -- '*.h' ;;
		*) echo "$f" ;;
		esac
	done | awk '!seen[$0]++' | paste -sd ' '
}

while read -r name files; do
	case $name in '#'* | '') continue ;; esac
	# shellcheck disable=SC2086 # a list of files
	files=$(resolve $files)
	pathspec=('*.c' '*.h')
	where=
	case $files in
	'in '*)
		read -r -a pathspec <<<"${files#in }"
		where=" in ${files#in }" ;;
	?*)
		for f in $files; do
			pathspec+=(":!$f")
		done
		where=" outside $files" ;;
	esac
	hits=$(git -C "$SRC" grep -n -w -e "$name" -- "${pathspec[@]}" || true)
	if [ -n "$hits" ]; then
		{
			echo "leftover $name$where: $(grep -c . <<<"$hits") lines"
			awk '{ print "    " $0 }' <<<"$hits"
		} >>"$report"
		record FAIL "leftover: $name$where ($(grep -c . <<<"$hits") lines)"
		status=1
	else
		echo "leftover $name$where: none" >>"$report"
		record PASS "leftover: no $name$where"
	fi
done <"$TOP/check/leftovers"
exit $status
