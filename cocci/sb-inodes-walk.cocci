// SPDX-License-Identifier: GPL-2.0-only
/// walk the per-CPU superblock inode lists one CPU at a time
///
/// A walk of sb->s_inodes under sb->s_inode_list_lock becomes a walk of
/// the per-CPU lists with for_each_sb_inode(), which holds the list lock
/// of one CPU at a time and moves from CPU to CPU by itself.  A body that
/// drops the list lock to sleep, holding a reference to the inode, now
/// drops and retakes the lock of the CPU being walked, and the walk still
/// resumes after that inode.  A restart (goto again) starts again from the
/// first CPU, as it started again from the head of the single list.
///
/// Inode creation and eviction on the other CPUs no longer wait for the
/// whole walk: they only wait while the walker is on their own list.
//
// Topic: sb-inodes
// Confidence: High
// Comments: the trailing unlock drops the lock of the CPU the walk ended on.
// Grep: s_inodes|s_inode_list_lock
// Options: --no-includes --include-headers

virtual patch

@walk depends on patch@
expression E, I, N;
iterator name list_for_each_entry, list_for_each_entry_safe;
statement S;
position l, w, u;
@@
  spin_lock@l(&E->s_inode_list_lock);
(
  list_for_each_entry@w(I, &E->s_inodes, i_sb_list) S
|
  list_for_each_entry_safe@w(I, N, &E->s_inodes, i_sb_list) S
)
  spin_unlock@u(&E->s_inode_list_lock);

@conv depends on walk@
expression E, I, N;
position walk.l, walk.w, walk.u;
iterator name list_for_each_entry, list_for_each_entry_safe;
iterator name for_each_sb_inode, for_each_sb_inode_safe;
statement S;
@@
(
- spin_lock@l(&E->s_inode_list_lock);
+ sb_inode_list_lock_first(E, &cpu);
|
- list_for_each_entry@w(I, &E->s_inodes, i_sb_list)
+ for_each_sb_inode(I, E, cpu)
  S
|
- list_for_each_entry_safe@w(I, N, &E->s_inodes, i_sb_list)
+ for_each_sb_inode_safe(I, N, E, cpu)
  S
|
- spin_unlock@u(&E->s_inode_list_lock);
+ sb_inode_list_unlock(E, cpu);
)

@relock depends on walk@
expression E, I, N;
iterator name for_each_sb_inode, for_each_sb_inode_safe;
@@
(
  for_each_sb_inode(I, E, cpu) {
  <...
(
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_list_unlock(E, cpu);
|
- spin_lock(&E->s_inode_list_lock);
+ sb_inode_list_lock(E, cpu);
)
  ...>
  }
|
  for_each_sb_inode_safe(I, N, E, cpu) {
  <...
(
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_list_unlock(E, cpu);
|
- spin_lock(&E->s_inode_list_lock);
+ sb_inode_list_lock(E, cpu);
)
  ...>
  }
)

@decl depends on walk exists@
identifier f;
expression E;
@@
f(...) {
+ int cpu;
  <+... sb_inode_list_lock_first(E, &cpu); ...+>
}
