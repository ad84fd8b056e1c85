// SPDX-License-Identifier: GPL-2.0-only
/// test the per-CPU superblock inode lists for emptiness with sb_has_inodes()
///
/// list_empty() on sb->s_inodes becomes sb_has_inodes(), which looks at
/// the list of every possible CPU, without a lock as before.
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
- !list_empty(&E->s_inodes)
+ sb_has_inodes(E)
|
- list_empty(&E->s_inodes)
+ !sb_has_inodes(E)
)
