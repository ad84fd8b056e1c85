#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""matrix/report.py OUT STATUS...: out/matrix.txt and out/matrix.json from
the status files matrix/run.sh writes (a "kid K" line, then one
"STAGE PASS" or "STAGE FAIL error line" line per stage run) and what each
tree's stages left in OUT/K: composition.txt (series), check.txt (check).
"""

import argparse
import json
import os
import re
import subprocess
import sys


def read(path):
    try:
        with open(path, encoding='utf-8') as f:
            return f.read()
    except OSError:
        return ''


def version(kid, top):
    src = os.path.join(top, 'build', kid, 'src')
    subject = subprocess.run(['git', '-C', src, 'log', '-1', '--format=%s', 'pristine'],
                             capture_output=True, text=True).stdout
    m = re.match(r'Linux (\S+)', subject)
    return m.group(1) if m else '?'


def row(status_path, out):
    lines = read(status_path).splitlines()
    kid = lines[0].split(None, 1)[1]
    stages = {}
    error = ''
    for line in lines[1:]:
        parts = line.split(None, 2)
        stages[parts[0]] = parts[1]
        if parts[1] == 'FAIL':
            error = parts[2] if len(parts) > 2 else ''
    r = {'tree': kid, 'version': version(kid, os.path.dirname(out)),
         'series': stages.get('series', '-'), 'check': stages.get('check', '-'),
         'boot': stages.get('boot', '-'), 'error': error,
         'patches': None, 'hand': None, 'generated': None,
         'unmatched_rules': [], 'leftovers': []}
    m = re.search(r'(\S+\.cocci) no longer matches anything', error)
    if m:
        r['unmatched_rules'].append(m.group(1))
    if r['series'] == 'PASS':
        kdir = os.path.join(out, kid)
        r['patches'] = len(read(os.path.join(kdir, 'patches', 'series')).split())
        hand, gen = [0, 0], [0, 0]
        for line in read(os.path.join(kdir, 'composition.txt')).splitlines():
            kind, name, hunks, changed = line.split()
            if kind == 'generated':
                gen = [gen[0] + int(hunks), gen[1] + int(changed)]
            elif name != 'brlock':
                hand = [hand[0] + int(hunks), hand[1] + int(changed)]
        r['hand'] = {'hunks': hand[0], 'lines': hand[1]}
        r['generated'] = {'hunks': gen[0], 'lines': gen[1]}
    if r['check'] != '-':
        for line in read(os.path.join(out, kid, 'check.txt')).splitlines():
            m = re.match(r'^leftover (\S+.*): (\d+) lines$', line)
            if m:
                r['leftovers'].append(f'{m.group(1)} ({m.group(2)})')
    return r


def table(rows):
    head = ['tree', 'version', 'patches', 'hand hunks/lines', 'generated hunks/lines',
            'generated share', 'unmatched rules', 'leftovers', 'series', 'check', 'boot']
    body = []
    for r in rows:
        if r['hand']:
            total = r['hand']['hunks'] + r['generated']['hunks']
            share = f"{100 * r['generated']['hunks'] / total:.0f}%" if total else '-'
            hand = f"{r['hand']['hunks']}/{r['hand']['lines']}"
            gen = f"{r['generated']['hunks']}/{r['generated']['lines']}"
        else:
            share = hand = gen = '-'
        body.append([r['tree'], r['version'], str(r['patches'] or '-'), hand, gen, share,
                     ', '.join(r['unmatched_rules']) or 'none',
                     ', '.join(r['leftovers']) or ('none' if r['check'] != '-' else '-'),
                     r['series'], r['check'], r['boot']])
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head))]
    fmt = '  '.join('{:<%d}' % w for w in widths)
    text = [fmt.format(*head).rstrip()] + [fmt.format(*b).rstrip() for b in body]
    text.append('')
    text.append('Hunks and lines: git diff -U0, outside brlock.  hand: the hand-written')
    text.append('patches as placed; generated: semantic patches and their sed scripts.')
    for r in rows:
        if r['error']:
            text.append(f"{r['tree']}: {r['error']}")
    return '\n'.join(text) + '\n'


def main():
    parser = argparse.ArgumentParser(description="make matrix's table")
    parser.add_argument("out", help="where matrix.txt and matrix.json go")
    parser.add_argument("trees", nargs="*", help="the trees' work directories")
    args = parser.parse_args()
    out = args.out
    rows = [row(p, out) for p in args.trees]
    with open(os.path.join(out, 'matrix.json'), 'w', encoding='utf-8') as f:
        json.dump(rows, f, indent=1)
        f.write('\n')
    text = table(rows)
    with open(os.path.join(out, 'matrix.txt'), 'w', encoding='utf-8') as f:
        f.write(text)
    print(text, end='')
    return 0 if all(r['error'] == '' for r in rows) else 1


if __name__ == '__main__':
    sys.exit(main())
