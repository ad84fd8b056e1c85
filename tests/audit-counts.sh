#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# audit-counts.sh KVER: after make audit-diff KVER=KVER, the audit's site
# counts against the trees themselves (git grep, which the audit does not
# use): the VFS's inode_hash_lock, s_inode_list_lock and i_lock, fat's
# own inode_hash_lock apart from the VFS's, and the patched tree without a
# user of what the series converts.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:?run through make}
v=${1:?usage: audit-counts.sh KVER}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
pristine=$TOP/build/$v/pristine
json=$TOP/out/$v/audit

# sites WHICH LOCK [FILE-REGEX]: the audit's site count.
sites() {
	python3 - "$json/$1/audit.json" "$2" "${3:-.}" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for s in d["sites"] if s["lock"] == sys.argv[2] and re.search(sys.argv[3], s["file"])))
PY
}
# grepped REGEX [PATHSPEC...]: lines of the pristine tree's .c and .h files.
grepped() {
	local re=$1
	shift
	git -C "$pristine" grep -E "$re" -- "${@:-*.c}" '*.h' | grep -c .
}
same() {
	echo "audit $1, git grep $2"
	[ "$1" = "$2" ]
}

check "audit $v: spin_lock(&inode_hash_lock) sites in fs/inode.c as git grep counts them" \
	same "$(sites pristine inode_hash_lock '^fs/inode\.c$')" \
	"$(git -C "$pristine" grep -c 'spin_lock(&inode_hash_lock)' -- fs/inode.c | cut -d: -f2)"
check "audit $v: s_inode_list_lock sites as git grep counts them" \
	same "$(sites pristine s_inode_list_lock)" "$(grepped 'spin_(lock|trylock)(_irq|_irqsave|_bh|_nested)?\(&[^;]*->s_inode_list_lock\)')"
check "audit $v: fat's inode_hash_lock is reported apart from the VFS's" \
	same "$(sites pristine 'inode_hash_lock@fat')" "$(grepped 'spin_lock\(&.*inode_hash_lock\)' 'fs/fat/*.c')"
check "audit $v: no VFS inode_hash_lock site outside fs/inode.c" \
	same "$(sites pristine inode_hash_lock '^(?!fs/inode\.c$)')" 0
check "audit $v: i_lock sites as git grep counts them" \
	same "$(sites pristine i_lock)" "$(grepped 'spin_(lock|trylock)(_irq|_irqsave|_bh|_nested)?\(&[^;]*->i_lock\)')"
check "audit $v: no global dcache_lock or 2009 inode_lock, inode_lock() counted as i_rwsem" \
	bash -c "[ $(sites pristine dcache_lock) = 0 ] && [ $(sites pristine inode_lock) = 0 ] && [ $(sites pristine i_rwsem) -gt 100 ]"
check "audit $v: the patched tree uses the per-CPU lists and not s_inode_list_lock" \
	bash -c "[ $(sites patched s_inode_list_lock) = 0 ] && [ $(sites patched s_inodes) = 0 ] && [ $(sites patched s_inode_brlock) -gt 10 ]"
exit $status
