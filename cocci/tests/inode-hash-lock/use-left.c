static struct hlist_head *inode_hashtable __ro_after_init;
static __cacheline_aligned_in_smp DEFINE_SPINLOCK(inode_hash_lock);

/* A shape no rule knows: the global lock and its use stay, for make check. */
static void rehash_all(void)
{
	spin_lock(&inode_hash_lock);
	rehash();
	spin_unlock(&inode_hash_lock);
}
