#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make series: rebuild branch "series" of build/$KID/src from the pristine
# commit, one commit per step: the brlock sources, each manual patch, the
# changes of the semantic patches (one commit per rule, or per subsystem
# for the rules of a topic), then the manual patches of after-rules/.  Then write out/$KID/patches/ (cover letter, numbered
# patches, quilt series file) and prove that the series applies to a fresh
# extraction with git am and with quilt.  out/$KID is replaced only when all
# of that succeeded.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

git_src rev-parse -q --verify pristine >/dev/null 2>&1 ||
	die series "no pristine tree in $SRC; run 'make tree KVER=$KID'"
mkdir -p "$LOGDIR"

# A series whose inputs did not change is not made again: the same
# pristine tree, the same brlock/, cocci/, manual-patches/ and scripts
# that make it, the same variables that replace them, the series branch
# checked out and clean as the last run left it, and its out/$KID/patches
# there.  SERIES_FORCE=1 makes it anyway.
stamp=$BUILD/series.stamp
key=$({
	git_src rev-parse pristine
	printf '%s\n' "$OUT" "$AUTHOR" "$GIT_AUTHOR_DATE" "${MANUAL_PATCHES-unset}" \
		"${MANUAL_PATCHES_AFTER-unset}" "${COCCI_RULES-unset}"
	cd "$TOP" && { find brlock cocci manual-patches -type f; ls series/run.sh \
		lib/common.sh series/cocci-apply.sh series/changed-functions.awk \
		series/topic-message.sh series/subsystems.sh series/cover-letter.txt \
		series/place-patch.py series/quote-rule.sh series/tidy-added.py \
		series/verify-applies.sh series/cover-figures.py lib/stamp.sh; } | LC_ALL=C sort | xargs sha1sum
	# shellcheck disable=SC2086 # lists of files
	cat /dev/null ${MANUAL_PATCHES-} ${MANUAL_PATCHES_AFTER-} ${COCCI_RULES-} 2>&1
} | sha1sum | cut -c1-40)
state() {
	echo "$key $(git_src rev-parse -q --verify series) $(git_src symbolic-ref -q HEAD)"
}
if [ -z "${SERIES_FORCE:-}" ] && [ -f "$OUT/patches/series" ] &&
   stamp_fresh "$stamp" "$(state)" &&
   [ -z "$(git_src status --porcelain)" ]; then
	say "series $KID: inputs unchanged since the last make series ($OUT/patches)"
	exit 0
fi
stamp_clear "$stamp"
log=$LOGDIR/series.log
: >"$log"
stage_out=$BUILD/out.new
rm -rf "$stage_out"

