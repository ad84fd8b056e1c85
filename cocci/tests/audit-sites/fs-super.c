/* The series: walks of the superblock inode lists with the iterator */
void evict_inodes(struct super_block *sb)
{
	struct inode *inode, *next;
	struct sb_inode_iter iter;

	sb_inode_iter_lock(&iter, sb);
	for_each_sb_inode(inode, &iter) {
		sb_inode_iter_unlock(&iter);
		iput(inode);
		sb_inode_iter_relock(&iter);
	}
	for_each_sb_inode_safe(inode, next, &iter)
		iput(inode);
	sb_inode_iter_unlock(&iter);
	if (!sb_has_inodes(sb))
		return;
}
