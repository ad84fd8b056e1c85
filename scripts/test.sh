#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make test: the fast tests (toolkit self-tests, cocci fixtures, audit,
# bench and soak report self-tests), then for each packaged tree: bisect
# where BISECT_KVERS names it (make validate names all), series, check,
# boot (BOOT_RT: make test boots only the PREEMPT_RT kernel of a tree
# that has one, make validate both; the KASAN kernel on the trees
# KASAN_KVERS names (make validate: all); SOAK_BOOT: the first tree's
# boots soak that long), send-dry-run, series again where TWICE_KVERS names the
# tree (make validate; identical patches; for the first tree pipeline.sh
# does that in make test too), kunit.py where KUNIT_KVERS names it (make
# validate), audit-diff and audit (site counts checked against git grep);
# then make bench QUICK=1, make fstests QUICK=1 and the pipeline's error
# paths on the first tree, and make soak and make fstests on the trees
# SOAK_KVERS and FSTESTS_KVERS name (make validate).
# Every check adds one line to build/test-results; the last line printed
# is "N passed, N failed".
set -uo pipefail
TOP=${TOP:?run through make}
export RESULTS=$TOP/build/test-results
mkdir -p "$TOP/build"
: >"$RESULTS"

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

# stage NAME CMD...: run a stage; its success or failure is one check.
stage() {
	local name=$1 start=$SECONDS verdict=PASS
	shift
	echo "== $name"
	"$@" || verdict=FAIL
	echo "$verdict $name" >>"$RESULTS"
	echo "== $verdict $name ($((SECONDS - start))s)"
}

stage "toolkit self-tests" "$TOP/scripts/tests/selftest.sh"
stage "cocci fixtures" "$TOP/scripts/cocci-fixtures.sh"
stage "drift: hand-written hunks on a tree shaped like a newer kernel" "$TOP/scripts/tests/drift.sh"
stage "audit self-tests" "$TOP/scripts/tests/audit.sh"
stage "bench report self-tests" "$TOP/scripts/tests/bench.sh" report
stage "soak report self-tests" "$TOP/scripts/tests/soak.sh" report
stage "fstests report self-tests" "$TOP/scripts/tests/fstests.sh" report

if [ -z "${FAST_ONLY:-}" ]; then
	for v in $KVERS; do
		# Every commit built and booted (make bisect) on the trees named
		# by BISECT_KVERS (make validate: all; it does not fit make
		# test's budget); its last build is the one make boot uses.
		case " ${BISECT_KVERS-} " in
		*" $v "*) stage "make bisect KVER=$v" make --no-print-directory bisect KVER="$v" ;;
		esac
		stage "make series KVER=$v" make --no-print-directory series KVER="$v"
		# Made again, on the trees TWICE_KVERS names (make validate),
		# before make check writes out/$KID/audit-diff.txt, which the
		# cover letter quotes.  The first tree's series is made again
		# by pipeline.sh (TREE=) in make test too.
		case " ${TWICE_KVERS-} " in
		*" $v "*) [ "$v" = "${KVERS%% *}" ] ||
			stage "series KVER=$v is byte-identical when made twice" identical_twice "$v" ;;
		esac
		soak='' kasan=0
		[ "$v" != "${KVERS%% *}" ] || soak=${SOAK_BOOT:-}
		case " ${KASAN_KVERS-} " in
		*" $v "*) kasan=1 ;;
		esac
		stage "make check boot KVER=$v RT=${BOOT_RT:-1} KASAN=$kasan${soak:+ SOAK=$soak}" \
			make --no-print-directory -k check boot KVER="$v" RT="${BOOT_RT:-1}" KASAN="$kasan" \
			${soak:+SOAK=$soak}
		stage "make send-dry-run KVER=$v" make --no-print-directory send-dry-run KVER="$v"
		# The brlock suite alone through kunit.py, on the trees named by
		# KUNIT_KVERS (make test: the first; make validate: all).
		case " ${KUNIT_KVERS-} " in
		*" $v "*) stage "make kunit KVER=$v" make --no-print-directory kunit KVER="$v" ;;
		esac
		stage "make audit-diff audit KVER=$v" \
			make --no-print-directory audit-diff audit KVER="$v"
		stage "audit site counts KVER=$v" "$TOP/scripts/tests/audit-counts.sh" "$v"
	done
	# The benchmark's path, short, on the first tree: its figures are
	# not judged, and make bench on every tree would take too long.
	stage "make bench QUICK=1 KVER=${KVERS%% *}" "$TOP/scripts/tests/bench.sh" run "${KVERS%% *}"
	# fstests' path, one test on the first tree's patched kernel (make
	# boot built it): the whole suite is make fstests, in make validate.
	stage "make fstests QUICK=1 KVER=${KVERS%% *}" "$TOP/scripts/tests/fstests.sh" run "${KVERS%% *}"
	stage "pipeline error paths and TREE=" "$TOP/scripts/tests/pipeline.sh" "${KVERS%% *}"
	# The long soak, patched and pristine, on the trees SOAK_KVERS names
	# (make validate: all).
	for v in ${SOAK_KVERS-}; do
		stage "make soak KVER=$v" "$TOP/scripts/tests/soak.sh" run "$v" "${SOAK:-1800}"
	done
	for v in ${FSTESTS_KVERS-}; do
		stage "make fstests KVER=$v" make --no-print-directory fstests KVER="$v"
	done
fi

passed=$(grep -c '^PASS' "$RESULTS")
failed=$(grep -c '^FAIL' "$RESULTS")
grep '^FAIL' "$RESULTS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
