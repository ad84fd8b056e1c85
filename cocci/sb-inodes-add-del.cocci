// SPDX-License-Identifier: GPL-2.0-only
/// add and remove inodes on the per-CPU superblock inode lists
///
/// An inode is added to the list of the CPU it is added on, under the
/// lock of that list only, and remembers that CPU in i_sb_list_cpu.  It is
/// removed under the lock of the list it is on, whichever CPU evicts it.
/// Creating and evicting inodes on different CPUs no longer contend on one
/// lock and cache line per superblock.
//
// Topic: sb-inodes
// Confidence: High
// Grep: s_inodes|s_inode_list_lock
// Options: --no-includes --include-headers

virtual patch

@add depends on patch@
expression E, I;
@@
- spin_lock(&E->s_inode_list_lock);
+ I->i_sb_list_cpu = sb_inode_list_lock_local(E);
- list_add(&I->i_sb_list, &E->s_inodes);
+ list_add(&I->i_sb_list, sb_inode_list(E, I->i_sb_list_cpu));
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_list_unlock(E, I->i_sb_list_cpu);

@del depends on patch@
expression E, I;
@@
- spin_lock(&E->s_inode_list_lock);
+ sb_inode_list_lock(E, I->i_sb_list_cpu);
(
  list_del_init(&I->i_sb_list);
|
  list_del(&I->i_sb_list);
)
- spin_unlock(&E->s_inode_list_lock);
+ sb_inode_list_unlock(E, I->i_sb_list_cpu);
