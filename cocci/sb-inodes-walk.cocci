// SPDX-License-Identifier: GPL-2.0-only
/// walk the inodes of a superblock with for_each_sb_inode()
///
/// A walk of sb->s_inodes under sb->s_inode_list_lock becomes a walk with
/// the superblock inode iterator: sb_inode_iter_lock() and
/// sb_inode_iter_unlock() around for_each_sb_inode(), and, where the body
/// drops the lock to sleep while it holds a reference to the inode,
/// sb_inode_iter_unlock() and sb_inode_iter_relock() inside it.  The walk
/// still resumes after that inode, and a restart (goto again) still starts
/// from the beginning.  The walker no longer names the list or its lock,
/// so that what is behind the iterator can change without touching it.
//
// Topic: sb-inodes
// Confidence: High
// Assumes: s_inode_list_lock: the inodes of a superblock on sb->s_inodes,
// under sb->s_inode_list_lock (Linux 4.4 and later)
// Comments: the iterator is a local, struct sb_inode_iter iter, declared
// at the top of the function.
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
symbol iter;
@@
(
- spin_lock@l(&E->s_inode_list_lock);
+ sb_inode_iter_lock(&iter, E);
|
- list_for_each_entry@w(I, &E->s_inodes, i_sb_list)
+ for_each_sb_inode(I, &iter)
  S
|
- list_for_each_entry_safe@w(I, N, &E->s_inodes, i_sb_list)
+ for_each_sb_inode_safe(I, N, &iter)
  S
|
- spin_unlock@u(&E->s_inode_list_lock);
+ sb_inode_iter_unlock(&iter);
)

@relock depends on walk@
expression E, I, N;
iterator name for_each_sb_inode, for_each_sb_inode_safe;
symbol iter;
@@
(
  for_each_sb_inode(I, &iter) {
  <...
(
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_iter_unlock(&iter);
|
- spin_lock(&E->s_inode_list_lock);
+ sb_inode_iter_relock(&iter);
)
  ...>
  }
|
  for_each_sb_inode_safe(I, N, &iter) {
  <...
(
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_iter_unlock(&iter);
|
- spin_lock(&E->s_inode_list_lock);
+ sb_inode_iter_relock(&iter);
)
  ...>
  }
)

@decl depends on walk exists@
identifier f;
expression E;
symbol iter;
@@
f(...) {
+ struct sb_inode_iter iter;
  <+... sb_inode_iter_lock(&iter, E); ...+>
}
