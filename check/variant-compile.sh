#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# variant-compile.sh REPORT NAME FRAGMENT [M=DIR] TARGET...: configure the
# patched tree as tinyconfig plus FRAGMENT in build/$KID/obj-NAME and build
# TARGET with sparse (C=2); fail on a build error or any warning.  Used for
# the configurations the boot kernel does not cover: !SMP and PREEMPT_RT.
# Warnings with a message sparse gives in the pristine tree too are listed
# as the tree's, not failed.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
report=${1:?usage: variant-compile.sh REPORT NAME FRAGMENT [M=DIR] TARGET...}
name=${2:?}
fragment=${3:?}
shift 3
obj=$BUILD/obj-$name
log=$LOGDIR/compile-$name.log
what="$name build of $*"

if ! "$TOP/lib/config.sh" "$SRC" "$obj" patched "$fragment" 2>>"$report"; then
	record FAIL "$what: configuration"
	exit 1
fi
# Objects only: the variant kernel is never linked, so no modpost either.
if ! { kmake "$SRC" "$obj" modules_prepare && kmake "$SRC" "$obj" C=2 "$@"; } >"$log" 2>&1; then
	echo "$what: FAILED; see $log" >>"$report"
	record FAIL "$what"
	exit 1
fi
# A message that sparse also gives in the pristine tree's files (make
# check's sparse stage, run before this) is the tree's and this sparse's,
# not the series': reported, not failed.
warnings=$(grep -E '(warning|error): ' "$log" || true)
known=
if [ -n "$warnings" ] && [ -s "$BUILD/sparse-pristine.txt" ]; then
	known=$(sed 's/^[^:]*: //' "$BUILD/sparse-pristine.txt" | sort -u |
		awk 'NR == FNR { seen[$0] = 1; next }
			{ m = $0; sub(/^[^ ]*:[0-9]+:[0-9]+: /, "", m) } m in seen' - <(printf '%s\n' "$warnings"))
	warnings=$(grep -vxF -f <(printf '%s\n' "$known") <<<"$warnings" || true)
fi
if [ -n "$known" ]; then
	{
		echo "$what: messages the pristine tree has too (the tree's and this sparse's, not the series'):"
		awk '{ print "    " $0 }' <<<"$known"
	} >>"$report"
fi
if [ -n "$warnings" ]; then
	{
		echo "$what: warnings:"
		awk '{ print "    " $0 }' <<<"$warnings"
	} >>"$report"
	record FAIL "$what: warnings"
	exit 1
fi
echo "$what (sparse, $(basename "$fragment")): clean" >>"$report"
record PASS "$what is sparse- and warning-clean"
