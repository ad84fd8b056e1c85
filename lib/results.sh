# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# The one writer of make test's result lines; sourced, never run.

# result_line PASS|FAIL TEXT: add "PASS TEXT" or "FAIL TEXT" to $RESULTS,
# the file make test counts, when make test asked for one.
result_line() {
	[ -z "${RESULTS:-}" ] || printf '%s %s\n' "$1" "$2" >>"$RESULTS"
}
