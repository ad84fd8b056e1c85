// new_inode()'s prefetch of the lock (6.1), and a test that set up the
// list of a superblock sget() had made (ext4's mballoc KUnit test, 6.12).
struct inode *new_inode(struct super_block *sb)
{
	struct inode *inode;

	spin_lock_prefetch(&sb->s_inode_list_lock);

	inode = new_inode_pseudo(sb);
	if (inode)
		inode_sb_list_add(inode);
	return inode;
}

static int mbt_mb_init(struct super_block *sb)
{
	INIT_LIST_HEAD(&sb->s_inodes);
	sb->s_op = &mbt_sops;
	return ext4_mb_init(sb);
}
