#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""place-patch.py DIFF TREE: apply a hand-written diff to the git tree TREE
even where the tree's lines around it have moved.

The diff is applied with "git apply" when it applies as it is.  Otherwise
GNU patch places each hunk by its context, allowing the outermost two
lines of context to differ (--fuzz=2) and any offset.  A hunk placed that
way must land in the function or struct its hunk header names (the line
git diff shows after "@@"): the nearest line above it that starts with a
letter, "_" or "$" must name the same symbol.  Otherwise, or when a hunk
cannot be placed at all, one line per hunk says which file, which symbol
and why (the symbol is gone from the file, or its context moved), and
the tree is left as it was.

Prints one line per hunk that needed fuzz or an offset, so that the log
says what moved.  Exit status: 0 when every hunk is in place, 1 if not.
"""

import re
import subprocess
import sys

FUNCNAME = re.compile(r'^[A-Za-z_$]')


def symbol(line):
    """The name a funcname line defines: the identifier before its first
    "(" (a function), or after "struct"/"union"/"enum"; else the line."""
    line = line.strip()
    m = re.match(r'^(?:struct|union|enum)\s+(\w+)', line)
    if m and '(' not in line.split('{')[0]:
        return m.group(0)
    m = re.search(r'(\w+)\s*\(', line)
    if m:
        return m.group(1)
    return line


def hunks(diff):
    """(file, hunk number, header text) for each hunk of DIFF."""
    out, path, n = [], None, 0
    for line in diff.splitlines():
        if line.startswith('+++ '):
            path = line[4:].split('\t')[0]
            path = path[2:] if path.startswith('b/') else path
            n = 0
        elif line.startswith('@@ ') and path:
            n += 1
            m = re.match(r'^@@ [^@]* @@ ?(.*)$', line)
            out.append((path, n, m.group(1) if m else ''))
    return out


def enclosing(tree, path, lineno):
    """The funcname line above 1-based line LINENO of TREE/PATH."""
    with open(f'{tree}/{path}', encoding='utf-8', errors='replace') as f:
        lines = f.read().splitlines()
    for i in range(min(lineno, len(lines)) - 2, -1, -1):
        if FUNCNAME.match(lines[i]):
            return lines[i]
    return ''


def present(tree, path, header):
    """Whether the symbol HEADER names still occurs in TREE/PATH."""
    try:
        with open(f'{tree}/{path}', encoding='utf-8', errors='replace') as f:
            text = f.read()
    except OSError:
        return False
    return re.search(r'\b' + re.escape(symbol(header)) + r'\b', text) is not None


def run_patch(tree, diff, dry):
    cmd = ['patch', '-p1', '-d', tree, '--fuzz=2', '--no-backup-if-mismatch',
           '--forward', '--batch', '-r', '-']
    if dry:
        cmd.append('--dry-run')
    return subprocess.run(cmd, input=diff, text=True, capture_output=True)


def main():
    diff_path, tree = sys.argv[1], sys.argv[2]
    with open(diff_path, encoding='utf-8') as f:
        diff = f.read()
    if subprocess.run(['git', '-C', tree, 'apply', '--index', diff_path],
                      capture_output=True).returncode == 0:
        return 0
    headers = {(p, n): h for p, n, h in hunks(diff)}
    result = run_patch(tree, diff, dry=True)
    print(result.stdout, end='', file=sys.stderr)
    path, problems, placed = None, [], []
    for line in result.stdout.splitlines():
        m = re.match(r'^(?:patching|checking) file (\S+)', line)
        if m:
            path = m.group(1)
            continue
        m = re.match(r'^Hunk #(\d+) (succeeded|FAILED) at (\d+)(.*)$', line)
        if not m:
            continue
        n, how, at = int(m.group(1)), m.group(2), int(m.group(3))
        header = headers.get((path, n), '')
        where = f'{path}: hunk {n} in {symbol(header) or "the top of the file"}'
        if how == 'FAILED':
            reason = ('context moved' if present(tree, path, header)
                      else f'{symbol(header)} is gone from {path}')
            problems.append(f'{where} cannot be placed: {reason}')
        else:
            placed.append((path, n, at, header, m.group(4).strip(' .')))
    if problems or result.returncode != 0:
        if not problems:
            problems.append(result.stdout.strip().splitlines()[-1]
                            if result.stdout.strip() else 'patch failed')
        print('\n'.join(problems))
        return 1
    if run_patch(tree, diff, dry=False).returncode != 0:
        print(f'{diff_path}: patch failed after its dry run succeeded')
        return 1
    for path, n, at, header, how in placed:
        # patch reports where the hunk's first line landed; git's header
        # is the funcname line above it.
        found = enclosing(tree, path, at)
        if header and symbol(found) != symbol(header):
            print(f'{path}: hunk {n} of {symbol(header)} landed in '
                  f'{symbol(found) or "no symbol"} at line {at}: context moved')
            subprocess.run(['git', '-C', tree, 'checkout', '-q', '--', '.'])
            return 1
        print(f'placed {path}: hunk {n} in {symbol(header) or "the top"}'
              f' at line {at} ({how})', file=sys.stderr)
    subprocess.run(['git', '-C', tree, 'add', '-A', '-f', '.'], check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
