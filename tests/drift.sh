#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Drift handling without a kernel: series/place-patch.py applies
# drift/hand.patch (made on drift/old, shaped like 6.1) to drift/new, shaped
# like a newer kernel (every line moved, neighbours changed, struct
# super_block moved to include/linux/fs/super_types.h), and to variants of
# it where a hunk cannot be placed, which must fail with one line naming
# the hunk and why, leaving the tree as it was.  One check per case.
# shellcheck disable=SC2317,SC2016 # helpers run through check(); sed scripts
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
fixtures=$TOP/tests/drift
place=$TOP/series/place-patch.py

# tree NAME SHAPE [SED FILE]...: a git tree $tmp/NAME copied from
# drift/SHAPE, each SED script run on its FILE, committed.
tree() {
	local dir=$tmp/$1
	cp -r "$fixtures/$2" "$dir"
	shift 2
	while [ $# -ge 2 ]; do
		sed -i "$1" "$dir/$2"
		shift 2
	done
	git -C "$dir" init -q && git -C "$dir" add -A &&
		git -C "$dir" -c user.name=t -c user.email=t@t commit -q -m tree
}

# fails_with NAME WANT: place-patch on tree NAME fails, says WANT in one
# line, and leaves the tree clean.
fails_with() {
	local out
	out=$("$place" "$fixtures/hand.patch" "$tmp/$1" 2>"$tmp/$1.log") && return 1
	echo "$out"
	[ "$(grep -c . <<<"$out")" = 1 ] && grep -q -- "$2" <<<"$out" &&
		[ -z "$(git -C "$tmp/$1" status --porcelain)" ]
}

old_tree() {
	tree old old && "$place" "$fixtures/hand.patch" "$tmp/old" &&
		grep -q 'i_sb_list_cpu' "$tmp/old/include/linux/fs.h"
}
check "drift: the patch applies as it is to the tree it was made on" old_tree

new_tree() {
	tree new new && "$place" "$fixtures/hand.patch" "$tmp/new" 2>"$tmp/new.log" &&
		cat "$tmp/new.log" &&
		grep -q 's_inode_brlock' "$tmp/new/include/linux/fs/super_types.h" &&
		! grep -qw 's_inodes' "$tmp/new/include/linux/fs/super_types.h" &&
		grep -q 'i_sb_list_cpu' "$tmp/new/include/linux/fs.h" &&
		grep -q 'inode_hash_locks_init' "$tmp/new/fs/inode.c" &&
		grep -q 'struct super_block at include/linux/fs/super_types.h:.*moved to' "$tmp/new.log"
}
check "drift: moved lines, changed neighbours and a struct in another header are placed" new_tree

tree gone new '/^struct super_block {/,/^}/d' include/linux/fs/super_types.h
check "drift: a struct gone from the tree is named" \
	fails_with gone 'hunk 2 in struct super_block cannot be placed: struct super_block is gone from the tree'

tree moved new '/alloc_large_system_hash/,/0, 0);/d' fs/inode.c
check "drift: a hunk whose context is gone says the context moved" \
	fails_with moved 'fs/inode.c: hunk 1 in inode_init cannot be placed in fs/inode.c: context moved'

# inode_init() loses the lines the hunk needs, which another function has.
tree elsewhere new 's/ihash_entries, 14, HASH_ZERO,/ihash_entries, 14, 0,/; s/^void __init inode_init(void)$/void __init inode_init_early(void)/; $a void __init inode_init(void)\n{\n}' fs/inode.c
check "drift: a hunk that would land in another function is refused" \
	fails_with elsewhere 'hunk 1 in inode_init landed in inode_init_early'

exit $status
