// A walk in an inner block, the superblock reached through an inode
// (inode->i_sb), as in generic_shutdown_super()'s busy-inode path.
static void poison_inodes(struct inode *root, bool busy)
{
	if (busy) {
		struct inode *inode;

		spin_lock(&root->i_sb->s_inode_list_lock);
		list_for_each_entry(inode, &root->i_sb->s_inodes, i_sb_list) {
			inode->i_op = VFS_PTR_POISON;
			inode->i_mapping = VFS_PTR_POISON;
		}
		spin_unlock(&root->i_sb->s_inode_list_lock);
	}
}
