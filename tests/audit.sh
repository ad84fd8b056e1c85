#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The audit's fast tests: its fixtures fail when a rule or the lock table
# is broken (each fixture set must catch a change of its rule), and bad
# input gives one error line and writes nothing into out/.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
export TOP
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# fixtures_of RULE [SED FILE]: run the fixtures of cocci/audit/RULE.cocci
# in a copy of the toolkit, where FILE (a path under cocci/) was edited
# with SED.
fixtures_of() {
	local rule=$1 edit=${2:-} file=${3:-} copy=$tmp/copy
	rm -rf "$copy"
	mkdir -p "$copy"
	cp -r "$TOP/cocci" "$TOP/tests" "$TOP/audit" "$TOP/series" "$TOP/lib" "$copy/"
	find "$copy/cocci" -name '*.cocci' ! -path "*/audit/$rule.cocci" -delete
	if [ -n "$edit" ]; then
		sed -i "$edit" "$copy/cocci/$file"
		cmp -s "$TOP/cocci/$file" "$copy/cocci/$file" && { echo "$edit changed nothing"; return 2; }
	fi
	TOP=$copy AUDIT_LOCKS=$copy/cocci/audit/locks.conf \
		"$copy/tests/cocci-fixtures.sh"
}
# broken SED FILE RULE: with FILE edited, RULE's fixtures must fail.
broken() {
	fixtures_of "$3" "$1" "$2"
	[ $? = 1 ]
}
check "audit fixtures pass in the copy the next checks break" fixtures_of sites
check "audit fixtures of nesting pass in that copy" fixtures_of nesting
# One breakage a line: RULE whose fixtures run, FILE edited, SED, what.
while IFS='|' read -r rule file edit what; do
	check "audit fixtures catch $what" broken "$edit" "audit/$file" "$rule" </dev/null
done <<'EOF'
sites|sites.cocci|s/T.takes_arg(f, 1)/T.takes_arg(f, 2)/|a sites rule that reads the wrong argument
sites|sites.cocci|s/T.takes_arg(it, 2)/False/|a sites rule that misses iterators
nesting|nesting.cocci|s/T.holds(fa, False)/False/|a nesting rule that ignores wrappers without arguments
nesting|nesting.cocci|s/^\.\.\. when != u(E, \.\.\.)$/... when != u(...)/|a nesting rule that ends a region at any unlock
sites|locks.conf|/^lock inode_hash_lock@fat/d|fat's inode_hash_lock taken for the VFS's
sites|locks.conf|s/^lock inode_lock\t\tinode_lock\tglobal\t\tspin/&,rwsem/; /^lock i_rwsem/d|inode_lock() taken for the 2009 global inode_lock
EOF

# audit/diff.py on two made-up audits: a user of a converted lock left in
# the patched tree is listed and fails; none left passes.
diff_of() {
	local left=$1
	python3 - "$tmp" "$left" <<'PY'
import json, sys
lock = lambda name, n, conv, add: {"name": name, "sites": n, "converted_by_series": conv,
                                  "added_by_series": add, "verdict": "v"}
site = lambda name, fn: {"lock": name, "file": "fs/inode.c", "line": 1, "function": fn, "mode": "lock"}
tree = lambda which: {"kid": "t", "which": which, "commit": "0" * 40}
old = {"tree": tree("pristine"), "locks": [lock("s_inode_list_lock", 2, True, False),
       lock("s_inode_brlock", 0, False, True)],
       "sites": [site("s_inode_list_lock", "evict_inodes"), site("s_inode_list_lock", "iput")]}
left = int(sys.argv[2])
new = {"tree": tree("patched"), "locks": [lock("s_inode_list_lock", left, True, False),
       lock("s_inode_brlock", 1, False, True)],
       "sites": [site("s_inode_brlock", "evict_inodes")] + [site("s_inode_list_lock", "iput")] * left}
json.dump(old, open(sys.argv[1] + "/old.json", "w"))
json.dump(new, open(sys.argv[1] + "/new.json", "w"))
PY
	python3 "$TOP/audit/diff.py" "$tmp/old.json" "$tmp/new.json"
}
leftover() {
	diff_of 1 >"$tmp/diff"
	local rc=$?
	cat "$tmp/diff"
	[ "$rc" = 1 ] && grep -q '^  fs/inode.c:1 iput lock s_inode_list_lock$' "$tmp/diff"
}
check "audit-diff fails on and lists a user left of a lock the series converts" leftover
check "audit-diff passes when no user is left" diff_of 0

# bad input: one error line, nothing in out/
bad_audit() {
	local want=$1
	shift
	one_error "^error: audit: $want" env KID=audit-selftest "$@" "$TOP/audit/run.sh" &&
		[ ! -e "$TOP/out/audit-selftest" ]
}
check "make audit refuses an unknown AUDIT= with one error line" \
	bad_audit 'AUDIT=bogus: use AUDIT=pristine or AUDIT=patched' AUDIT=bogus
check "make audit without a tree: one error line, no out/" \
	bad_audit 'no pristine tree in .*; run .make tree' AUDIT=pristine
check "make audit AUDIT=patched without a series: one error line, no out/" \
	bad_audit 'no branch series in .*; run .make series' AUDIT=patched
rm -rf "$TOP/build/audit-selftest"
exit $status
