#include <linux/fs.h>

static unsigned int i_hash_mask;

void __init inode_init(void)
{
	inode_cachep = kmem_cache_create("inode_cache",
					 sizeof(struct inode), 0, 0, NULL);
	inode_hashtable = alloc_large_system_hash("Inode-cache",
						  sizeof(struct hlist_head),
						  ihash_entries, 14, 0,
						  &i_hash_shift, &i_hash_mask,
						  0, 0);
}

void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
}
