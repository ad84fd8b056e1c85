/* 2.6.35: the global dcache_lock, inode_lock, files_lock, vfsmount_lock */
void file_sb_list_add(struct file *file, struct super_block *sb)
{
	file_list_lock();
	list_add(&file->f_u.fu_list, &sb->s_files);
	file_list_unlock();
	spin_lock(&files_lock);
	spin_unlock(&files_lock);
}

void mntput_no_expire(struct vfsmount *mnt)
{
	atomic_inc(&mnt->mnt_count);
	if (atomic_dec_and_lock(&mnt->mnt_count, &vfsmount_lock))
		spin_unlock(&vfsmount_lock);
	spin_lock(&vfsmount_lock);
	spin_unlock(&vfsmount_lock);
}

void d_instantiate(struct dentry *entry, struct inode *inode)
{
	spin_lock(&dcache_lock);
	spin_lock(&dcache_lru_lock);
	spin_unlock(&dcache_lru_lock);
	spin_unlock(&dcache_lock);
}

void inode_sb_list_add(struct inode *inode, struct super_block *sb)
{
	struct inode *i;

	spin_lock(&inode_lock);
	list_add(&inode->i_sb_list, &sb->s_inodes);
	list_for_each_entry(i, &sb->s_inodes, i_sb_list)
		i->i_state = 0;
	spin_unlock(&inode_lock);
}

/* 2.6.36 to 3.12: vfsmount_lock is a brlock, then an lglock */
void mnt_make_readonly(struct vfsmount *mnt)
{
	br_write_lock(vfsmount_lock);
	br_write_unlock(vfsmount_lock);
	lg_local_lock(&vfsmount_lock);
	lg_local_unlock(&vfsmount_lock);
}
