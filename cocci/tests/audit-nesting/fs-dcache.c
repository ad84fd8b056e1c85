/* d_lock nests parent -> child; rename_lock exclusive readers hold it */
void d_walk(struct dentry *parent, struct dentry *dentry, struct hlist_bl_head *b)
{
	unsigned seq = 0;

	spin_lock(&parent->d_lock);
	spin_lock_nested(&dentry->d_lock, DENTRY_D_LOCK_NESTED);
	spin_unlock(&dentry->d_lock);
	spin_unlock(&parent->d_lock);
	read_seqbegin_or_lock(&rename_lock, &seq);
	spin_lock(&parent->d_lock);
	spin_unlock(&parent->d_lock);
	done_seqretry(&rename_lock, seq);
	hlist_bl_lock(b);
	spin_lock(&dentry->d_lock);
	spin_unlock(&dentry->d_lock);
	hlist_bl_unlock(b);
}
