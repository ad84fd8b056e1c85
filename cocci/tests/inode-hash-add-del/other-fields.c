/* No global inode_hash_lock in this file: nothing changes. */
static void gfs2_glock_hash(struct gfs2_inode *ip, struct hlist_head *head)
{
	hlist_add_head_rcu(&ip->i_hash, head);
	hlist_del_init_rcu(&ip->i_hash);
}
