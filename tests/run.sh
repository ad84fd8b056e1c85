#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# tests/run.sh [OPTION...]: make test, make test-fast and make validate.
# The fast tests (toolkit self-tests, cocci fixtures, audit, bench and soak
# report self-tests), then, unless --fast, for each packaged tree: make
# series, check, boot, send-dry-run, audit-diff and audit (site counts
# checked against git grep); then make bench QUICK=1, make fstests QUICK=1
# and the pipeline's error paths on the first tree.  The options name the
# trees that get more (a space-separated list of KVERs each):
#   --bisect KVERS   make bisect first
#   --twice KVERS    the series made again: the patches must be identical
#                    (for the first tree pipeline.sh does that through TREE=)
#   --kasan KVERS    make boot boots the KASAN kernel too
#   --kunit KVERS    make kunit (kunit.py)
#   --soak KVERS     make soak, 30 minutes
#   --fstests KVERS  make fstests, the whole default set
#   --rt 1|only      make boot's RT= (only: the RT kernel alone where a
#                    tree has one)
#   --boot-soak S    the first tree's boots soak S seconds
# Every check adds one line to build/test-results; the last line printed
# is "N passed, N failed".  LIST=1 prints the checks' names instead of
# running them; ONLY=REGEX runs only the checks whose names match (those
# on a kernel tree need it made: make series check boot KVER=...).
set -uo pipefail
TOP=${TOP:?run through make}
fast='' bisect='' twice='' kasan='' kunit='' soak_trees='' fstests='' rt=1 boot_soak=''
while [ $# -gt 0 ]; do
	case $1 in
	--fast) fast=1; shift; continue ;;
	--bisect) bisect=$2 ;;
	--twice) twice=$2 ;;
	--kasan) kasan=$2 ;;
	--kunit) kunit=$2 ;;
	--soak) soak_trees=$2 ;;
	--fstests) fstests=$2 ;;
	--rt) rt=$2 ;;
	--boot-soak) boot_soak=$2 ;;
	*) echo "error: test: unknown option $1" >&2; exit 1 ;;
	esac
	shift 2
done
# named KVER LIST: whether the list names the tree.
named() {
	case " $2 " in *" $1 "*) return 0 ;; esac
	return 1
}
export RESULTS=$TOP/build/test-results LIST ONLY
# shellcheck source=tests/lib.sh
. "$TOP/tests/lib.sh"
if [ -n "${ONLY:-}" ]; then
	grep -qE -- "$ONLY" </dev/null 2>/dev/null
	[ $? -lt 2 ] || { echo "error: test: ONLY='$ONLY' is not a grep -E pattern" >&2; exit 1; }
fi
# LIST=1 runs nothing: the last run's results stay.
[ -n "${LIST:-}" ] || { mkdir -p "$TOP/build" && : >"$RESULTS"; }

# identical_twice KVER: make the series again (not found unchanged) and
# compare.
identical_twice() {
	local first=$TOP/build/$1/patches.first
	rm -rf "$first"
	cp -r "$TOP/out/$1/patches" "$first" &&
		SERIES_FORCE=1 make --no-print-directory series KVER="$1" &&
		diff -r "$first" "$TOP/out/$1/patches" &&
		rm -rf "$first"
}

# summary_agrees KVER MARK: make summary shows check's and a boot's
# results, finished, and as many as those stages recorded for make test
# after line MARK of $RESULTS (when ONLY= left them unrecorded, the
# results are not counted).
summary_agrees() {
	local recorded shown summary stages
	recorded=$(tail -n +"$(($2 + 1))" "$RESULTS" | grep -cE "^(PASS|FAIL) $1: ")
	summary=$(make --no-print-directory summary KVER="$1") || return 1
	echo "$summary"
	stages=$(grep -E '^(check|boot|boot-rt|boot-kasan): ' <<<"$summary")
	grep -q '^check: ' <<<"$stages" && grep -q '^boot' <<<"$stages" || return 1
	! grep -vE '^[a-z-]+: +[0-9]+ of [0-9]+ ok' <<<"$stages" || return 1
	shown=$(sed -E 's/^[a-z-]+: +[0-9]+ of ([0-9]+) ok.*/\1/' <<<"$stages" |
		awk '{ s += $1 } END { print s + 0 }')
	echo "results shown: $shown; recorded for make test: $recorded"
	[ "$recorded" = 0 ] || [ "$shown" = "$recorded" ]
}

# stage NAME CMD...: run a stage; its success or failure is one check.
# LIST=1 prints its name; ONLY=REGEX skips it unless the name matches.
stage() {
	local name=$1 start=$SECONDS v=PASS
	shift
	selected "$name" || return 0
	echo "== $name"
	ONLY='' LIST='' "$@" || v=FAIL
	verdict "$v" "$name" >/dev/null
	echo "== $v $name ($((SECONDS - start))s)"
}

