# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# Shared helpers for the toolkit's shell scripts; sourced, never run.
# Every script is called by the Makefile with the environment it exports:
# TOP (toolkit root), KID (kernel id: 6.1, 6.12 or tree-X.Y.Z), SRC (the
# series git tree), BUILD (build/$KID), OUT (out/$KID).

set -euo pipefail
# shellcheck source=lib/stamp.sh
. "$(dirname "${BASH_SOURCE[0]}")/stamp.sh"
# shellcheck source=lib/results.sh
. "$(dirname "${BASH_SOURCE[0]}")/results.sh"

: "${TOP:?run through make}"
: "${KID:?run through make}"
BUILD=${BUILD:-$TOP/build/$KID}
OUT=${OUT:-$TOP/out/$KID}
SRC=${SRC:-$BUILD/src}
# shellcheck disable=SC2034 # used by the scripts that source this
LOGDIR=$BUILD/log

# The author and signer of every commit: AUTHOR ("Name <mail>"), else the
# git identity of whoever runs the toolkit.  Without either, a placeholder
# signs, and the series says that it is not for mailing (IDENTITY=none).
# The date of every commit is SOURCE_DATE_EPOCH, else the time stamp of the
# pristine tree's top Makefile (recorded by make tree): with both fixed,
# every commit, and so every patch, is byte for byte reproducible.
if [ -z "${AUTHOR:-}" ] && git config user.email >/dev/null 2>&1; then
	AUTHOR="$(git config user.name) <$(git config user.email)>"
fi
IDENTITY=given
if [ -n "${AUTHOR:-}" ] &&
   ! [[ $AUTHOR =~ ^[^\<\>@]+\ \<[^\<\>@\ ]+@[^\<\>@\ ]+\>$ ]]; then
	printf "error: author: AUTHOR='%s' is not 'Name <mail>'; set AUTHOR=\"Your Name <you@example.org>\"\n" "$AUTHOR" >&2
	exit 1
fi
if [ -z "${AUTHOR:-}" ]; then
	AUTHOR='Lock Scalability Toolkit <vfs-scale@example.org>'
	IDENTITY=none
fi
# shellcheck disable=SC2034 # used by the scripts that source this
readonly IDENTITY
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
GIT_AUTHOR_NAME=${AUTHOR% <*}
GIT_AUTHOR_EMAIL=${AUTHOR##*<}
GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL%>}
GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
tree_date=$(cat "$TOP/build/$KID/tree.date" 2>/dev/null || echo 0)
export GIT_AUTHOR_DATE="@${SOURCE_DATE_EPOCH:-$tree_date} +0000"
export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

# side_by_side MAX CMD...: run CMD in the background, once fewer than MAX
# of the runs started this way are still going (waited for by PID: other
# background jobs of the caller do not count).  side_by_side_wait waits
# for the rest and fails if any run failed; a run that fails has said why
# (die), and none is started after it.  Boots under TCG each keep about
# one host CPU busy: this is how make fstests and make soak use them all.
sbs_pids=() sbs_failed=0
sbs_reap() {
	local ended="" pid left=()
	wait -n -p ended "${sbs_pids[@]}" || sbs_failed=1
	for pid in "${sbs_pids[@]}"; do
		[ "$pid" = "$ended" ] || left+=("$pid")
	done
	# No run of ours was left to wait for (ended unset).
	[ -n "$ended" ] || left=()
	sbs_pids=("${left[@]}")
}
side_by_side() {
	local max=$1
	shift
	if [ "${#sbs_pids[@]}" -ge "$max" ]; then
		sbs_reap
	fi
	[ "$sbs_failed" = 0 ] || return 0
	"$@" &
	sbs_pids+=("$!")
}
side_by_side_wait() {
	while [ "${#sbs_pids[@]}" -gt 0 ]; do
		sbs_reap
	done
	[ "$sbs_failed" = 0 ]
}

# die STAGE MESSAGE: the one line a user sees when something is wrong.
die() {
	local stage=$1
	shift
	printf 'error: %s: %s\n' "$stage" "$*" >&2
	exit 1
}

# say TEXT: a progress line, prefixed with the stage counter if make set one.
say() {
	printf '%s%s\n' "${STEP:+[$STEP] }" "$*"
}

# record PASS|FAIL NAME: one result in the stage's results file (if it
# opened one) and in the test-results file (if make test asked for one).
record() {
	local verdict=$1
	shift
	stage_result "$verdict" "$*"
	result_line "$verdict" "$KID: $*"
	if [ "$verdict" = FAIL ]; then
		printf 'FAIL %s: %s\n' "$KID" "$*" >&2
	fi
}

