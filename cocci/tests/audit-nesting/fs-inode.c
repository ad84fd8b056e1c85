/* Nesting in today's fs/inode.c, and in the series */
static void take_i_lock(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
}

void evict_inodes(struct super_block *sb)
{
	struct inode *inode;

	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		if (!spin_trylock(&inode->i_lock))
			continue;
		spin_unlock(&inode->i_lock);
		take_i_lock(inode);
	}
	spin_unlock(&sb->s_inode_list_lock);
	/* not nested: s_inode_list_lock was dropped */
	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
	kfree(inode);
}

void readers(struct super_block *sb, struct inode *inode)
{
	unsigned seq = read_seqbegin(&mount_lock);	/* holds nothing */

	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	lock_mount_hash();
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	unlock_mount_hash();
}

void series(struct super_block *sb, struct inode *inode, int cpu)
{
	br_lock_cpu(&sb->s_inode_brlock, cpu);
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	br_unlock_cpu(&sb->s_inode_brlock, cpu);
	inode_lock(inode);
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	inode_unlock(inode);
}
