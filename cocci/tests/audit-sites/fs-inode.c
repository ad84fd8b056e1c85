/* Today's fs/inode.c; inode_lock() is the i_rwsem helper */
void inode_sb_list_add(struct inode *inode)
{
	spin_lock(&inode->i_sb->s_inode_list_lock);
	list_add(&inode->i_sb_list, &inode->i_sb->s_inodes);
	spin_unlock(&inode->i_sb->s_inode_list_lock);
}

void evict_inodes(struct super_block *sb)
{
	struct inode *inode, *next;
	unsigned long flags;

	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry_safe(inode, next, &sb->s_inodes, i_sb_list) {
		if (!spin_trylock(&inode->i_lock))
			continue;
		spin_unlock(&inode->i_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	if (list_empty(&sb->s_inodes))
		return;
	spin_lock_irq(&sb->s_inode_wblist_lock);
	spin_unlock_irq(&sb->s_inode_wblist_lock);
	spin_lock_irqsave(&sb->s_inode_wblist_lock, flags);
	spin_unlock_irqrestore(&sb->s_inode_wblist_lock, flags);
	spin_lock_init(&sb->s_inode_list_lock);
	assert_spin_locked(&inode->i_lock);
}

void __insert_inode_hash(struct inode *inode, unsigned long hashval)
{
	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
	list_lru_add(&inode->i_sb->s_inode_lru, &inode->i_lru);
	list_lru_del_obj(&inode->i_sb->s_inode_lru, &inode->i_lru);
	list_lru_walk(&sb->s_inode_lru, isolate, NULL, 10);
}

void inode_helpers(struct inode *inode, struct inode *dir)
{
	inode_lock(inode);
	inode_unlock(inode);
	inode_lock_nested(dir, I_MUTEX_PARENT);
	inode_lock_shared(dir);
	inode_trylock(inode);
	inode_trylock_shared(inode);
	inode_lock_shared_nested(inode, I_MUTEX_CHILD);
}

/* The series: per-CPU superblock inode lists and hash chain locks */
void series(struct inode *inode, struct super_block *sb, struct hlist_head *head)
{
	spinlock_t *hash_lock = inode_hash_lock_of(inode);
	int cpu;

	spin_lock(inode_hash_bucket_lock(head));
	spin_unlock(inode_hash_bucket_lock(head));
	spin_lock(hash_lock);
	spin_unlock(hash_lock);
	cpu = br_read_lock(&sb->s_inode_brlock);
	br_read_unlock(&sb->s_inode_brlock, cpu);
	br_lock_cpu(&sb->s_inode_brlock, inode->i_sb_list_cpu);
	br_unlock_cpu(&sb->s_inode_brlock, inode->i_sb_list_cpu);
	hash_lock = inode_hash_lock_inode(inode);
	spin_unlock(hash_lock);
	sb_has_inodes(sb);
	br_write_lock(&sb->s_inode_brlock);
	br_lock_cpu(&sb->s_inode_brlock, cpu);
	br_read_lock(&file_brlock);
}
