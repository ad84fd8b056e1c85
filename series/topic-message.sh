#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# topic-message.sh MSGFILE PREFIX CHANGES FILES: the commit message of the
# part of a topic's semantic patches that touches FILES (one subsystem,
# subject prefix PREFIX).  MSGFILE holds the topic's subject line, a blank
# line and its body; CHANGES has the "rule file function" lines written by
# changed-functions.awk.  The message ends with what each rule changed in
# FILES, so that a reviewer sees which rule made which hunk, and then, as
# kernel commits made by Coccinelle do, the text of every rule that made a
# hunk, indented, so that the change can be made again from the log alone.
set -euo pipefail
msgfile=${1:?usage: topic-message.sh MSGFILE PREFIX CHANGES FILES}
prefix=${2:?}
changes=${3:?}
files=${4:?}
top=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}

[ -s "$msgfile" ] || { echo "$msgfile: missing; every topic needs a commit message" >&2; exit 1; }
printf '%s: %s\n' "$prefix" "$(head -n 1 "$msgfile")"
tail -n +2 "$msgfile"
echo
echo 'Generated from these scripts in cocci/ (semantic patches; the .sed script'
echo 'only edits comments):'
# used_rules: the rules that changed something in FILES, in order.
used_rules() {
	awk -v files=" $files " 'index(files, " " $2 " ") { print $1 }' "$changes" |
		awk '!seen[$0]++'
}
used_rules | while read -r rule; do
	functions=$(awk -v rule="$rule" -v files=" $files " '
		$1 == rule && index(files, " " $2 " ") && $3 != "-" && !seen[$3]++ {
			printf "%s%s()", n++ ? ", " : "", $3
		}' "$changes")
	case $rule in /*) path=$rule ;; *) path=$top/$rule ;; esac
	echo
	case $rule in
	*.sed)	# comments often precede the function git names: no names
		what=$(sed -n 's|^# Subject: *||p' "$path")
		functions= ;;
	*) what=$(sed -n 's|^/// \{0,1\}||p' "$path" | head -n 1) ;;
	esac
	printf -- '%s%s (%s).\n' "${what^}" "${functions:+ in $functions}" "$(basename "$rule")" |
		fmt -w 70 | sed '1s/^/- /; 2,$s/^/  /'
done

# The rules themselves.
used_rules | while read -r rule; do
	case $rule in /*) path=$rule ;; *) path=$top/$rule ;; esac
	echo
	"$top/series/quote-rule.sh" "$path"
done
