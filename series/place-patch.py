#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""place-patch.py DIFF TREE: apply a hand-written diff to the git tree TREE
even where the tree around it has moved.

The diff is applied with "git apply --index" when it applies as it is.
Otherwise each hunk is placed on its own by GNU patch, by its context,
allowing the outermost two lines of context to differ (--fuzz=2) and any
offset.  A hunk whose function or struct (the symbol git diff names after
"@@") is gone from its file is placed in the one file of the tree that
defines that symbol now: headers get split and structs move between
releases.  A hunk placed with fuzz or an offset, or in another file, must
land in the symbol its header names: the nearest line above it that
starts with a letter, "_" or "$" must define the same symbol.

One line per hunk that did not apply as it was says where it went
(stderr, for the log).  When a hunk cannot be placed, one line on stdout
names the file, the hunk, its symbol and why (the symbol is gone from the
tree, or its context moved), the tree is left as it was, and the exit
status is 1.
"""

import argparse
import re
import subprocess
import sys

FUNCNAME = re.compile(r'^[A-Za-z_$]')


class Hunk:
    def __init__(self, path, number, text):
        self.path, self.number, self.text = path, number, text
        m = re.match(r'^@@ [^@]* @@ ?(.*)$', text.splitlines()[0])
        self.header = m.group(1) if m else ''

    def symbol(self):
        return symbol(self.header)

    def diff(self, path):
        return f'--- a/{path}\n+++ b/{path}\n{self.text}'


def symbol(line):
    """The name a funcname line defines: "struct NAME" (or union, enum)
    for a type, else the identifier before its first "("; else the line."""
    line = line.strip()
    m = re.match(r'^(?:(?:typedef|static|extern)\s+)?(struct|union|enum)\s+(\w+)\s*(\{|$)', line)
    if m:
        return f'{m.group(1)} {m.group(2)}'
    m = re.search(r'(\w+)\s*\(', line)
    if m:
        return m.group(1)
    return line


def parse(diff):
    """The hunks of DIFF, in order."""
    out, path, number, current = [], None, 0, None
    for line in diff.splitlines(keepends=True):
        if line.startswith('diff --git ') or line.startswith('--- '):
            current = None
            continue
        if line.startswith('+++ '):
            path = line[4:].rstrip('\n').split('\t')[0]
            path = path[2:] if path.startswith('b/') else path
            number = 0
            continue
        if line.startswith('@@ '):
            number += 1
            current = Hunk(path, number, line)
            out.append(current)
            continue
        if current is not None and line[:1] in (' ', '+', '-', '\\', '\n'):
            current.text += line
    return out


def lines_of(tree, path):
    try:
        with open(f'{tree}/{path}', encoding='utf-8', errors='replace') as f:
            return f.read().splitlines()
    except OSError:
        return []


def enclosing(tree, path, lineno):
    """The symbol of the funcname line above 1-based line LINENO."""
    lines = lines_of(tree, path)
    for i in range(min(lineno, len(lines)) - 2, -1, -1):
        if FUNCNAME.match(lines[i]):
            return symbol(lines[i])
    return ''


def defines(tree, path, sym):
    """Whether a funcname line of TREE/PATH defines SYM."""
    return any(FUNCNAME.match(line) and symbol(line) == sym
               for line in lines_of(tree, path))


def definers(tree, sym):
    """The files of TREE with a funcname line that defines SYM."""
    word = sym.split()[-1]
    found = subprocess.run(['git', '-C', tree, 'grep', '-l', '-w', '-e', word, '--',
                            '*.h', '*.c'], capture_output=True, text=True).stdout.split()
    return [p for p in found if defines(tree, p, sym)]


def patch(tree, path, hunk):
    """Apply HUNK to TREE/PATH with GNU patch; (applied, line, how)."""
    result = subprocess.run(['patch', '-p1', '-d', tree, '--fuzz=2', '--forward',
                             '--batch', '--no-backup-if-mismatch', '-r', '-'],
                            input=hunk.diff(path), text=True, capture_output=True)
    m = re.search(r'^Hunk #1 succeeded at (\d+)(.*)$', result.stdout, re.M)
    if result.returncode != 0:
        return False, 0, result.stdout.strip()
    return True, int(m.group(1)) if m else 0, (m.group(2).strip(' .') if m else 'exact')


def place(tree, hunk):
    """Place HUNK; None, or the line that says why it cannot be placed."""
    sym = hunk.symbol()
    where = f'{hunk.path}: hunk {hunk.number} in {sym or "the top of the file"}'
    path = hunk.path
    if sym and not defines(tree, path, sym):
        others = definers(tree, sym)
        if len(others) != 1:
            return f'{where} cannot be placed: {sym} is ' + (
                'gone from the tree' if not others else
                f'defined in {len(others)} files ({", ".join(others[:3])})')
        path = others[0]
    applied, at, how = patch(tree, path, hunk)
    if not applied:
        return f'{where} cannot be placed in {path}: context moved'
    if how != 'exact' or path != hunk.path:
        found = enclosing(tree, path, at)
        if sym and found != sym:
            return (f'{where} landed in {found or "no symbol"} at {path}:{at}:'
                    ' context moved')
        moved = f' (moved to {path})' if path != hunk.path else ''
        print(f'placed {where} at {path}:{at}{moved}, {how}', file=sys.stderr)
    return None


def main():
    parser = argparse.ArgumentParser(description='apply a hand-written patch, hunk by hunk where its context moved')
    parser.add_argument('diff', help='the patch')
    parser.add_argument('tree', help='the git tree to apply it to')
    args = parser.parse_args()
    diff_path, tree = args.diff, args.tree
    if subprocess.run(['git', '-C', tree, 'apply', '--index', diff_path],
                      capture_output=True).returncode == 0:
        return 0
    with open(diff_path, encoding='utf-8') as f:
        hunks = parse(f.read())
    for hunk in hunks:
        problem = place(tree, hunk)
        if problem:
            print(problem)
            subprocess.run(['git', '-C', tree, 'checkout', '-q', '--', '.'])
            return 1
    subprocess.run(['git', '-C', tree, 'add', '-A', '-f', '.'], check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
