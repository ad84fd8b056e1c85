/* fat and exfat: a field of the same name; ksmbd: an rwlock of its own. */
static DEFINE_RWLOCK(inode_hash_lock);

static void fat_attach(struct inode *inode, loff_t i_pos)
{
	struct msdos_sb_info *sbi = MSDOS_SB(inode->i_sb);
	struct hlist_head *head = sbi->inode_hashtable + fat_hash(i_pos);

	spin_lock(&sbi->inode_hash_lock);
	hlist_add_head(&MSDOS_I(inode)->i_fat_hash, head);
	spin_unlock(&sbi->inode_hash_lock);
}

static void ksmbd_inode_hash(struct ksmbd_inode *ci)
{
	write_lock(&inode_hash_lock);
	hlist_add_head(&ci->m_hash, inode_hashtable + ci->m_hashval);
	write_unlock(&inode_hash_lock);
}
