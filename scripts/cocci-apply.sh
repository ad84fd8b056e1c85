#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# cocci-apply.sh RULE TREE MSGFILE: run one semantic patch in patch mode over
# the whole of TREE (a git tree, searched with git grep), editing files in
# place, and write to MSGFILE the commit message held in the rule's header:
# its "///" lines, the first being the subject.  Extra spatch options come
# from the rule's "// Options:" line, as for scripts/coccicheck.
set -euo pipefail
rule=${1:?usage: cocci-apply.sh RULE TREE MSGFILE}
tree=${2:?}
msgfile=${3:?}

sed -n 's|^/// \{0,1\}||p' "$rule" >"$msgfile"
[ -s "$msgfile" ] || { echo "$rule: no '///' commit message in its header" >&2; exit 1; }
read -r -a options <<<"$(sed -n 's|^// Options: *||p' "$rule")"
grep_regex=$(sed -n 's|^// Grep: *||p' "$rule")
cd "$tree"
if [ -z "$grep_regex" ]; then
	exec spatch --sp-file "$rule" -D patch --dir . --in-place --use-gitgrep \
		--jobs "$(nproc)" --chunksize 1 --very-quiet "${options[@]}"
fi
git grep -l -z -w -E "$grep_regex" -- '*.c' '*.h' |
	xargs -0 -r -n 1 -P "$(nproc)" spatch --sp-file "$rule" -D patch \
		--in-place --very-quiet "${options[@]}"
