/* struct inode as include/linux/fs.h of Linux 6.1 has it, shortened. */
struct inode {
	umode_t			i_mode;
	struct hlist_node	i_hash;
	struct list_head	i_io_list;	/* backing dev IO list */
	struct list_head	i_lru;		/* inode LRU list */
	struct list_head	i_sb_list;
	struct list_head	i_wb_list;	/* backing dev writeback list */
	union {
		struct hlist_head	i_dentry;
		struct rcu_head		i_rcu;
	};
	void			*i_private; /* fs or device private pointer */
} __randomize_layout;

/* Another struct with the same members is left alone. */
struct not_inode {
	struct list_head	i_sb_list;
	struct list_head	i_wb_list;
};
