#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# coccicheck.sh REPORT: the kernel's own semantic patches
# (scripts/coccinelle/*/*.cocci, report mode, with each rule's "// Options:"
# as make coccicheck passes them) over the .c files the series touches, in
# the pristine and in the patched tree.  A report that the patched tree
# has and the pristine one does not fails; reports are compared without
# line and column numbers, so that moved code does not count as new.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
report=${1:?usage: coccicheck.sh REPORT}
mkdir -p "$LOGDIR"

mapfile -t files < <(git_src diff --name-only --diff-filter=AM pristine series -- '*.c')
[ ${#files[@]} -gt 0 ] || { echo "coccicheck: no .c file touched" >>"$report"; exit 0; }

# run_rule RULE FILE...: one rule's report lines, with the rule's options.
run_rule() {
	local rule=$1 opts
	shift
	read -r -a opts <<<"$(sed -n 's|^// Options: *||p' "$rule")"
	timeout 300 spatch -D report --very-quiet --no-show-diff "${opts[@]}" \
		--sp-file "$rule" "$@" 2>/dev/null || true
}
export -f run_rule

# reports TREE: every rule's report lines on those of the files TREE has,
# without line and column numbers.
reports() {
	local tree=$1 present=()
	for f in "${files[@]}"; do
		[ -f "$tree/$f" ] && present+=("$f")
	done
	# shellcheck disable=SC2016 # $@ is expanded by the inner bash
	(cd "$tree" && find scripts/coccinelle -name '*.cocci' | LC_ALL=C sort |
		xargs -P "$(nproc)" -I{} bash -c 'run_rule "$@"' _ {} "${present[@]}") |
		sed -E 's/:[0-9]+:[0-9]+-[0-9]+:/:/; s/[0-9]+/N/g' | LC_ALL=C sort -u
}

before=$(reports "$BUILD/pristine")
after=$(reports "$SRC")
new=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed '/^$/d')
{
	echo "coccicheck: scripts/coccinelle on ${#files[@]} touched .c files: pristine $(grep -c . <<<"$before") reports, patched $(grep -c . <<<"$after")"
	if [ -n "$new" ]; then
		echo "  NEW reports:"
		printf '    %s\n' "${new//$'\n'/$'\n'    }"
	else
		echo "  no new report"
	fi
} >>"$report"
if [ -n "$new" ]; then
	record FAIL "coccicheck: $(grep -c . <<<"$new") new reports"
	exit 1
fi
record PASS "coccicheck: no new report in ${#files[@]} touched .c files"
