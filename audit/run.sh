#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make audit: every site of every tracked lock (cocci/audit/locks.conf) in
# one tree, the locks nested inside each, and a verdict per lock.
#   AUDIT=patched   branch series of build/$KID/src (the default when
#                   make series has made it)
#   AUDIT=pristine  build/$KID/pristine (the default before make series)
# Writes $AUDIT_OUT (default out/$KID): audit.json, audit.txt and
# lock-order.svg, each replaced only when all three were made.  An audit
# of an unchanged tree by unchanged rules is not made again: a copy of the
# last audit of each tree is kept in build/$KID/audit/pristine and
# patched, which make series (it replaces out/$KID) leaves alone.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"

which=${AUDIT:-}
if [ -z "$which" ]; then
	which=pristine
	git_src rev-parse -q --verify series >/dev/null 2>&1 && which=patched
fi
case $which in
pristine)
	tree=$BUILD/pristine
	[ -d "$tree" ] || die audit "no pristine tree in $tree; run 'make tree KVER=$KID'" ;;
patched)
	tree=$SRC
	series=$(git_src rev-parse -q --verify series) ||
		die audit "no branch series in $SRC; run 'make series KVER=$KID' or use AUDIT=pristine"
	if [ "$(git_src rev-parse HEAD)" != "$series" ] || [ -n "$(git_src status --porcelain)" ]; then
		die audit "$SRC is not a clean checkout of branch series; run 'make series KVER=$KID'"
	fi ;;
*) die audit "AUDIT=$which: use AUDIT=pristine or AUDIT=patched" ;;
esac
dest=${AUDIT_OUT:-$OUT}
conf=$TOP/cocci/audit/locks.conf
# shellcheck disable=SC2086 # COCCI_RULES is a list of files
topics=$(cat /dev/null ${COCCI_RULES:-"$TOP"/cocci/*.cocci} | sed -n 's|^// Topic: *||p' | sort -u | tr '\n' ' ')
commit=$(git -C "$tree" rev-parse HEAD)
key=$(cat "$TOP"/cocci/audit/* "$TOP"/audit/*.py "$0" <(echo "$commit $topics") | sha1sum | cut -c1-40)
mkdir -p "$LOGDIR"
cache=$BUILD/audit/$which
for done in "$dest" "$OUT" "$OUT/audit/$which" "$cache"; do
	grep -qs "\"key\": \"$key\"" "$done/audit.json" || continue
	if [ "$done" != "$dest" ]; then
		mkdir -p "$dest"
		cp "$done/audit.txt" "$done/lock-order.svg" "$done/audit.json" "$dest/"
	fi
	say "audit $KID: $which tree and rules unchanged since the audit in ${done#"$TOP"/} ($dest/audit.txt)"
	exit 0
done
tmp=$(mktemp -d "$BUILD/audit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
# The index prefilters the files: only those that name a tracked lock or
# a function whose every call is a site can have a site.
words=$(python3 "$TOP/audit/audit_locks.py" grep "$conf") ||
	die audit "cannot read $conf"
git -C "$tree" grep -l -w -E "$words" -- '*.c' '*.h' >"$tmp/files" ||
	die audit "no file of $tree names a tracked lock"
export AUDIT_LOCKS=$conf PYTHONPATH=$TOP/audit${PYTHONPATH:+:$PYTHONPATH}
# One file a group: spatch parses the files of a group together.
sed 's/$/\n/' "$tmp/files" >"$tmp/groups"
# The nesting rule reports only the calls of functions that have sites.
export AUDIT_CALLEES=$tmp/callees
for rule in sites nesting; do
	(cd "$tree" && spatch --sp-file "$TOP/cocci/audit/$rule.cocci" -D report \
		--very-quiet --no-includes --include-headers --timeout 120 \
		--jobs "$(nproc)" --chunksize 1 --file-groups "$tmp/groups") \
		>"$tmp/$rule.raw" 2>"$LOGDIR/audit-$rule.log" ||
		die audit "spatch cocci/audit/$rule.cocci failed on $tree; see $LOGDIR/audit-$rule.log"
	awk '$1 == "site" { print $3 }' "$tmp/$rule.raw" | sort -u >>"$tmp/callees"
done
# A file that spatch gives up on (--timeout) is named in its log.
timeouts=$(cat "$LOGDIR"/audit-sites.log "$LOGDIR"/audit-nesting.log | grep -c '^timeout' || true)
note=
[ "$timeouts" = 0 ] || note=", $timeouts files timed out (see $LOGDIR/audit-*.log)"
version=$(kernel_version "$tree/Makefile")
python3 - "$KID" "$which" "${tree#"$TOP"/}" "$commit" "$version" "$key" \
	"$(wc -l <"$tmp/files")" "$((SECONDS - start))" "$timeouts" >"$tmp/meta.json" <<'PY'
import json, sys
k = ["kid", "which", "path", "commit", "version", "key", "files_scanned", "seconds",
     "spatch_timeouts"]
v = sys.argv[1:]
v[6:9] = map(int, v[6:9])
print(json.dumps(dict(zip(k, v))))
PY
cat "$tmp/sites.raw" "$tmp/nesting.raw" >"$tmp/all.raw"
python3 "$TOP/audit/report.py" "$conf" "$tmp/all.raw" "$tmp/meta.json" \
	"$topics" "$tmp" 2>"$LOGDIR/audit-report.log" ||
	die audit "audit/report.py failed; see $LOGDIR/audit-report.log"
dot -Tsvg "$tmp/lock-order.dot" >"$tmp/lock-order.svg" 2>"$LOGDIR/audit-dot.log" ||
	die audit "dot failed on the nesting graph; see $LOGDIR/audit-dot.log"
mkdir -p "$dest" "$cache"
for f in audit.txt lock-order.svg audit.json; do
	cp "$tmp/$f" "$cache/$f"
	mv "$tmp/$f" "$dest/$f"
done
sites=$(grep -c '^site ' "$tmp/all.raw" || true)
say "audit $KID: $which tree, $sites sites in $(wc -l <"$tmp/files") files, $((SECONDS - start))s$note ($dest/audit.txt)"
