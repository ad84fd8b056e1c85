#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make kunit: run the brlock KUnit suite alone, the way kernel developers
# do, with the tree's own tools/testing/kunit/kunit.py and the suite's
# kernel/locking/.kunitconfig, as an x86_64 QEMU guest with two vCPUs
# (the exclusion cases need two).  kunit.py configures and builds its own
# kernel in build/$KID/obj-kunit.  Writes out/$KID/kunit.txt and
# kunit.ktap.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
need_series kunit
results_open "$OUT/kunit.ktap"
[ "$(git_src symbolic-ref -q --short HEAD)" = series ] ||
	die kunit "$SRC is not on branch series; run 'make series'"
kunitconfigs=(--kunitconfig=kernel/locking/.kunitconfig)
mkdir -p "$LOGDIR"
log=$LOGDIR/kunit.log
start=$SECONDS
if (cd "$SRC" && CCACHE_BASEDIR=$TOP python3 tools/testing/kunit/kunit.py run \
	"${kunitconfigs[@]}" --arch=x86_64 \
	--build_dir="$BUILD/obj-kunit" --jobs="$(nproc)" --timeout=900 \
	--qemu_args='-smp 2' --make_options CC='ccache gcc' 'brlock*') >"$log" 2>&1; then
	verdict=PASS
else
	verdict=FAIL
fi
mkdir -p "$OUT"
{
	echo "kunit.py run ${kunitconfigs[*]//"$TOP/"/} --arch=x86_64 'brlock*': $verdict in $((SECONDS - start))s"
	grep -E '^\[[0-9:]+\] (=+|\[(PASSED|FAILED|SKIPPED)\]|Testing complete)' "$log" || true
} >"$OUT/kunit.txt"
record "$verdict" "kunit.py runs the brlock suite alone"
results_close
[ $verdict = PASS ] || die kunit "kunit.py failed; see $log and $OUT/kunit.txt"
say "kunit $KID: the brlock suite passed under kunit.py ($OUT/kunit.txt)"
