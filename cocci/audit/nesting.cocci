// SPDX-License-Identifier: GPL-2.0-only
/// The locks taken, and the functions called, while a tracked lock is held
///
/// Within one function: from each acquisition that holds a lock (see
/// cocci/audit/locks.conf) along any path that does not release it, every
/// later call.  A call that takes a tracked lock is a nesting pair
/// ("nest file:line function outer -> inner inner-line"); any other call
/// is reported as "call file:line function outer callee", and
/// audit/report.py turns a call of a function that takes a
/// tracked lock itself into a pair through that direct call.  With
/// $AUDIT_CALLEES (a file of function names, those with sites) only
/// calls of those functions are reported, which makes a tree's audit
/// much faster.
//
// Confidence: Moderate
// Comments: paths are followed within one function; a lock dropped and
//  taken again in a callee is not seen.
// Options: --no-includes --include-headers

virtual report
virtual org

@initialize:python@
@@
import os
import audit_locks
T = audit_locks.table()

def held(p1, outer_arg, p2, args):
    fa = audit_locks.callee(p1)
    outer = T.classify(fa, outer_arg, p1.file)
    if outer is None or not outer[2]:
        return
    g = audit_locks.callee(p2)
    head = "%s:%s %s %s" % (p1.file, p1.line, p1.current_element, outer[0])
    if g in T.acquire:
        inner = T.classify_call(g, str(args), p2.file)
        if inner is None:
            return
        text = "nest %s -> %s %s" % (head, inner[0], p2.line)
    else:
        text = "call %s %s" % (head, g)
    if "org" in virtuals:
        coccilib.org.print_todo(p2, text)
    else:
        print(text)

def tracked(p1, outer_arg):
    outer = T.classify(audit_locks.callee(p1), outer_arg, p1.file)
    return outer is not None and outer[2]

# $AUDIT_CALLEES, if set, names the functions worth reporting a call to
# (those with sites of their own); without it every call is reported.
CALLEES = None
if os.environ.get("AUDIT_CALLEES"):
    with open(os.environ["AUDIT_CALLEES"]) as f:
        CALLEES = set(f.read().split())

def wanted(g):
    if g in T.release:
        return False
    return CALLEES is None or g in T.acquire or g in CALLEES

virtuals = set()

@script:python depends on org@
@@
virtuals.add("org")

// An acquisition that holds a tracked lock starts a region; the others
// are dropped here, before the costly path search.
@outer@
identifier fa : script:python () { T.holds(fa, True) };
expression E;
position p1;
@@
fa@p1(E, ...)

@script:python@
p1 << outer.p1;
E << outer.E;
@@
if not tracked(p1[0], E):
    cocci.include_match(False)

@arg exists@
identifier outer.fa;
expression outer.E;
position outer.p1;
identifier u : script:python () { u in T.release };
identifier g : script:python () { wanted(g) };
expression list es;
position p2;
@@
fa@p1(E, ...)
... when != u(E, ...)
    when any
g@p2(es)

@script:python@
p1 << outer.p1;
E << outer.E;
p2 << arg.p2;
es << arg.es;
@@
held(p1[0], E, p2[0], es)

@noarg exists@
identifier fa : script:python () { T.holds(fa, False) };
identifier u : script:python () { u in T.release };
identifier g : script:python () { wanted(g) };
expression list es;
position p1, p2;
@@
fa@p1()
... when != u()
    when any
g@p2(es)

@script:python@
p1 << noarg.p1;
p2 << noarg.p2;
es << noarg.es;
@@
held(p1[0], "", p2[0], es)
