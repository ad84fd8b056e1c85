#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Run every semantic patch on its fixtures: cocci/tests/RULE/NAME.c is the
# input, cocci/tests/RULE/NAME.res the expected result (as for
# scripts/coccinelle in the kernel).  The transformations of cocci/*.cocci
# run in patch mode and .res is the file they leave, tidied as
# cocci-apply.sh tidies it (and with the rule's .sed script run on it, as
# make series does); the audit's report rules, cocci/audit/R.cocci
# with fixtures in cocci/tests/audit-R, run in report mode and .res is
# their report, sorted.  One check per fixture.
set -uo pipefail
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
# shellcheck source=tests/lib.sh
. "$TOP/tests/lib.sh"
export AUDIT_LOCKS=${AUDIT_LOCKS:-$TOP/cocci/audit/locks.conf} PYTHONPATH=$TOP/audit${PYTHONPATH:+:$PYTHONPATH}
status=0
n=0

# result RULE MODE DIR FILE: run RULE on DIR/FILE; print what is compared.
result() {
	local rule=$1 mode=$2 dir=$3 file=$4
	if [ "$mode" = patch ]; then
		cp "$dir/$file" "$dir/orig"
		spatch --sp-file "$rule" -D patch --in-place --very-quiet \
			"$dir/$file" >"$dir/log" 2>&1 &&
			"$TOP/series/tidy-added.py" "$dir/orig" "$dir/$file" &&
			if [ -e "${rule%.cocci}.sed" ]; then
				sed -i -f "${rule%.cocci}.sed" "$dir/$file"
			fi &&
			cat "$dir/$file"
	else
		(cd "$dir" && spatch --sp-file "$rule" -D report --very-quiet \
			--no-includes --include-headers "$file" 2>log) | LC_ALL=C sort
	fi
}

# fixtures RULE MODE TESTS: every fixture of RULE in directory TESTS.
fixtures() {
	local rule=$1 mode=$2 tests=$3 name input out check
	name=$(basename "$tests")
	for input in "$tests"/*.c; do
		[ -e "$input" ] || continue
		check="cocci $name: $(basename "$input" .c)"
		selected "$check" || continue
		n=$((n + 1))
		out=$(mktemp -d)
		cp "$input" "$out/"
		if result "$rule" "$mode" "$out" "$(basename "$input")" >"$out/result" &&
		   diff -u "${input%.c}.res" "$out/result"; then
			verdict PASS "$check"
		else
			verdict FAIL "$check"
		fi
		rm -rf "$out"
	done
	if ! ls "$tests"/*.c >/dev/null 2>&1; then
		verdict FAIL "cocci $name: no fixtures in ${tests#"$TOP"/}"
	fi
}

for rule in "$TOP"/cocci/*.cocci; do
	[ -e "$rule" ] && fixtures "$rule" patch "$TOP/cocci/tests/$(basename "$rule" .cocci)"
done
for rule in "$TOP"/cocci/audit/*.cocci; do
	[ -e "$rule" ] && fixtures "$rule" report "$TOP/cocci/tests/audit-$(basename "$rule" .cocci)"
done
[ -n "${LIST:-}" ] || { [ -n "${ONLY:-}" ] && [ "$n" = 0 ]; } || echo "cocci fixtures: $n run"
exit $status
