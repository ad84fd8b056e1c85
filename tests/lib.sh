# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# Shared by the test scripts: a scratch directory $tmp, removed at exit, and
# check NAME CMD..., which runs CMD as one check (if selected: LIST, ONLY): a PASS or FAIL line on
# stdout and in $RESULTS, CMD's output (its end) under a FAIL.  CMD runs
# with RESULTS empty: a check is one line, whatever the make targets it runs
# record (a failure a check provokes on purpose must not count).  $status is
# 1 once a check failed.
# shellcheck disable=SC2317,SC2034 # helpers run through check(); status is read by the caller
set -uo pipefail
# shellcheck source=lib/results.sh
. "$(dirname "${BASH_SOURCE[0]}")/../lib/results.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# selected NAME: whether the check NAME runs.  LIST=1 prints NAME and runs
# nothing; ONLY=REGEX (grep -E) runs only the checks whose names it matches.
selected() {
	if [ -n "${LIST:-}" ]; then
		echo "$1"
		return 1
	fi
	[ -z "${ONLY:-}" ] || grep -qE -- "$ONLY" <<<"$1"
}

# verdict PASS|FAIL NAME: the one writer of a check's line, on stdout and
# in $RESULTS; FAIL sets $status.
verdict() {
	echo "$1 $2"
	result_line "$1" "$2"
	[ "$1" = PASS ] || status=1
}

# check NAME CMD...: CMD is the check NAME; its output (the end) is shown
# when it fails.
check() {
	local name=$1
	shift
	selected "$name" || return 0
	if RESULTS='' ONLY='' LIST='' "$@" >"$tmp/out" 2>&1; then
		verdict PASS "$name"
	else
		verdict FAIL "$name"
		sed 's/^/    /' "$tmp/out" | tail -20
	fi
}

# one_error WANT CMD...: CMD must fail with exactly one "error:" line on
# stderr, matching the regex WANT.
one_error() {
	local want=$1
	shift
	if "$@" >"$tmp/stdout" 2>"$tmp/stderr"; then
		echo "$* succeeded"
		return 1
	fi
	cat "$tmp/stderr"
	grep -q -- "$want" "$tmp/stderr" &&
		[ "$(grep -c '^error:' "$tmp/stderr")" = 1 ]
}
