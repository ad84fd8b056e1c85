#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# extract-snapshot.sh GIT_DIR DEST [REV]: write the tree of GIT_DIR's REV
# (default HEAD) into DEST (which must not exist), as a source tree for
# make TREE=DEST.
# Public snapshots may lack a few large blobs (git archive then stops):
# those files are written empty and listed in DEST/.missing-blobs.
set -euo pipefail
die() { echo "extract-snapshot: $*" >&2; exit 1; }
[ $# = 2 ] || [ $# = 3 ] || die "usage: $0 GIT_DIR DEST [REV]"
git_dir=$(cd "$1" 2>/dev/null && git rev-parse --absolute-git-dir 2>/dev/null) ||
	die "$1 is not a git repository; give the directory fetch returned"
dest=$2
rev=${3:-HEAD}
[ ! -e "$dest" ] || die "$dest exists; give a new directory"
export GIT_DIR=$git_dir GIT_INDEX_FILE
git rev-parse -q --verify "$rev^{tree}" >/dev/null ||
	die "$rev is not a revision of $1; see git -C $1 log --oneline"
GIT_INDEX_FILE=$(mktemp)
tmp=$dest.tmp
trap 'rm -rf "$GIT_INDEX_FILE" "$tmp"' EXIT
git read-tree "$rev"
# Paths whose blob the snapshot lacks.
git ls-files -s | awk '$1 != "160000" { print $2 }' |
	git cat-file --batch-check='%(objectname) %(objecttype)' |
	awk '$2 == "missing" { print $1 }' | sort -u >"$GIT_INDEX_FILE.sha"
git ls-files -s | awk 'NR == FNR { miss[$1] = 1; next } ($2 in miss) { sub(/^[^\t]*\t/, ""); print }' \
	"$GIT_INDEX_FILE.sha" - >"$GIT_INDEX_FILE.missing"
rm -f "$GIT_INDEX_FILE.sha"
if [ -s "$GIT_INDEX_FILE.missing" ]; then
	git update-index --force-remove --stdin <"$GIT_INDEX_FILE.missing"
fi
mkdir -p "$tmp"
git checkout-index -a --prefix="$tmp/"
while read -r path; do
	mkdir -p "$tmp/$(dirname "$path")"
	: >"$tmp/$path"
done <"$GIT_INDEX_FILE.missing"
mv "$GIT_INDEX_FILE.missing" "$tmp/.missing-blobs"
mv "$tmp" "$dest"
echo "extract-snapshot: $(git rev-parse --short "$rev") into $dest; $(wc -l <"$dest/.missing-blobs") missing blobs written empty (listed in $dest/.missing-blobs)"
