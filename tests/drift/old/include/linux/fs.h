#ifndef _LINUX_FS_H
#define _LINUX_FS_H
#include <linux/list.h>

struct inode {
	umode_t			i_mode;
	unsigned short		i_opflags;
	struct list_head	i_lru;
	struct list_head	i_sb_list;
	struct list_head	i_wb_list;
	unsigned long		i_state;
};

struct super_block {
	struct list_head	s_list;
	int			s_stack_depth;

	/* s_inode_list_lock protects s_inodes */
	spinlock_t		s_inode_list_lock;
	struct list_head	s_inodes;	/* all inodes */

	spinlock_t		s_inode_wblist_lock;
	struct list_head	s_inodes_wb;
};

extern void inode_sb_list_add(struct inode *inode);
extern void inode_add_lru(struct inode *inode);

#endif /* _LINUX_FS_H */
