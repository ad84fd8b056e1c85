/* Today's mount_lock (a seqlock) and per-CPU mnt_count */
struct vfsmount *lookup_mnt(const struct path *path, struct mount *mnt)
{
	unsigned seq;

	seq = read_seqbegin(&mount_lock);
	read_seqlock_excl(&mount_lock);
	read_sequnlock_excl(&mount_lock);
	lock_mount_hash();
	unlock_mount_hash();
	write_seqlock(&mount_lock);
	write_sequnlock(&mount_lock);
	mnt_add_count(mnt, 1);
	return NULL;
}
