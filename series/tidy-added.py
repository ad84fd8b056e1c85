#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""tidy-added.py ORIG FILE: tidy in FILE the lines that spatch added to it,
ORIG being FILE before spatch ran.  Lines that were in ORIG stay as they
were.

spatch 1.1.1 prints added code with its own spacing:
- where a rule replaces a function body through "- ..." with new
  declarations, it leaves a line of only an indent, which checkpatch calls
  trailing whitespace: such lines are deleted;
- an added struct member is "type name;" with one space, and a comment
  after it follows the semicolon with none.  Where the nearest member
  around it at the same indent aligns its name (and its comment) with
  tabs, the added member is aligned to the same columns, as a person
  editing that struct would have written it.
"""

import argparse
import difflib
import re

# A member: indent, type, name with its declarator, the rest (a comment).
ADDED = re.compile(r'^(\t+)([A-Za-z_][\w ]*?[\w*]) (\**[A-Za-z_]\w*(?:\[[^]]*\])?;)'
                   r'[ \t]*(/\*.*\*/)?\n$')
# A member aligned with tabs: its name's column, and its comment's if any.
ALIGNED = re.compile(r'^(\t+)([A-Za-z_][^\t;]*[\w*])\t+(\**[A-Za-z_][^;]*;)'
                     r'(?:[ \t]+(/\*.*))?\n$')


def width(text):
    """The column after text, tabs every 8 columns."""
    return len(text.expandtabs(8))


def pad(text, column):
    """Tabs after text up to column, at least one."""
    tabs = '\t'
    while width(text + tabs) < column:
        tabs += '\t'
    return text + tabs


def columns(lines, index, indent):
    """The name and comment columns of the tab-aligned member at indent
    nearest to lines[index] in the same block, at most 12 lines away, or
    None."""
    open_ends = {-1: True, 1: True}
    for distance in range(1, 13):
        for step in (-1, 1):
            j = index + step * distance
            if not open_ends[step] or not 0 <= j < len(lines) or \
                    '{' in lines[j] or '}' in lines[j]:
                open_ends[step] = False
                continue
            m = ALIGNED.match(lines[j])
            if m and m.group(1) == indent:
                comment = None
                if m.group(4):
                    comment = lines[j].expandtabs(8).index('/*')
                return width(lines[j][:m.start(3)]), comment
    return None


def align(lines, index):
    """lines[index], an added member, aligned as its neighbours are."""
    m = ADDED.match(lines[index])
    if not m:
        return lines[index]
    indent, kind, name, comment = m.groups()
    cols = columns(lines, index, indent)
    if not cols or width(indent + kind) >= cols[0]:
        line = indent + kind + ' ' + name
    else:
        line = pad(indent + kind, cols[0]) + name
    if comment:
        if cols and cols[1] and width(line) < cols[1]:
            line = pad(line, cols[1]) + comment
        else:
            line += '\t' + comment
    return line + '\n'


def main():
    parser = argparse.ArgumentParser(description='tidy the lines spatch added to a file')
    parser.add_argument('orig', help='the file before spatch ran')
    parser.add_argument('file', help='the file spatch changed, tidied in place')
    args = parser.parse_args()
    with open(args.orig, encoding='utf-8', errors='surrogateescape') as f:
        orig = f.read().splitlines(keepends=True)
    with open(args.file, encoding='utf-8', errors='surrogateescape') as f:
        new = f.read().splitlines(keepends=True)
    added = set()
    matcher = difflib.SequenceMatcher(None, orig, new, autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag != 'equal':
            added.update(range(j1, j2))
    keep = []
    for j, line in enumerate(new):
        if j in added and line.strip(' \t\n') == '' and line.strip('\n'):
            continue
        keep.append(align(new, j) if j in added else line)
    if keep != new:
        with open(args.file, 'w', encoding='utf-8', errors='surrogateescape') as f:
            f.writelines(keep)


if __name__ == '__main__':
    main()
