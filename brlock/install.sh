#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Put the brlock sources into the kernel tree given as $1: the header, the
# implementation and its KUnit suite (with the .kunitconfig that lets
# tools/testing/kunit/kunit.py run it alone), their Kconfig and Makefile
# lines, and the header's MAINTAINERS line.  Each edit is anchored on a line that both
# packaged trees have; a missing anchor is an error, never a silent skip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tree=${1:?usage: install.sh KERNEL_TREE}

fail() {
	echo "brlock/install.sh: $*" >&2
	exit 1
}

# insert_before FILE ANCHOR TEXTFILE: put TEXTFILE before the first line
# equal to ANCHOR.
insert_before() {
	local file=$1 anchor=$2 text=$3
	grep -qxF -- "$anchor" "$file" || fail "no line '$anchor' in $file"
	awk -v anchor="$anchor" -v text="$text" '
		!done && $0 == anchor { while ((getline l < text) > 0) print l; done = 1 }
		{ print }' "$file" >"$file.new"
	mv "$file.new" "$file"
}

cp "$here/brlock.h" "$tree/include/linux/brlock.h"
cp "$here/brlock.c" "$tree/kernel/locking/brlock.c"
cp "$here/brlock_kunit.c" "$tree/kernel/locking/brlock_kunit.c"
cp "$here/.kunitconfig" "$tree/kernel/locking/.kunitconfig"
cat "$here/Makefile.frag" >>"$tree/kernel/locking/Makefile"
insert_before "$tree/lib/Kconfig.debug" "endmenu # lock debugging" "$here/Kconfig"

# MAINTAINERS: LOCKING PRIMITIVES already covers kernel/locking/; add the
# header in sorted order among the section's F: lines.
LC_ALL=C awk -v new='include/linux/brlock.h' '
	/^LOCKING PRIMITIVES$/ { s = 1 }
	s && /^$/ { s = 0 }
	s && !done && /^F:\t/ && substr($0, 4) > new { print "F:\t" new; done = 1 }
	{ print }
	END { if (!done) exit 1 }' "$tree/MAINTAINERS" >"$tree/MAINTAINERS.new" ||
	fail "MAINTAINERS: no LOCKING PRIMITIVES section with F: lines"
mv "$tree/MAINTAINERS.new" "$tree/MAINTAINERS"
