/* include/linux/fs.h of Linux 6.1, shortened, after the inode hash patch. */
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/percpu-rwsem.h>
#include <linux/workqueue.h>

struct inode {
	umode_t			i_mode;
	struct list_head	i_lru;		/* inode LRU list */
	struct list_head	i_sb_list;
	unsigned int		i_hash_bucket;	/* i_hash chain, while hashed */
	struct list_head	i_wb_list;	/* backing dev writeback list */
	void			*i_private; /* fs or device private pointer */
} __randomize_layout;

struct sb_writers {
	int				frozen;		/* Is sb frozen? */
	struct percpu_rw_semaphore	rw_sem[SB_FREEZE_LEVELS];
};

struct super_block {
	struct list_head	s_list;		/* Keep this first */
	dev_t			s_dev;		/* search index; _not_ kdev_t */
	/*
	 * Indicates how deep in a filesystem stack this SB is
	 */
	int s_stack_depth;

	/* s_inode_list_lock protects s_inodes */
	spinlock_t		s_inode_list_lock ____cacheline_aligned_in_smp;
	struct list_head	s_inodes;	/* all inodes */

	spinlock_t		s_inode_wblist_lock;
	struct list_head	s_inodes_wb;	/* writeback inodes */
} __randomize_layout;
