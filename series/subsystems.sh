#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# subsystems.sh < FILES: group the kernel source paths read from stdin by
# the subsystem prefix a commit subject gives them ("fs" for the VFS core,
# "quota" for fs/quota/, "block" for block/, ...).  Prints one line per
# subsystem, "PREFIX FILE...", the VFS core first, the others sorted.
set -euo pipefail

prefix() {
	case $1 in
	fs/notify/*) echo fsnotify ;;
	Documentation/filesystems/*) echo fs ;;	# the VFS's own documentation
	fs/*/* | security/*/* | drivers/*/* | net/*/*) echo "$1" | cut -d/ -f2 ;;
	include/linux/fs.h | fs/*) echo fs ;;
	include/linux/*) basename "$1" .h ;;
	*/*) echo "${1%%/*}" ;;
	*) echo "${1%.*}" ;;
	esac
}

while read -r file; do
	[ -n "$file" ] && printf '%s %s\n' "$(prefix "$file")" "$file"
done | sort -u | awk '
	{ files[$1] = files[$1] " " $2 }
	END {
		if ("fs" in files)
			print "fs" files["fs"]
		for (p in files)
			if (p != "fs")
				print p files[p] | "sort"
	}'