# MANUAL_PATCHES, MANUAL_PATCHES_AFTER and COCCI_RULES (lists of files)
# replace manual-patches/*.patch, manual-patches/after-rules/*.patch and
# cocci/*.cocci, for tests.
rules=()
for rule in ${COCCI_RULES:-"$TOP"/cocci/*.cocci}; do
	[ -e "$rule" ] && rules+=("$rule")
done

# part_of PATCH: the rules whose "// Part of: PATCH" line names PATCH (as
# a path relative to the toolkit).
part_of() {
	local rule
	for rule in ${rules[@]+"${rules[@]}"}; do
		if grep -qxF "// Part of: $1" "$rule"; then
			echo "$rule"
		fi
	done
}

# What each rule assumes of the tree ("// Assumes: WORD: what", continued
# on the following comment lines) is checked before anything is changed:
# a tree too old or too new for a rule is named with the assumption.
for rule in ${rules[@]+"${rules[@]}"}; do
	while IFS= read -r assumption; do
		word=${assumption%%:*}
		git_src grep -q -w -e "$word" pristine -- '*.c' '*.h' ||
			die series "$KID is too old or too new for ${rule#"$TOP"/}, which assumes ${assumption#*: } (no '$word' in the tree)"
	done < <(awk '/^\/\/ Assumes: / { if (a) print a; a = substr($0, 13); next }
		a && /^\/\/ / && !/^\/\/ [A-Z][a-z]*( [a-z]+)?:/ { a = a " " substr($0, 4); next }
		a { print a; a = "" }
		END { if (a) print a }' "$rule")
done

# Making the series anew rewrites every file it changes, even where the
# result is the same; the time stamps of such files are put back at the
# end, so that a kernel built from the last series is only rebuilt where
# the new one differs.
old_tip=$(git_src rev-parse -q --verify series || true)
if [ -n "$old_tip" ]; then
	git_src diff --name-only pristine "$old_tip" | while IFS= read -r f; do
		if [ -f "$SRC/$f" ]; then
			printf '%s %s\n' "$(stat -c %.9Y "$SRC/$f")" "$f"
		fi
	done >"$BUILD/series.mtimes"
fi
git_src checkout -q -f -B series pristine
git_src clean -q -f -d -x

# commit_step MSGFILE [FILE...]: commit the FILEs (default: everything
# changed) with MSGFILE's text, the Cc: lines get_maintainer.pl gives for
# the change, and our Signed-off-by.
commit_step() {
	local msg=$1 cc
	shift
	if [ $# = 0 ]; then
		git_src add -A -f .
	else
		git_src add -f -- "$@"
	fi
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

# tally KIND NAME: count the -U0 hunks and changed lines of the diff on
# stdin as made by hand or generated (KIND), for the cover letter and
# make matrix ($BUILD/composition, "KIND NAME HUNKS LINES" lines).
tally() {
	awk -v kind="$1" -v name="$2" '
		/^@@/ { hunks++ }
		/^[-+]/ && !/^(---|\+\+\+) / { lines++ }
		END { printf "%s %s %d %d\n", kind, name, hunks, lines }' >>"$BUILD/composition"
}

steps=1
manual=0
generated=0
: >"$BUILD/composition"
say "brlock: install brlock/ into $KID"
"$TOP/brlock/install.sh" "$SRC" >>"$log" 2>&1 ||
	die series "brlock/install.sh failed on $SRC; see $log"
git_src add -A -f .
git_src diff --cached -U0 | tally hand brlock
commit_step "$TOP/brlock/commit-message"

# apply_manual PATCH: one commit with the patch's subject and message.
apply_manual() {
	local patch=$1 name=${1#"$TOP"/} msg=$BUILD/manual.msg
	steps=$((steps + 1))
	manual=$((manual + 1))
	git mailinfo "$msg" "$BUILD/manual.diff" <"$patch" >"$BUILD/manual.info"
	{
		sed -n 's/^Subject: //p' "$BUILD/manual.info"
		echo
		sed '/^Signed-off-by:/d' "$msg"
	} >"$msg.full"
	# Placed where its context has moved, or named with the hunk that
	# cannot be placed and why (series/place-patch.py).
	"$TOP/series/place-patch.py" "$BUILD/manual.diff" "$SRC" >"$BUILD/place.out" 2>>"$log" ||
		die series "$name no longer applies to $KID: $(head -1 "$BUILD/place.out"); see $log"
	say "patch $name: $(changed_files) files changed"
	git_src diff --cached -U0 | tally hand "$name"
	# What of the change a semantic patch can make, its "Part of" rules
	# make, in the same commit, and its message quotes them.
	for rule in $(part_of "$name"); do
		apply_rule "$rule"
		{
			echo
			"$TOP/series/quote-rule.sh" "$rule"
			if [ -e "${rule%.cocci}.sed" ]; then
				echo
				"$TOP/series/quote-rule.sh" "${rule%.cocci}.sed"
			fi
		} >>"$msg.full"
	done
	commit_step "$msg.full"
}

# apply_rule RULE: run one semantic patch over the tree (and RULE's .sed
# script, if any, on the files it changed, for their comments), stage what
# it changed and note in $BUILD/changes which functions of which files it
# changed ("rule file function" lines).  A rule that changes nothing stops
# the series: the tree no longer has the shape it was written for.
apply_rule() {
	local rule=$1 name=${1#"$TOP"/} n
	"$TOP/series/cocci-apply.sh" "$rule" "$SRC" "$BUILD/rule.msg" >>"$log" 2>&1 ||
		die series "spatch $name failed on $KID; see $log"
	if [ -e "${rule%.cocci}.sed" ]; then
		git_src diff --name-only -z | (cd "$SRC" && xargs -0 -r sed -i -f "${rule%.cocci}.sed")
	fi
	n=$(git_src diff --name-only | wc -l)
	[ "$n" -gt 0 ] ||
		die series "$name no longer matches anything in $KID; update the rule (log: $log)"
	say "spatch $name: $n files changed"
	git_src diff -U0 | tally generated "$name"
	git_src diff -U0 | "$TOP/series/changed-functions.awk" -v rule="$name" \
		>>"$BUILD/changes"
	git_src add -A -f .
}

for patch in ${MANUAL_PATCHES:-"$TOP"/manual-patches/*.patch}; do
	[ -e "$patch" ] && apply_manual "$patch"
done

# A rule with a "// Topic: T" line is applied with the other rules of T,
# and their changes are committed per subsystem, with cocci/T.msg as the
# commit message (and cocci/T.sed, if any, run on the changed files to fix
# their comments); a rule without one is a commit of its own, whose
# message is its "///" header.
topics=$(for rule in ${rules[@]+"${rules[@]}"}; do
	sed -n 's|^// Topic: *||p' "$rule"
done | awk '!seen[$0]++')
for rule in ${rules[@]+"${rules[@]}"}; do
	grep -q '^// \(Topic\|Part of\):' "$rule" && continue
	steps=$((steps + 1))
	generated=$((generated + 1))
	: >"$BUILD/changes"
	apply_rule "$rule"
	commit_step "$BUILD/rule.msg"
done
for topic in $topics; do
	: >"$BUILD/changes"
	for rule in "${rules[@]}"; do
		grep -qx "// Topic: *$topic" "$rule" && apply_rule "$rule"
	done
	# cocci/T.sed fixes the comments of the files the rules changed.
	sed_script=$(dirname "${rules[0]}")/$topic.sed
	if [ -e "$sed_script" ]; then
		{
			awk '{ print $2 }' "$BUILD/changes"
			# "# Files: F..." names files with such comments that no
			# rule changes (documentation).
			sed -n 's|^# Files: *||p' "$sed_script" | tr ' ' '\n'
		} | sed '/^$/d' | sort -u | (cd "$SRC" && xargs -r sed -i -f "$sed_script")
		git_src diff -U0 | "$TOP/series/changed-functions.awk" \
			-v rule="${sed_script#"$TOP"/}" >>"$BUILD/changes"
		git_src diff -U0 | tally generated "${sed_script#"$TOP"/}"
		git_src add -A -f .
	fi
	git_src reset -q
	while read -r subsystem files; do
		steps=$((steps + 1))
		generated=$((generated + 1))
		"$TOP/series/topic-message.sh" "$(dirname "${rules[0]}")/$topic.msg" \
			"$subsystem" "$BUILD/changes" "$files" >"$BUILD/topic.msg"
		# shellcheck disable=SC2086 # $files is a list of paths
		commit_step "$BUILD/topic.msg" $files
	done < <(awk '{ print $2 }' "$BUILD/changes" | "$TOP/series/subsystems.sh")
done

for patch in ${MANUAL_PATCHES_AFTER-"$TOP"/manual-patches/after-rules/*.patch}; do
	[ -e "$patch" ] && apply_manual "$patch"
done

# The cover letter: our text, then git's shortlog and diffstat.
version=$(make -s -C "$SRC" kernelversion)
if [ $((manual + generated)) = 0 ]; then
	composition="This version holds only the brlock patch; the conversions of lock users follow."
else
	composition="Patch 1 adds brlock; $manual hand-written patches and $generated patches generated by semantic patches follow. $(awk '
		$1 == "generated" { gh += $3; gl += $4 }
		$1 == "hand" && $2 != "brlock" { hh += $3; hl += $4 }
		END { printf "Outside brlock, the rules (semantic patches, and sed scripts for comments) made %d of the %d changed regions (diff -U0 hunks; %d of %d lines) and hand-written patches the other %d (%d lines).", gh, gh + hh, gl, gl + hl, hh, hl }' "$BUILD/composition")"
fi
if [ "$IDENTITY" = none ]; then
	composition+=" NOT FOR MAILING: no AUTHOR and no git identity was given, so the toolkit's placeholder signs these patches."
	say "series $KID: signed by the placeholder $AUTHOR, not for mailing; set AUTHOR=\"Name <mail>\""
fi
figures=$("$TOP/series/cover-figures.py" --out "$OUT" --make "make${TREE:+ TREE=$TREE}${TARBALL:+ KVER=$KID}")
git_src config branch.series.description "$(sed -e "s/@VERSION@/$version/g" \
	"$TOP/series/cover-letter.txt" |
	awk -v text="$(fmt -w 72 <<<"$composition")" -v figures="$figures" '
		$0 == "@COMPOSITION@" { $0 = text }
		$0 == "@FIGURES@" { $0 = figures } 1')"
mkdir -p "$stage_out/patches"
git_src format-patch -q --cover-letter --cover-from-description=subject \
	--zero-commit --no-signature --numbered -o "$stage_out/patches" pristine..series
for p in "$stage_out"/patches/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) ;; *) basename "$p" ;; esac
done >"$stage_out/patches/series"
say "series $KID: $steps patches on Linux $version"

"$TOP/series/verify-applies.sh" "$stage_out/patches" ||
	die series "the series does not apply to a fresh extraction; see $LOGDIR/verify.log"

# Only the patches are replaced, and only when they changed: the other
# stages' results in $OUT stay, and make summary marks those made before
# the current patches stale.
mkdir -p "$OUT"
if diff -r -q "$OUT/patches" "$stage_out/patches" >/dev/null 2>&1; then
	say "series $KID: the same patches as before; $OUT/patches kept as it was"
else
	rm -rf "$OUT/patches"
	mv "$stage_out/patches" "$OUT/patches"
fi
cp "$BUILD/composition" "$OUT/composition.txt"
rm -rf "$stage_out"
if [ -n "$old_tip" ]; then
	while read -r mtime f; do
		if [ "$(git_src rev-parse -q --verify "$old_tip:$f")" = \
		     "$(git_src rev-parse -q --verify "series:$f")" ]; then
			touch -d "@$mtime" "$SRC/$f"
		fi
	done <"$BUILD/series.mtimes"
	rm -f "$BUILD/series.mtimes"
fi
stamp_write "$stamp" "$(state)"
say "series $KID: $OUT/patches"
