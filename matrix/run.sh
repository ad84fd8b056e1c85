#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make matrix: regenerate and check the series on every tree of TREES (a
# packaged version such as 6.1, or the path of an extracted tree; default:
# the packaged trees), and boot it too with BOOT=1.  One tree failing does
# not stop the others.  Writes out/matrix.txt (a table) and
# out/matrix.json from each tree's results (matrix/report.py).
set -uo pipefail
TOP=${TOP:?run through make}
trees=${TREES:-$KVERS}
stages="series check"
[ "${BOOT:-0}" = 1 ] && stages+=" boot"
dir=$TOP/build/matrix
rm -rf "$dir"
mkdir -p "$dir" "$TOP/out"

for t in $trees; do
	case $t in
	*/*)	args=(TREE="$t") kid=tree-$(basename "$(realpath -m "$t")") ;;
	*)	args=(KVER="$t") kid=$t ;;
	esac
	echo "kid $kid" >"$dir/$kid.status"
	for stage in $stages; do
		echo "== matrix $kid: make $stage"
		make --no-print-directory -C "$TOP" "$stage" "${args[@]}" 2>"$dir/$kid.$stage.err" |
			tee "$dir/$kid.$stage.out"
		rc=${PIPESTATUS[0]}
		cat "$dir/$kid.$stage.err" >&2
		if [ "$rc" = 0 ]; then
			echo "$stage PASS" >>"$dir/$kid.status"
		else
			echo "$stage FAIL $(grep -m1 '^error:' "$dir/$kid.$stage.err")" >>"$dir/$kid.status"
			break
		fi
	done
done
"$TOP/matrix/report.py" "$TOP/out" "$dir"/*.status
