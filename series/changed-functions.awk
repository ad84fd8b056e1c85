#!/usr/bin/awk -f
# SPDX-License-Identifier: GPL-2.0-only
# changed-functions.awk -v rule=NAME: read a "git diff -U0" and print one
# "NAME FILE FUNCTION" line per hunk; FUNCTION is the C function the hunk
# is in, as git's cpp diff driver (set by the kernel's .gitattributes)
# names it in the hunk header, or "-".
/^\+\+\+ b\// {
	file = substr($0, 7)
	next
}
/^@@ / {
	func_name = "-"
	header = $0
	sub(/^@@[^@]*@@ ?/, "", header)
	if (match(header, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
		func_name = substr(header, RSTART, RLENGTH)
		sub(/[ \t]*\($/, "", func_name)
	}
	print rule, file, func_name
}
