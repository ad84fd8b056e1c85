// alloc_super(): the single list and its lock are no longer set up.
static struct super_block *alloc_super(void)
{
	struct super_block *s = kzalloc(sizeof(struct super_block), GFP_KERNEL);

	if (!s)
		return NULL;
	mutex_init(&s->s_sync_lock);
	INIT_LIST_HEAD(&s->s_inodes);
	spin_lock_init(&s->s_inode_list_lock);
	if (sb_inode_lists_init(s))
		goto fail;
	INIT_LIST_HEAD(&s->s_inodes_wb);
	return s;
fail:
	destroy_unused_super(s);
	return NULL;
}
