# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# The one "up to date?" scheme of the toolkit; sourced, never run.  A step
# that can be skipped computes KEY, a digest of everything its result
# depends on, and keeps it in a stamp file beside the result: cleared
# before the step changes anything, written once the step has finished.

# stamp_fresh STAMP KEY: whether the last run of the step finished with
# these inputs.
stamp_fresh() {
	[ -f "$1" ] && [ "$(cat "$1")" = "$2" ]
}

# stamp_clear STAMP: the result is about to change.
stamp_clear() {
	rm -f "$1"
}

# stamp_write STAMP KEY: the result is complete for KEY.
stamp_write() {
	printf '%s\n' "$2" >"$1.tmp" && mv "$1.tmp" "$1"
}
