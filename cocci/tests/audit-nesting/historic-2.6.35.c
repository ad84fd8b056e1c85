/* 2.6.35: iput takes inode_lock, then d_prune_aliases dcache_lock and d_lock */
void d_prune_aliases(struct inode *inode, struct dentry *dentry)
{
	spin_lock(&inode_lock);
	spin_lock(&dcache_lock);
	spin_lock(&dentry->d_lock);
	spin_unlock(&dentry->d_lock);
	spin_unlock(&dcache_lock);
	spin_unlock(&inode_lock);
	spin_lock(&vfsmount_lock);
	file_list_lock();
	file_list_unlock();
	spin_unlock(&vfsmount_lock);
}
