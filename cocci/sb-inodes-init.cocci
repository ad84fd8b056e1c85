// SPDX-License-Identifier: GPL-2.0-only
/// drop the prefetch and re-initialisation of the superblock inode list
///
/// new_inode() prefetches sb->s_inode_list_lock, and some code (ext4's
/// mballoc KUnit test, for one) initialises sb->s_inodes again on a
/// superblock that alloc_super() already set up.  Both name the list and
/// its lock outside the helpers that own them; the prefetch is a hint and
/// the re-initialisation of an empty list does nothing, so both go.  Only
/// the function that sets up the list's lock as well (alloc_super())
/// keeps its initialisation.
//
// Topic: sb-inodes
// Confidence: High
// Assumes: s_inode_list_lock: the inodes of a superblock on sb->s_inodes,
// under sb->s_inode_list_lock (Linux 4.4 and later)
// Grep: s_inodes|s_inode_list_lock
// Options: --no-includes --include-headers

virtual patch

@depends on patch@
expression E;
@@
- spin_lock_prefetch(&E->s_inode_list_lock);

@sets_up@
identifier fn;
expression E;
position p;
@@
fn@p(...)
{
  <+... spin_lock_init(&E->s_inode_list_lock); ...+>
}

@depends on patch@
identifier fn;
position p != sets_up.p;
expression E;
@@
fn@p(...)
{
  <...
- INIT_LIST_HEAD(&E->s_inodes);
  ...>
}
