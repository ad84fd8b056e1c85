// SPDX-License-Identifier: GPL-2.0-only
/// stop setting up the single superblock inode list
///
/// alloc_super() sets up the per-CPU inode lists (sb_inode_lists_init()),
/// and every superblock comes from it, so initialising or prefetching the
/// single list and its lock is dead code.  Re-initialising the lists of a
/// superblock that alloc_super() returned would also lose its inodes.
//
// Topic: sb-inodes
// Confidence: High
// Grep: s_inodes|s_inode_list_lock
// Options: --no-includes --include-headers

virtual patch

@depends on patch@
expression E;
@@
(
- INIT_LIST_HEAD(&E->s_inodes);
|
- spin_lock_init(&E->s_inode_list_lock);
|
- spin_lock_prefetch(&E->s_inode_list_lock);
)
