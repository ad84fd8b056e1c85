// SPDX-License-Identifier: GPL-2.0
/*
 * Built by "make check" as an external module (never loaded): the
 * superblock inode iterator must compile for callers whose cursor,
 * lookahead and iterator are named otherwise than in fs/, with the
 * bodies fs/ has (a break, and a lock dropped and retaken).
 */
#include <linux/fs.h>
#include <linux/module.h>

static unsigned long __maybe_unused
sb_inode_iter_test_count(struct super_block *s)
{
	struct sb_inode_iter walk;
	struct inode *cur, *tmp;
	unsigned long n = 0;

	sb_inode_iter_lock(&walk, s);
	for_each_sb_inode(cur, &walk) {
		if (++n > 1000)
			break;
	}
	sb_inode_iter_unlock(&walk);

	sb_inode_iter_lock(&walk, s);
	for_each_sb_inode_safe(cur, tmp, &walk) {
		sb_inode_iter_unlock(&walk);
		cond_resched();
		sb_inode_iter_relock(&walk);
		n--;
	}
	sb_inode_iter_unlock(&walk);
	return n;
}
MODULE_DESCRIPTION("Compile test of the superblock inode iterator");
MODULE_LICENSE("GPL");
