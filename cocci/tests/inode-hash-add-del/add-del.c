static struct hlist_head *inode_hashtable __ro_after_init;
static __cacheline_aligned_in_smp DEFINE_SPINLOCK(inode_hash_lock);

/* The helpers themselves stay as they are. */
static inline void inode_hash_add(struct inode *inode, struct hlist_head *head)
{
	inode->i_hash_bucket = head - inode_hashtable;
	hlist_add_head_rcu(&inode->i_hash, head);
}

static inline void inode_hash_del(struct inode *inode)
{
	hlist_del_init_rcu(&inode->i_hash);
}

void __insert_inode_hash(struct inode *inode, unsigned long hashval)
{
	struct hlist_head *b = inode_hashtable + hash(inode->i_sb, hashval);

	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	hlist_add_head_rcu(&inode->i_hash, b);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
}

void __remove_inode_hash(struct inode *inode)
{
	spin_lock(&inode_hash_lock);
	spin_lock(&inode->i_lock);
	hlist_del_init_rcu(&inode->i_hash);
	spin_unlock(&inode->i_lock);
	spin_unlock(&inode_hash_lock);
}

/* Older trees: the non-RCU list calls. */
static void hash_old(struct inode *old, struct hlist_head *head)
{
	hlist_add_head(&old->i_hash, head);
	hlist_del_init(&old->i_hash);
}
