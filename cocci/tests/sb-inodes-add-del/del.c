// inode_sb_list_del() and a list_del() variant: the removal takes the lock
// of the list the inode is on.
static inline void inode_sb_list_del(struct inode *inode)
{
	if (!list_empty(&inode->i_sb_list)) {
		spin_lock(&inode->i_sb->s_inode_list_lock);
		list_del_init(&inode->i_sb_list);
		spin_unlock(&inode->i_sb->s_inode_list_lock);
	}
}

static void forget_inode(struct super_block *sb, struct inode *victim)
{
	spin_lock(&sb->s_inode_list_lock);
	list_del(&victim->i_sb_list);
	spin_unlock(&sb->s_inode_list_lock);
}
