#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tidy-added.py ORIG FILE: delete from FILE the lines of only blanks and
tabs that spatch added to it, ORIG being FILE before spatch ran.

spatch 1.1.1 leaves such a line (an indent and nothing else) where a rule
replaces a function body through "- ..." with new declarations; checkpatch
calls it trailing whitespace.  Lines that were in ORIG stay as they were.
"""

import difflib
import sys


def main():
    with open(sys.argv[1], encoding='utf-8', errors='surrogateescape') as f:
        orig = f.read().splitlines(keepends=True)
    with open(sys.argv[2], encoding='utf-8', errors='surrogateescape') as f:
        new = f.read().splitlines(keepends=True)
    keep = []
    matcher = difflib.SequenceMatcher(None, orig, new, autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        for line in new[j1:j2]:
            if tag != 'equal' and line.strip(' \t\n') == '' and line.strip('\n'):
                continue
            keep.append(line)
    if keep != new:
        with open(sys.argv[2], 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.writelines(keep)


if __name__ == '__main__':
    main()
