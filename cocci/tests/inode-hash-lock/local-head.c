static struct hlist_head *inode_hashtable __ro_after_init;
static __cacheline_aligned_in_smp DEFINE_SPINLOCK(inode_hash_lock);

/* 6.1: a locked lookup, then a locked insert after a failed lookup. */
struct inode *iget_locked(struct super_block *sb, unsigned long ino)
{
	struct hlist_head *head = inode_hashtable + hash(sb, ino);
	struct inode *inode;
again:
	spin_lock(&inode_hash_lock);
	inode = find_inode_fast(sb, head, ino);
	spin_unlock(&inode_hash_lock);
	if (inode)
		return inode;

	inode = alloc_inode(sb);
	if (inode) {
		struct inode *old;

		spin_lock(&inode_hash_lock);
		old = find_inode_fast(sb, head, ino);
		if (!old) {
			inode_hash_add(inode, head);
			spin_unlock(&inode_hash_lock);
			return inode;
		}
		spin_unlock(&inode_hash_lock);
		destroy_inode(inode);
		goto again;
	}
	return inode;
}

/* The lock inside a loop, with several unlocks on the way out. */
int insert_inode_locked(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;
	struct hlist_head *head = inode_hashtable + hash(sb, inode->i_ino);

	while (1) {
		struct inode *old = NULL;
		spin_lock(&inode_hash_lock);
		hlist_for_each_entry(old, head, i_hash) {
			if (old->i_sb == sb)
				break;
		}
		if (likely(!old)) {
			spin_unlock(&inode_hash_lock);
			return 0;
		}
		spin_unlock(&inode_hash_lock);
		iput(old);
	}
}
