// Not a walk of sb->s_inodes: the writeback list under its own lock is
// left alone.
static void wb_walk(struct super_block *sb)
{
	struct inode *inode;

	spin_lock(&sb->s_inode_wblist_lock);
	list_for_each_entry(inode, &sb->s_inodes_wb, i_wb_list)
		count_inode(inode);
	spin_unlock(&sb->s_inode_wblist_lock);
}
