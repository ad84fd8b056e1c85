// inode_sb_list_add() and inode_sb_list_del() as 6.1 writes them.
void inode_sb_list_add(struct inode *inode)
{
	spin_lock(&inode->i_sb->s_inode_list_lock);
	list_add(&inode->i_sb_list, &inode->i_sb->s_inodes);
	spin_unlock(&inode->i_sb->s_inode_list_lock);
}
EXPORT_SYMBOL_GPL(inode_sb_list_add);

static inline void inode_sb_list_del(struct inode *inode)
{
	if (!list_empty(&inode->i_sb_list)) {
		spin_lock(&inode->i_sb->s_inode_list_lock);
		list_del_init(&inode->i_sb_list);
		spin_unlock(&inode->i_sb->s_inode_list_lock);
	}
}

// Not the list operations: unchanged.
void inode_sb_list_other(struct inode *inode)
{
	spin_lock(&inode->i_sb->s_inode_list_lock);
	spin_unlock(&inode->i_sb->s_inode_list_lock);
}
