/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FS_SUPER_TYPES_H
#define _LINUX_FS_SUPER_TYPES_H
#include <linux/list.h>

struct super_operations;

struct super_block {
	struct list_head			s_list;
	const struct super_operations		*s_op;
	int					s_stack_depth;

	/* s_inode_list_lock protects s_inodes */
	spinlock_t		s_inode_list_lock;
	struct list_head	s_inodes;	/* all inodes */

	spinlock_t				s_inode_wblist_lock;
	struct list_head			s_inodes_wb;
} __randomize_layout;

#endif /* _LINUX_FS_SUPER_TYPES_H */
