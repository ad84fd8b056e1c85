#ifndef _LINUX_FS_H
#define _LINUX_FS_H
#include <linux/list.h>
#include <linux/fs/super_types.h>

/* A newer tree: more above, so every line has moved. */
struct address_space {
	struct inode		*host;
};

struct inode {
	umode_t			i_mode;
	unsigned short		i_opflags;
	unsigned int		i_flags;
	struct list_head	i_lru;
	struct list_head	i_sb_list;
	struct list_head	i_wb_list;
	unsigned long		i_state;
	u64			i_version;
} __randomize_layout;

void inode_sb_list_add(struct inode *inode);
void inode_add_lru(struct inode *inode);

#endif /* _LINUX_FS_H */
