/* exfat's own inode_hash_lock */
void exfat_hash_inode(struct inode *inode, struct exfat_sb_info *sbi)
{
	spin_lock(&sbi->inode_hash_lock);
	spin_unlock(&sbi->inode_hash_lock);
}
