// SPDX-License-Identifier: GPL-2.0-only
/// put an inode on the per-CPU list of the CPU that creates it
///
/// inode_sb_list_add() and inode_sb_list_del() are the only code that adds
/// to and removes from the inode lists of a superblock.  Their bodies are
/// replaced whatever shape the tree gives them: the inode goes on the list
/// of the CPU it is created on, under that CPU's lock of the brlock, and
/// records that CPU; it is taken off that list, under that list's lock,
/// by whichever CPU evicts it.
//
// Part of: manual-patches/after-rules/0001-fs-keep-the-inodes-of-a-superblock-on-per-CPU-lists.patch
// Confidence: High
// Assumes: inode_sb_list_add: one function that adds an inode to the
// inodes of its superblock (Linux 2.6.37 and later)
// Grep: inode_sb_list_add|inode_sb_list_del
// Options: --no-includes

virtual patch

@depends on patch@
identifier inode;
@@
void inode_sb_list_add(struct inode *inode)
{
-	...
+	struct super_block *sb = inode->i_sb;
+	int cpu = br_read_lock(&sb->s_inode_brlock);
+
+	inode->i_sb_list_cpu = cpu;
+	list_add(&inode->i_sb_list, sb_inode_list_head(sb, cpu));
+	br_read_unlock(&sb->s_inode_brlock, cpu);
}

@depends on patch@
identifier inode;
@@
void inode_sb_list_del(struct inode *inode)
{
-	...
+	struct super_block *sb = inode->i_sb;
+	int cpu = inode->i_sb_list_cpu;
+
+	if (!list_empty(&inode->i_sb_list)) {
+		br_lock_cpu(&sb->s_inode_brlock, cpu);
+		list_del_init(&inode->i_sb_list);
+		br_unlock_cpu(&sb->s_inode_brlock, cpu);
+	}
}