# logged STAGE LOG CMD...: run CMD with its output in LOG; on failure, one
# line naming the stage and the log, then exit.
logged() {
	local stage=$1 log=$2
	shift 2
	mkdir -p "$(dirname "$log")"
	if ! "$@" >"$log" 2>&1; then
		die "$stage" "'$*' failed; see $log"
	fi
}

# sparse_lines LOG: the warnings and errors of a kbuild log, sparse's and
# the compiler's, as "path: kind: message" lines without line numbers (so
# that moved code does not count as new), each once: a header's warning is
# the same warning however many files include it.
sparse_lines() {
	sed -n 's/^\(\.\.\/[a-z]*\/\|\/[^ ]*\/build\/[^/]*\/[a-z]*\/\)\{0,1\}\([^ :]*\.[ch]\):[0-9]*:[0-9]*: \(warning\|error\): /\2: \3: /p' "$1" |
		sort -u
}

# sparse_new PATCHED PRISTINE ADDED: from sparse_lines of the patched and
# the pristine tree (files of "FILE: kind: message" lines), the lines new
# in the patched tree, each as "new LINE" or, in a file the series adds
# (listed in the file ADDED), with a message the pristine tree has in
# another file, "known LINE": a file that did not exist cannot be compared
# by place, and such a message comes from the tree's macros and this
# sparse (6.19's MODULE_INFO() is a "bad constant expression" to sparse
# 0.6.4 wherever it is used), not from the series.
sparse_new() {
	comm -23 "$1" "$2" | awk -v pristine="$2" -v added="$3" '
		BEGIN {
			while ((getline l < added) > 0) new_file[l] = 1
			while ((getline l < pristine) > 0) { sub(/^[^:]*: /, "", l); seen[l] = 1 }
		}
		NF {
			file = $0; sub(/: .*/, "", file)
			msg = $0; sub(/^[^:]*: /, "", msg)
			print ((file in new_file) && (msg in seen) ? "known " : "new ") $0
		}'
}

git_src() {
	git -C "$SRC" "$@"
}

# kernel_version MAKEFILE: VERSION.PATCHLEVEL.SUBLEVEL of a tree's top Makefile.
kernel_version() {
	sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' "$1" | paste -sd.
}

# kmake SRCTREE OBJDIR ARGS...: kbuild, out of tree, through ccache, with the
# build identity fixed so that ccache hits and images are reproducible.
kmake() {
	local src=$1 obj=$2
	shift 2
	CCACHE_BASEDIR=$TOP make -C "$src" O="$obj" CC="ccache gcc" \
		KBUILD_BUILD_TIMESTAMP='Wed Aug  5 00:00:00 UTC 2009' \
		KBUILD_BUILD_USER=toolkit KBUILD_BUILD_HOST=qemu \
		-j"$(nproc)" "$@"
}

# need_series STAGE: die unless make series has made out/$KID/patches.
need_series() {
	[ -f "$OUT/patches/series" ] || die "$1" "no series in $OUT/patches; run 'make series'"
}

# fresh_dir DIR: DIR made empty (unless another run holds it), and $LOGDIR made.
fresh_dir() {
	local lock
	mkdir -p "$(dirname "$1")" "$LOGDIR"
	# Held until this script and its guests end: a second make of the same
	# stage and tree would empty the directory under the first one.
	exec {lock}>"$1.lock"
	flock -n "$lock" ||
		die "$(basename "$1")" "$1 is in use by another run of this stage on $KID; wait for it to end"
	rm -rf "$1"
	mkdir -p "$1"
}

# build_kernel STAGE NAME TREE MODE OBJ FRAGMENT...: configure TREE in OBJ
# (lib/config.sh MODE: pristine or patched) with the FRAGMENTs and build
# its bzImage, logged in $LOGDIR/build-STAGE-NAME.log.
build_kernel() {
	local stage=$1 name=$2 tree=$3 mode=$4 obj=$5 start=$SECONDS
	shift 5
	"$TOP/lib/config.sh" "$tree" "$obj" "$mode" "$@"
	kmake "$tree" "$obj" bzImage >"$LOGDIR/build-$stage-$name.log" 2>&1 ||
		die "$stage" "the $name kernel does not build; see $LOGDIR/build-$stage-$name.log"
	say "$stage $KID: $name kernel ready in $((SECONDS - start))s"
}

# x86_has_rt: whether the tree in $SRC lets x86 build with PREEMPT_RT.
x86_has_rt() {
	grep -q 'select ARCH_SUPPORTS_RT' "$SRC/arch/x86/Kconfig"
}
