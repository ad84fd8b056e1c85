// SPDX-License-Identifier: GPL-2.0-only
/// test whether a superblock has inodes with sb_has_inodes()
///
/// list_empty() on sb->s_inodes becomes sb_has_inodes(), so that the
/// caller no longer names the list: the helper decides which lists make up
/// the inodes of the superblock and how to test them consistently.
//
// Topic: sb-inodes
// Confidence: High
// Assumes: s_inode_list_lock: the inodes of a superblock on sb->s_inodes,
// under sb->s_inode_list_lock (Linux 4.4 and later)
// Grep: s_inodes|s_inode_list_lock
// Options: --no-includes --include-headers

virtual patch

@depends on patch@
identifier fn != sb_has_inodes;
expression E;
@@
fn(...)
{
<...
(
- !list_empty(&E->s_inodes)
+ sb_has_inodes(E)
|
- list_empty(&E->s_inodes)
+ !sb_has_inodes(E)
)
...>
}
