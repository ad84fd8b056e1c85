// SPDX-License-Identifier: GPL-2.0-only
/// Every place that takes a tracked lock, as "file:line function mode lock"
///
/// The functions that take a lock, the argument that names it and the
/// locks an argument names are in cocci/audit/locks.conf (found through
/// $AUDIT_LOCKS; audit/audit_locks.py through PYTHONPATH).  A call is a
/// site if locks.conf maps its argument to a tracked lock; inode_lock(x),
/// the i_rwsem helper, is reported as i_rwsem, never as the 2009 global
/// inode_lock, and same-named locks private to one filesystem by their own
/// names (inode_hash_lock@fat, ...).
//
// Confidence: High
// Comments: a lock reached through a local pointer is only known where
//  locks.conf names that pointer.
// Options: --no-includes --include-headers

virtual report
virtual org

@initialize:python@
@@
import audit_locks
T = audit_locks.table()

def site(p, fn, arg):
    c = T.classify(fn, arg, p.file)
    if c is None:
        return
    lock, mode, _holds = c
    text = "%s:%s %s %s %s" % (p.file, p.line, p.current_element, mode, lock)
    if "org" in virtuals:
        coccilib.org.print_todo(p, text)
    else:
        print("site " + text)

virtuals = set()

@script:python depends on org@
@@
virtuals.add("org")

@arg1@
identifier f : script:python () { T.takes_arg(f, 1) };
expression E;
position p;
@@
f@p(E, ...)

@script:python@
p << arg1.p;
E << arg1.E;
@@
site(p[0], audit_locks.callee(p[0]), E)

@arg2@
identifier f : script:python () { T.takes_arg(f, 2) };
expression E0, E;
position p;
@@
f@p(E0, E, ...)

@script:python@
p << arg2.p;
E << arg2.E;
@@
site(p[0], audit_locks.callee(p[0]), E)

@iter2@
iterator it : script:python () { T.takes_arg(it, 2) };
expression E0, E;
statement S;
position p;
@@
it@p(E0, E, ...) S

@script:python@
p << iter2.p;
E << iter2.E;
@@
site(p[0], audit_locks.callee(p[0]), E)

@iter3@
iterator it : script:python () { T.takes_arg(it, 3) };
expression E0, E1, E;
statement S;
position p;
@@
it@p(E0, E1, E, ...) S

@script:python@
p << iter3.p;
E << iter3.E;
@@
site(p[0], audit_locks.callee(p[0]), E)

@iterfixed@
iterator it : script:python () { T.fixed(it) };
statement S;
position p;
@@
it@p(...) S

@script:python@
p << iterfixed.p;
@@
site(p[0], audit_locks.callee(p[0]), "")

@fixed@
identifier f : script:python () { T.fixed(f) };
position p;
@@
f@p(...)

@script:python@
p << fixed.p;
@@
site(p[0], audit_locks.callee(p[0]), "")
