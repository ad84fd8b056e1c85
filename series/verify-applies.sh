#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# verify-applies.sh PATCHDIR: extract the same source again into
# build/$KID/verify, apply PATCHDIR with "quilt push -a" and, after
# "quilt pop -a", with "git am", and check that each way gives exactly the
# files of the series branch.  The extraction is removed afterwards.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
patches=$(cd "${1:?usage: verify-applies.sh PATCHDIR}" && pwd)
dir=$BUILD/verify
log=$LOGDIR/verify.log
: >"$log"

rm -rf "$dir"
mkdir -p "$dir"
if [ -n "${TREE:-}" ]; then
	rsync -a --exclude=/.git "$TREE/" "$dir/"
else
	tar -xJf "$TARBALL" -C "$dir" --strip-components=1
fi

mapfile -t touched < <(git_src diff --name-only pristine series)

# same_as_series: every file the series touches is as on the branch.
same_as_series() {
	local f bad=0
	for f in "${touched[@]}"; do
		if git_src cat-file -e "series:$f" 2>/dev/null; then
			git_src show "series:$f" | cmp -s - "$dir/$f" || { echo "differs: $f"; bad=1; }
		elif [ -e "$dir/$f" ]; then
			echo "should be gone: $f"
			bad=1
		fi
	done >>"$log"
	return $bad
}

ok=0
(
	cd "$dir"
	QUILT_PATCHES=$patches quilt push -a -q
) >>"$log" 2>&1 && same_as_series && ok=1
[ $ok = 1 ] || { echo "quilt push -a: failed" >>"$log"; exit 1; }
echo "quilt push -a: ok" >>"$log"
(
	cd "$dir"
	QUILT_PATCHES=$patches quilt pop -a -q
	rm -rf .pc
	git init -q -b verify
	for f in "${touched[@]}"; do
		if [ -e "$f" ]; then git add -f -- "$f"; fi
	done
	git commit -q -m "files the series touches, before it"
	sed "s|^|$patches/|" "$patches/series" | xargs git am -q
) >>"$log" 2>&1 && same_as_series && ok=2
[ $ok = 2 ] || { echo "git am: failed" >>"$log"; exit 1; }
echo "git am: ok" >>"$log"
rm -rf "$dir"
say "series $KID applies to a fresh extraction with quilt push -a and git am"
