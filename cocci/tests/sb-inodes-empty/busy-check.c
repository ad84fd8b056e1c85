// generic_shutdown_super()'s busy-inode check, and a plain test.
void shutdown(struct super_block *sb)
{
	if (CHECK_DATA_CORRUPTION(!list_empty(&sb->s_inodes),
				  "VFS: Busy inodes after unmount of %s (%s)",
				  sb->s_id, sb->s_type->name))
		poison(sb);
	if (list_empty(&sb->s_inodes))
		pr_debug("no inodes left\n");
}

/* The helper itself tests the list: left alone. */
static inline bool sb_has_inodes(struct super_block *sb)
{
	return !list_empty(&sb->s_inodes);
}
