static struct hlist_head *inode_hashtable __ro_after_init;
static __cacheline_aligned_in_smp DEFINE_SPINLOCK(inode_hash_lock);

/* 6.12: the caller may or may not hold the lock of the chain. */
static struct inode *find_inode_fast(struct super_block *sb,
				struct hlist_head *head, unsigned long ino,
				bool is_inode_hash_locked)
{
	struct inode *inode = NULL;

	if (is_inode_hash_locked)
		lockdep_assert_held(&inode_hash_lock);
	else
		lockdep_assert_not_held(&inode_hash_lock);

	hlist_for_each_entry_rcu(inode, head, i_hash) {
		if (inode->i_ino == ino && inode->i_sb == sb)
			return inode;
	}
	return NULL;
}