# suite NAME SCRIPT...: a stage that runs a test script of checks.  With
# LIST or ONLY the script lists or selects its own checks, and the stage
# is no check of its own.
suite() {
	local name=$1
	shift
	if [ -n "${LIST:-}" ]; then
		"$@" 2>/dev/null
	elif [ -n "${ONLY:-}" ]; then
		# A script that fails without a FAIL line of its own (it broke
		# before its checks) fails as the stage.
		local fails
		fails=$(grep -c '^FAIL' "$RESULTS")
		if ! "$@" && [ "$(grep -c '^FAIL' "$RESULTS")" = "$fails" ]; then
			verdict FAIL "$name" >/dev/null
		fi
	else
		stage "$name" "$@"
	fi
}

suite "toolkit self-tests" "$TOP/tests/selftest.sh"
suite "cocci fixtures" "$TOP/tests/cocci-fixtures.sh"
suite "drift: hand-written hunks on a tree shaped like a newer kernel" "$TOP/tests/drift.sh"
suite "audit self-tests" "$TOP/tests/audit.sh"
suite "bench report self-tests" "$TOP/tests/bench.sh" report
suite "soak report self-tests" "$TOP/tests/soak.sh" report
suite "fstests report self-tests" "$TOP/tests/fstests.sh" report

if [ -z "$fast" ]; then
	for v in $KVERS; do
		# Every commit built and booted (make bisect) on the trees named
		# by --bisect (make validate: all; it does not fit make
		# test's budget); its last build is the one make boot uses.
		! named "$v" "$bisect" ||
			stage "make bisect KVER=$v" make --no-print-directory bisect KVER="$v"
		stage "make series KVER=$v" make --no-print-directory series KVER="$v"
		# Made again, on the trees --twice names (make validate),
		# before make check writes out/$KID/audit-diff.txt, which the
		# cover letter quotes.  The first tree's series is made again
		# by pipeline.sh (TREE=) in make test too.
		! named "$v" "$twice" || [ "$v" = "${KVERS%% *}" ] ||
			stage "series KVER=$v is byte-identical when made twice" identical_twice "$v"
		soak='' k=0
		[ "$v" != "${KVERS%% *}" ] || soak=$boot_soak
		! named "$v" "$kasan" || k=1
		mark=$(grep -c '' "$RESULTS" 2>/dev/null)
		stage "make check boot KVER=$v RT=$rt KASAN=$k${soak:+ SOAK=$soak}" \
			make --no-print-directory -k check boot KVER="$v" RT="$rt" KASAN="$k" \
			${soak:+SOAK=$soak}
		stage "make summary KVER=$v shows every result of check and boot" \
			summary_agrees "$v" "$mark"
		stage "make send-dry-run KVER=$v" make --no-print-directory send-dry-run KVER="$v"
		# The brlock suite alone through kunit.py, on the trees named by
		# --kunit (make validate: all).
		! named "$v" "$kunit" || stage "make kunit KVER=$v" make --no-print-directory kunit KVER="$v"
		stage "make audit-diff audit KVER=$v" \
			make --no-print-directory audit-diff audit KVER="$v"
		suite "audit site counts KVER=$v" "$TOP/tests/audit-counts.sh" "$v"
	done
	# The benchmark's path, short, on the first tree: its figures are
	# not judged, and make bench on every tree would take too long.
	suite "make bench QUICK=1 KVER=${KVERS%% *}" "$TOP/tests/bench.sh" run "${KVERS%% *}"
	# fstests' path, one test on the first tree's patched kernel (make
	# boot built it): the whole suite is make fstests, in make validate.
	suite "make fstests QUICK=1 KVER=${KVERS%% *}" "$TOP/tests/fstests.sh" run "${KVERS%% *}"
	suite "pipeline error paths and TREE=" "$TOP/tests/pipeline.sh" "${KVERS%% *}"
	# The long soak, patched and pristine, on the trees --soak names
	# (make validate: all).
	for v in $soak_trees; do
		suite "make soak KVER=$v" "$TOP/tests/soak.sh" run "$v" "${SOAK:-1800}"
	done
	for v in $fstests; do
		stage "make fstests KVER=$v" make --no-print-directory fstests KVER="$v"
	done
fi

[ -z "${LIST:-}" ] || exit 0
passed=$(grep -c '^PASS' "$RESULTS")
failed=$(grep -c '^FAIL' "$RESULTS")
if [ -n "${ONLY:-}" ] && [ $((passed + failed)) = 0 ]; then
	verdict FAIL "ONLY='$ONLY' matched no check (LIST=1 names them)"
	failed=1
fi
grep '^FAIL' "$RESULTS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
