#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make send-dry-run: what mailing the series would do, without sending it.
# To: the maintainers and Cc: the lists that the tree's get_maintainer.pl
# names for the whole series; prints the git send-email command a user
# would run, then runs it with --dry-run on out/$KID/patches, so that every
# message, sender and recipient can be checked.  Nothing is ever sent.
# Writes out/$KID/send-dry-run.txt.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
need_series send
[ -x "$(git --exec-path)/git-send-email" ] ||
	die send "git send-email is missing; run 'make deps'"
patches=("$OUT"/patches/[0-9][0-9][0-9][0-9]-*.patch)
# get_maintainer PATCH... OPTION...: one address a line, no roles.
get_maintainer() {
	(cd "$SRC" && perl scripts/get_maintainer.pl --no-rolestats --nogit \
		--nogit-fallback "$@") 2>>"$LOGDIR/get_maintainer.log"
}
mkdir -p "$LOGDIR"
mapfile -t to < <(get_maintainer --no-l "${patches[@]}")
mapfile -t cc < <(get_maintainer --no-m --no-r "${patches[@]}")
args=(--confirm=never --suppress-cc=all --from="$AUTHOR")
for a in "${to[@]}"; do args+=(--to="$a"); done
for a in "${cc[@]}"; do args+=(--cc="$a"); done
report=$OUT/send-dry-run.txt
{
	[ "$IDENTITY" = none ] &&
		echo "NOT FOR MAILING: signed by the placeholder $AUTHOR; set AUTHOR=\"Name <mail>\" and make series again."
	echo "To send, from $TOP:"
	printf '  git send-email'
	printf " %q" "${args[@]}" "${patches[@]#"$TOP"/}"
	echo
	echo
	echo "git send-email --dry-run says:"
} >"$report.tmp"
(cd "$TOP" && git send-email --dry-run "${args[@]}" "${patches[@]}") \
	>>"$report.tmp" 2>&1 ||
	die send "git send-email --dry-run failed; see $report.tmp"
sent=$(grep -c '^Dry-OK' "$report.tmp" || true)
[ "$sent" = ${#patches[@]} ] ||
	die send "git send-email --dry-run went through $sent of ${#patches[@]} messages; see $report.tmp"
mv "$report.tmp" "$report"
say "send-dry-run $KID: ${#patches[@]} messages to ${#to[@]} maintainers, cc ${#cc[@]} lists; nothing sent ($report)"
