/* ksmbd moved to fs/smb/server in 6.12; its inode_hash_lock is still its own */
static DEFINE_RWLOCK(inode_hash_lock);

void ksmbd_inode_put(struct ksmbd_inode *ci)
{
	write_lock(&inode_hash_lock);
	write_unlock(&inode_hash_lock);
}
