#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make series: rebuild branch "series" of build/$KID/src from the pristine
# commit, one commit per step: the brlock sources, each manual patch, each
# semantic patch.  Then write out/$KID/patches/ (cover letter, numbered
# patches, quilt series file) and prove that the series applies to a fresh
# extraction with git am and with quilt.  out/$KID is replaced only when all
# of that succeeded.
# shellcheck source=scripts/lib.sh
. "$(dirname "$0")/lib.sh"

git_src rev-parse -q --verify pristine >/dev/null 2>&1 ||
	die series "no pristine tree in $SRC; run 'make tree KVER=$KID'"
mkdir -p "$LOGDIR"
log=$LOGDIR/series.log
: >"$log"
stage_out=$BUILD/out.new
rm -rf "$stage_out"

git_src checkout -q -f -B series pristine
git_src clean -q -f -d -x

# commit_step MSGFILE: commit everything changed with MSGFILE's text, the
# Cc: lines get_maintainer.pl gives for the change, and our Signed-off-by.
commit_step() {
	local msg=$1 cc
	git_src add -A -f .
	cc=$(cd "$SRC" && git diff --cached |
		perl scripts/get_maintainer.pl --no-rolestats --nogit \
			--nogit-fallback 2>>"$log" | sed 's/^/Cc: /') || true
	{
		cat "$msg"
		echo
		[ -n "$cc" ] && printf '%s\n' "$cc"
		printf 'Signed-off-by: %s <%s>\n' "$GIT_AUTHOR_NAME" "$GIT_AUTHOR_EMAIL"
	} | git_src commit -q --cleanup=strip -F -
}

# changed_files: how many files the working tree changes against HEAD.
changed_files() {
	git_src add -A -f .
	git_src diff --cached --name-only | wc -l
}

steps=1
say "brlock: install brlock/ into $KID"
"$TOP/brlock/install.sh" "$SRC" >>"$log" 2>&1 ||
	die series "brlock/install.sh failed on $SRC; see $log"
commit_step "$TOP/brlock/commit-message"

for patch in "$TOP"/manual-patches/*.patch; do
	[ -e "$patch" ] || continue
	steps=$((steps + 1))
	name=${patch#"$TOP"/}
	msg=$BUILD/manual.msg
	git mailinfo "$msg" "$BUILD/manual.diff" <"$patch" >"$BUILD/manual.info"
	{
		sed -n 's/^Subject: //p' "$BUILD/manual.info"
		echo
		sed '/^Signed-off-by:/d' "$msg"
	} >"$msg.full"
	git_src apply --index "$BUILD/manual.diff" >>"$log" 2>&1 ||
		die series "$name no longer applies to $KID; see $log"
	say "patch $name: $(changed_files) files changed"
	commit_step "$msg.full"
done

# COCCI_RULES (a list of files) replaces cocci/*.cocci, for tests.
for rule in ${COCCI_RULES:-"$TOP"/cocci/*.cocci}; do
	[ -e "$rule" ] || continue
	steps=$((steps + 1))
	name=${rule#"$TOP"/}
	"$TOP/scripts/cocci-apply.sh" "$rule" "$SRC" "$BUILD/rule.msg" >>"$log" 2>&1 ||
		die series "spatch $name failed on $KID; see $log"
	n=$(changed_files)
	[ "$n" -gt 0 ] ||
		die series "$name no longer matches anything in $KID; update the rule (log: $log)"
	say "spatch $name: $n files changed"
	commit_step "$BUILD/rule.msg"
done

# The cover letter: our text, then git's shortlog and diffstat.
version=$(make -s -C "$SRC" kernelversion)
git_src config branch.series.description "$(sed "s/@VERSION@/$version/g" "$TOP/scripts/cover-letter.txt")"
mkdir -p "$stage_out/patches"
git_src format-patch -q --cover-letter --cover-from-description=subject \
	--zero-commit --no-signature --numbered -o "$stage_out/patches" pristine..series
for p in "$stage_out"/patches/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) ;; *) basename "$p" ;; esac
done >"$stage_out/patches/series"
say "series $KID: $steps patches on Linux $version"

"$TOP/scripts/verify-applies.sh" "$stage_out/patches" ||
	die series "the series does not apply to a fresh extraction; see $LOGDIR/verify.log"

rm -rf "$OUT"
mkdir -p "$(dirname "$OUT")"
mv "$stage_out" "$OUT"
say "series $KID: $OUT/patches"
