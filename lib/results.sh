# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# The writers of results, sourced, never run: make test's result lines, and
# each stage's results file, out/$KID/NAME.ktap, which make summary reads.

# result_line PASS|FAIL TEXT: add "PASS TEXT" or "FAIL TEXT" to $RESULTS,
# the file make test counts, when make test asked for one.
result_line() {
	[ -z "${RESULTS:-}" ] || printf '%s %s\n' "$1" "$2" >>"$RESULTS"
}

# results_open FILE: FILE becomes this stage's results file, a KTAP report
# (Documentation/dev-tools/ktap.rst) with its plan at the end, for this
# process and the ones it starts: stage_result adds to it, results_close
# ends it.  A file without a plan is a stage that did not finish.
results_open() {
	export STAGE_RESULTS=$1
	mkdir -p "$(dirname "$1")"
	echo 'KTAP version 1' >"$1"
}

# stage_result PASS|FAIL TEXT: "ok N TEXT" or "not ok N TEXT" in the stage's
# results file, if one is open, with "\" and "#" escaped as KTAP says.
# Processes that run side by side share it: the lock keeps the numbers in
# order.
stage_result() {
	[ -n "${STAGE_RESULTS:-}" ] || return 0
	local ok=ok text=${2//$'\n'/ }
	text=${text//\\/\\\\}
	[ "$1" = PASS ] || ok='not ok'
	# shellcheck disable=SC2094 # read, then appended to, under the lock
	(
		flock 9
		printf '%s %d %s\n' "$ok" "$(($(grep -cE '^(not )?ok ' "$STAGE_RESULTS" || true) + 1))" \
			"${text//#/\\#}" >>"$STAGE_RESULTS"
	) 9<"$STAGE_RESULTS"
}

# results_close: the plan, the number of results, ends the stage's file.
results_close() {
	[ -n "${STAGE_RESULTS:-}" ] || return 0
	echo "1..$(grep -cE '^(not )?ok ' "$STAGE_RESULTS")" >>"$STAGE_RESULTS"
	unset STAGE_RESULTS
}
