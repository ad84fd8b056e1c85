#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# pipeline.sh KVER: tests of the pipeline's error paths and of TREE=, run by
# make test after "make series check boot KVER=KVER" built everything:
#  - a boot that does not finish is killed and reported as hung;
#  - a semantic patch that matches nothing stops the series with one error
#    line naming the rule and the log, and leaves out/KVER as it was;
#  - manual patches and semantic patches become commits of the series;
#  - TREE= on the same source gives byte-identical patches (and so the
#    series is the same when made twice), and patches made anew but the
#    same are kept as they were;
#  - a series whose inputs did not change is not made again.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
v=${1:?usage: pipeline.sh KVER}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

stale_rule() {
	local before after
	before=$(cat "$TOP/out/$v"/patches/* | md5sum)
	printf '%s\n' '/// nothing: a rule for a function no tree has' 'virtual patch' \
		'@depends on patch@' '@@' \
		'- no_such_function_in_any_tree();' '+ still_none();' >"$tmp/stale.cocci"
	if make -s -C "$TOP" series KVER="$v" COCCI_RULES="$tmp/stale.cocci" 2>"$tmp/err"; then
		echo "the series was made with a rule that matches nothing"
		return 1
	fi
	cat "$tmp/err"
	after=$(cat "$TOP/out/$v"/patches/* | md5sum)
	[ "$(grep -c . "$tmp/err")" -le 2 ] &&
		grep -q "stale.cocci no longer matches anything in $v.*log" "$tmp/err" &&
		[ "$before" = "$after" ]
}

hung_boot() {
	local out=$tmp/hung
	mkdir -p "$out"
	cp -r "$TOP/out/$v/patches" "$out/"
	if OUT=$out KID=$v RT=0 KASAN=0 BOOT_TIMEOUT=2 "$TOP/boot/run.sh" 2>"$tmp/err"; then
		echo "a 2-second boot passed"
		return 1
	fi
	cat "$tmp/err"
	grep -q "^error: boot: $v hung: no end after 2s; see $out/boot.log" "$tmp/err"
}

# A manual patch and a semantic patch each become one commit with their
# subject, Cc: lines and Signed-off-by, and the series still verifies.
extra_steps() {
	local out=$tmp/extra p=$TOP/build/$v/pristine
	sed '1a this line comes from a toolkit test' "$p/README" >"$tmp/README"
	{
		printf '%s\n' 'From: Tester <tester@example.org>' \
			'Subject: [PATCH] README: a line from a test' '' 'Why: to test.' '' '---'
		diff -u --label a/README --label b/README "$p/README" "$tmp/README"
	} >"$tmp/0001-test.patch"
	printf '%s\n' '/// fs: a barrier after i_sb_list set-up, from a test' '///' \
		'/// Only a test.' 'virtual patch' '@depends on patch@' 'identifier i;' '@@' \
		'  INIT_LIST_HEAD(&i->i_sb_list);' '+ barrier();' >"$tmp/test.cocci"
	OUT=$out make -s -C "$TOP" series KVER="$v" \
		MANUAL_PATCHES="$tmp/0001-test.patch" MANUAL_PATCHES_AFTER= \
		COCCI_RULES="$tmp/test.cocci" || return 1
	ls "$out/patches"
	grep -q '^Subject: \[PATCH 2/3\] README: a line from a test$' "$out"/patches/0002-*.patch &&
		grep -q '^Subject: \[PATCH 3/3\] fs: a barrier after i_sb_list set-up, from a test$' "$out"/patches/0003-*.patch &&
		grep -q '^Cc: linux-fsdevel@vger.kernel.org$' "$out"/patches/0003-*.patch &&
		grep -q '^+	barrier();$' "$out"/patches/0003-*.patch &&
		[ "$(grep -c '^Signed-off-by: ' "$out"/patches/0002-*.patch)" = 1 ] &&
		tr '\n' ' ' <"$out/patches/0000-cover-letter.patch" |
		grep -q '1 hand-written patches and 1 patches generated'
}

# The leftover check must fail on the tree the series starts from.
leftovers_in_pristine() {
	local report=$tmp/leftovers
	: >"$report"
	if KID=$v SRC="$TOP/build/$v/pristine" "$TOP/check/leftovers.sh" "$report"; then
		echo "no leftover found in the pristine tree"
		return 1
	fi
	grep '^leftover' "$report"
	grep -q '^leftover s_inode_list_lock: [0-9]* lines' "$report"
}

# TREE= makes the series anew from a copy of the tree, which must give
# the patches of KVER= byte for byte (with the date of KVER='s tree: a
# worktree's files are as new as the worktree).  The series branch that
# stale_rule and extra_steps changed is first put back as it was.
same_tree() {
	# The cover letter quotes this toolkit's measurements of the tree,
	# which make check and make bench have added since the series was
	# made: both are made with the same ones.
	mkdir -p "$TOP/out/tree-pristine" &&
		cp "$TOP/out/$v"/{bench.json,audit-diff.txt} "$TOP/out/tree-pristine/" 2>/dev/null
	git -C "$src" checkout -q -f -B series "$saved_series" &&
		SERIES_FORCE=1 make -s -C "$TOP" series KVER="$v" >/dev/null &&
		SOURCE_DATE_EPOCH=$(cat "$TOP/build/$v/tree.date") \
			make -s -C "$TOP" series TREE="$TOP/build/$v/pristine" &&
		diff -r "$TOP/out/$v/patches" "$TOP/out/tree-pristine/patches"
}

# Made anew (SERIES_FORCE) from the same inputs, the patches are the same:
# they are kept as they were, so that nothing made from them turns stale.
kept() {
	touch -d '1 hour ago' "$TOP/out/$v/patches/series"
	touch -d '30 minutes ago' "$tmp/ref"
	SERIES_FORCE=1 make -s -C "$TOP" series KVER="$v" | tee "$tmp/again" &&
		grep -q "^series $v: the same patches as before; " "$tmp/again" &&
		[ "$TOP/out/$v/patches/series" -ot "$tmp/ref" ]
}

# Made again with nothing changed, the series is found unchanged.
unchanged() {
	make -s -C "$TOP" series KVER="$v" | tee "$tmp/again" &&
		grep -q "^series $v: inputs unchanged since the last make series" "$tmp/again"
}

src=$TOP/build/$v/src
saved_series=$(git -C "$src" rev-parse series)
# The hung boot first: the stale rule leaves the series branch half made.
check "boot $v: a boot that does not finish is reported as hung" hung_boot
check "series $v: a rule that matches nothing is one error and leaves out/ alone" stale_rule
check "series $v: a manual patch and a semantic patch become commits" extra_steps
check "check $v: the leftover check fails on the pristine tree" leftovers_in_pristine
check "series: TREE= on the $v source gives the same patches as KVER=$v" same_tree
check "series $v: made anew with the same patches, out/$v/patches is kept as it was" kept
check "series $v: made again with nothing changed, it is not made anew" unchanged
[ -n "${LIST:-}" ] || rm -rf "$TOP/build/tree-pristine" "$TOP/out/tree-pristine"
exit $status
