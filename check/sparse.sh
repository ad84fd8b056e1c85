#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# sparse.sh REPORT: compile with sparse (make C=2) every .c file the series
# touches and every caller of the APIs listed in check/api-users, in the
# patched tree and in the pristine tree, configured as boot/*.config plus
# check/users.config; fail on a file that does not compile and on any
# warning (sparse's or the compiler's) that the patched tree has and the
# pristine one has not.  Warnings are compared by file and message, each
# once (a header's warning is one warning however many files include it),
# without line numbers, which the series shifts.  A .c file that is
# #included by another (ext4's mballoc-test.c) is compiled through the file
# that includes it.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
report=${1:?usage: sparse.sh REPORT}

# object_source FILE: FILE, or the .c file of its directory that includes it.
object_source() {
	local dir=${1%/*} base=${1##*/} includer
	if grep -qw "${base%.c}\.o" "$SRC/$dir/Makefile" 2>/dev/null; then
		echo "$1"
		return
	fi
	includer=$(cd "$SRC" && grep -l "^#include \"$base\"" "$dir"/*.c | head -1)
	echo "${includer:-$1}"
}

mapfile -t api < <(sed -e '/^#/d' -e '/^$/d' "$TOP/check/api-users")
mapfile -t files < <({
	git_src diff --name-only --diff-filter=d pristine series -- '*.c'
	[ ${#api[@]} = 0 ] || git_src grep -l -w "${api[@]/#/-e}" -- '*.c'
} | sort -u | while read -r f; do object_source "$f"; done | sort -u)

# warnings TREE OBJ MODE FILE...: build the files' objects with sparse, print
# "path: message" for each warning; fail if an object was not built.
warnings() {
	local src=$1 obj=$2 mode=$3 log f
	shift 3
	log=$LOGDIR/sparse-$mode.log
	"$TOP/lib/config.sh" "$src" "$obj" lenient "$TOP"/boot/*.config \
		"$TOP/check/users.config" || return 1
	# Objects left from an earlier run would not be rebuilt, nor checked.
	for f in "$@"; do
		rm -f "$obj/${f%.c}.o"
	done
	touch "$obj/.sparse-start"
	if ! kmake "$src" "$obj" C=2 "${@/%.c/.o}" >"$log" 2>&1; then
		echo "compile failed ($mode tree); see $log" >&2
		return 1
	fi
	for f in "$@"; do
		if [ ! "$obj/${f%.c}.o" -nt "$obj/.sparse-start" ]; then
			echo "$f was not built: no option of boot/*.config or check/users.config enables it" >&2
			return 1
		fi
	done
	sparse_lines "$log"
}

{
	echo "sparse (make C=2) and compile of the ${#files[@]} .c files the series touches or that use its APIs:"
	printf '  %s\n' "${files[@]}"
} >>"$report"
if [ ${#files[@]} = 0 ]; then
	record PASS "sparse: the series touches no .c file"
	exit 0
fi

old=()
for f in "${files[@]}"; do
	[ -f "$BUILD/pristine/$f" ] && old+=("$f")
done
if ! patched=$(warnings "$SRC" "$BUILD/obj-check" patched "${files[@]}" 2>>"$report"); then
	# Whose fault: the same files of the pristine tree, configured the same.
	if [ ${#old[@]} -gt 0 ] &&
	   ! warnings "$BUILD/pristine" "$BUILD/obj-check-pristine" pristine "${old[@]}" >/dev/null 2>>"$report"; then
		echo "the pristine tree fails to compile these files with the same configuration: the tree is broken on its own" >>"$report"
		record FAIL "compile of touched .c files: the pristine tree fails too (the tree, not the series)"
	else
		record FAIL "compile of touched .c files (the pristine tree compiles them)"
	fi
	exit 1
fi
record PASS "compile of ${#files[@]} touched .c files"
pristine=
if [ ${#old[@]} -gt 0 ] &&
   ! pristine=$(warnings "$BUILD/pristine" "$BUILD/obj-check-pristine" pristine "${old[@]}" 2>>"$report"); then
	record FAIL "sparse: pristine tree does not build"
	exit 1
fi
printf '%s\n' "$patched" | sed '/^$/d' >"$BUILD/sparse-patched.txt"
printf '%s\n' "$pristine" | sed '/^$/d' >"$BUILD/sparse-pristine.txt"
for f in "${files[@]}"; do
	[ -f "$BUILD/pristine/$f" ] || echo "$f"
done >"$BUILD/sparse-added.txt"
compared=$(sparse_new "$BUILD/sparse-patched.txt" "$BUILD/sparse-pristine.txt" "$BUILD/sparse-added.txt")
new=$(sed -n 's/^new //p' <<<"$compared")
known=$(sed -n 's/^known //p' <<<"$compared")
{
	echo "  warnings: pristine $(printf '%s' "$pristine" | grep -c .), patched $(printf '%s' "$patched" | grep -c .)"
	if [ -n "$known" ]; then
		echo "  in files the series adds, with messages the pristine tree has elsewhere (the tree's and this sparse's, not the series'):"
		awk '{ print "    " $0 }' <<<"$known"
	fi
	if [ -n "$new" ]; then
		echo "  NEW warnings:"
		awk '{ print "    " $0 }' <<<"$new"
	else
		echo "  no new warning"
	fi
} >>"$report"
if [ -n "$new" ]; then
	record FAIL "sparse: $(grep -c . <<<"$new") new warnings"
	exit 1
fi
record PASS "sparse: no new warning in ${#files[@]} touched .c files (pristine $(printf '%s' "$pristine" | grep -c .), patched $(printf '%s' "$patched" | grep -c .))"
