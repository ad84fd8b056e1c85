#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# checkpatch.sh REPORT: run the tree's checkpatch.pl --strict on every patch
# of out/$KID/patches.  Findings listed in check/checkpatch-exceptions are
# reported as excepted, with their reason; any other finding fails.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
report=${1:?usage: checkpatch.sh REPORT}
exceptions=$TOP/check/checkpatch-exceptions
# spdxcheck.py needs Debian's python3 modules, whatever python3 PATH has.
export PATH=/usr/bin:/bin:$PATH

# excepted PATCH TYPE: print the reason if the finding is excepted.
excepted() {
	local patch=$1 type=$2 glob etype reason
	while read -r glob etype reason; do
		case $glob in '#'*|'') continue ;; esac
		# shellcheck disable=SC2053 # the glob is meant to match
		if [[ $patch == $glob ]] && [ "$etype" = "$type" ]; then
			echo "$reason"
			return 0
		fi
	done <"$exceptions"
	return 1
}

# checkpatch knows a kernel tree by its top-level files (README among
# them); a tree that renamed one (README.md) is checked with --no-tree,
# which skips only the checks that look files up in the tree.
options=()
probe=$(cd "$SRC" && { perl scripts/checkpatch.pl --strict /dev/null 2>&1 || true; })
if grep -q 'Must be run from the top-level dir' <<<"$probe"; then
	options+=(--no-tree)
	echo "checkpatch --strict: $SRC lacks a top-level file checkpatch looks for; run with --no-tree" >>"$report"
fi

failed=0
while read -r patch; do
	findings=$(cd "$SRC" && perl scripts/checkpatch.pl --strict --terse \
		--show-types --no-summary ${options[@]+"${options[@]}"} \
		"$OUT/patches/$patch" 2>/dev/null) || true
	bad=0
	details=
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		type=$(sed -n 's/.*: \(ERROR\|WARNING\|CHECK\):\([A-Z_0-9]*\):.*/\2/p' <<<"$line")
		if reason=$(excepted "$patch" "$type"); then
			details+="  excepted: ${line#*patches/} [$reason]"$'\n'
		else
			details+="  ${line#*patches/}"$'\n'
			bad=1
		fi
	done <<<"$findings"
	if [ $bad = 0 ]; then
		echo "checkpatch --strict: clean: $patch"
		record PASS "checkpatch --strict $patch"
	else
		echo "checkpatch --strict: FAILED: $patch"
		record FAIL "checkpatch --strict $patch"
		failed=1
	fi
	printf '%s' "$details"
done <"$OUT/patches/series" >>"$report"
exit $failed
