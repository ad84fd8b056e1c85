#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# cocci-apply.sh RULE TREE MSGFILE: run one semantic patch in patch mode over
# the whole of TREE (a git tree, searched with git grep), editing files in
# place, and write to MSGFILE the commit message held in the rule's header:
# its "///" lines, the first being the subject.  Extra spatch options come
# from the rule's "// Options:" line, as for scripts/coccicheck.  Lines of
# only an indent that spatch adds are removed (series/tidy-added.py).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rule=${1:?usage: cocci-apply.sh RULE TREE MSGFILE}
tree=${2:?}
msgfile=${3:?}

sed -n 's|^/// \{0,1\}||p' "$rule" >"$msgfile"
[ -s "$msgfile" ] || { echo "$rule: no '///' commit message in its header" >&2; exit 1; }
read -r -a options <<<"$(sed -n 's|^// Options: *||p' "$rule")"
grep_regex=$(sed -n 's|^// Grep: *||p' "$rule")
cd "$tree"
if [ -z "$grep_regex" ]; then
	spatch --sp-file "$rule" -D patch --dir . --in-place --use-gitgrep \
		--jobs "$(nproc)" --chunksize 1 --very-quiet "${options[@]}"
else
	git grep -l -z -w -E "$grep_regex" -- '*.c' '*.h' |
		xargs -0 -r -n 1 -P "$(nproc)" spatch --sp-file "$rule" -D patch \
			--in-place --very-quiet "${options[@]}"
fi
# The indent-only lines spatch adds (series/tidy-added.py) go; the files'
# own lines are compared with the index, which holds the tree as it was
# before this rule.
git diff --name-only -z | while IFS= read -r -d '' f; do
	git show ":$f" >"$msgfile.orig"
	"$here/tidy-added.py" "$msgfile.orig" "$f"
done
rm -f "$msgfile.orig"
