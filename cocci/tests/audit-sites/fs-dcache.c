/* Today's successors of dcache_lock */
void d_walk(struct dentry *parent, struct dentry *dentry, struct hlist_bl_head *b)
{
	unsigned seq = 0;

	spin_lock(&dentry->d_lock);
	spin_lock_nested(&dentry->d_lock, DENTRY_D_LOCK_NESTED);
	if (!spin_trylock(&parent->d_lock))
		return;
	seq = read_seqbegin(&rename_lock);
	read_seqbegin_or_lock(&rename_lock, &seq);
	done_seqretry(&rename_lock, seq);
	write_seqlock(&rename_lock);
	write_sequnlock(&rename_lock);
	hlist_bl_lock(b);
	hlist_bl_unlock(b);
	bit_spin_lock(0, (unsigned long *)&b->first);
	list_lru_add(&dentry->d_sb->s_dentry_lru, &dentry->d_lru);
	list_lru_del(&dentry->d_sb->s_dentry_lru, &dentry->d_lru);
	list_lru_shrink_walk(&sb->s_dentry_lru, sc, dentry_lru_isolate, &dispose);
}
