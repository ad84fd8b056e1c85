/* The series: walks of the per-CPU superblock inode lists */
void evict_inodes(struct super_block *sb)
{
	struct inode *inode, *next;
	int cpu;

	sb_inode_list_lock_first(sb, &cpu);
	for_each_sb_inode(inode, sb, cpu) {
		sb_inode_list_unlock(sb, cpu);
		iput(inode);
		sb_inode_list_lock(sb, cpu);
	}
	for_each_sb_inode_safe(inode, next, sb, cpu)
		iput(inode);
	sb_inode_list_unlock(sb, cpu);
	if (!sb_has_inodes(sb))
		return;
}
