/* fat's own inode_hash_lock, a field of its superblock info */
void fat_attach(struct inode *inode, struct msdos_sb_info *sbi, struct hlist_bl_head *b)
{
	spin_lock(&sbi->inode_hash_lock);
	spin_unlock(&sbi->inode_hash_lock);
	spin_lock(&MSDOS_SB(inode->i_sb)->inode_hash_lock);
	spin_unlock(&MSDOS_SB(inode->i_sb)->inode_hash_lock);
	hlist_bl_lock(b);	/* not the dentry hash: not tracked */
	hlist_bl_unlock(b);
}
