// SPDX-License-Identifier: GPL-2.0-only
#include <linux/fs.h>
#include <linux/memblock.h>

static unsigned int i_hash_mask __ro_after_init;
static unsigned int i_hash_shift __ro_after_init;

void __init inode_init(void)
{
	/* inode slab cache */
	inode_cachep = kmem_cache_create("inode_cache",
					 sizeof(struct inode), 0,
					 SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, NULL);
	inode_hashtable = alloc_large_system_hash("Inode-cache",
						  sizeof(struct hlist_head),
						  ihash_entries, 14, HASH_ZERO,
						  &i_hash_shift, &i_hash_mask,
						  0, 0);
}

void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev)
{
	inode->i_mode = mode;
}
