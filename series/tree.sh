#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make tree: extract the kernel tree into build/$KID/src as a git repository
# whose first commit (tag "pristine") is the untouched source, plus a
# worktree build/$KID/pristine of that commit for pristine-vs-patched checks.
# Input: TARBALL (a packaged linux-source tarball) or TREE (a source tree).
# /usr/src and TREE are only read. An unchanged source is not extracted again.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

if [ -n "${TREE:-}" ]; then
	for f in Makefile Kconfig fs/inode.c include/linux/fs.h scripts/checkpatch.pl; do
		[ -f "$TREE/$f" ] ||
			die tree "TREE=$TREE is not a kernel tree (no $f); point TREE at an extracted Linux source tree"
	done
	origin=$TREE
	identity="tree $TREE $(find "$TREE" -path "$TREE/.git" -prune -o -newer "$TREE/Makefile" -print | wc -l) $(stat -c %Y "$TREE/Makefile")"
else
	origin=${TARBALL:?}
	if [ ! -r "$origin" ]; then
		installed=$(find /usr/src -maxdepth 1 -name 'linux-source-*.tar.xz' -printf '%f\n' |
			sed 's/linux-source-\(.*\)\.tar\.xz/\1/' | sort -V | tr '\n' ' ')
		installable=$(apt-cache pkgnames linux-source- 2>/dev/null |
			sed -n 's/^linux-source-\([0-9.]*\)$/\1/p' | sort -V | tr '\n' ' ')
		die tree "KVER=$KID: no $origin; installed: ${installed:-none}; installable: ${installable:-none} (apt-get install linux-source-VERSION), or give TREE=/path"
	fi
	identity="tarball $origin $(stat -c '%s %Y' "$origin")"
fi

stamp=$BUILD/tree.stamp
if stamp_fresh "$stamp" "$identity" &&
   git_src rev-parse -q --verify pristine >/dev/null &&
   [ -d "$BUILD/pristine" ]; then
	say "tree $KID: $SRC (unchanged, pristine $(git_src rev-parse --short pristine))"
	exit 0
fi

say "tree $KID: extracting $origin"
mkdir -p "$BUILD" "$LOGDIR"
stamp_clear "$stamp"
if [ -d "$SRC/.git" ]; then
	git_src worktree prune
fi
rm -rf "$SRC" "$BUILD/pristine" "$SRC.tmp"
mkdir -p "$SRC.tmp"
if [ -n "${TREE:-}" ]; then
	logged tree "$LOGDIR/tree.log" rsync -a --exclude=/.git "$TREE/" "$SRC.tmp/"
	# kbuild refuses an O= build from a source tree that was built in
	# place; only the copy is cleaned.
	if [ -e "$SRC.tmp/.config" ] || [ -d "$SRC.tmp/include/config" ]; then
		logged tree "$LOGDIR/tree.log" make -s -C "$SRC.tmp" mrproper
		say "tree $KID: $TREE carries a .config or build output; its copy was cleaned with make mrproper ($TREE is untouched)"
	fi
else
	logged tree "$LOGDIR/tree.log" tar -xJf "$origin" -C "$SRC.tmp" --strip-components=1
fi
stat -c %Y "$SRC.tmp/Makefile" >"$BUILD/tree.date"
mv "$SRC.tmp" "$SRC"

version=$(make -s -C "$SRC" kernelversion 2>/dev/null) ||
	die tree "$SRC has no usable top Makefile; is $origin a kernel tree?"
(
	cd "$SRC"
	git init -q -b series
	git config gc.auto 0
	git config core.preloadindex true
	git add -A -f .
	git commit -q -m "Linux $version as extracted from $origin"
	git tag pristine
	git worktree add -q --detach "$BUILD/pristine" pristine
) >"$LOGDIR/tree-git.log" 2>&1 || die tree "recording the pristine commit failed; see $LOGDIR/tree-git.log"
stamp_write "$stamp" "$identity"
say "tree $KID: Linux $version in $SRC, pristine $(git_src rev-parse --short pristine)"
