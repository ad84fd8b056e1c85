// SPDX-License-Identifier: GPL-2.0-only
/// give struct inode the number of its inode hash chain
///
/// inode->i_hash_bucket records the chain of inode_hashtable an inode is
/// on, so that it can be unhashed under the lock of that chain without its
/// hash value.  It goes before i_wb_list (after i_sb_list in 6.1),
/// wherever the tree defines struct inode.
//
// Part of: manual-patches/0002-fs-add-inode-hash-chain-locks.patch
// Confidence: High
// Assumes: __randomize_layout: struct inode ends with __randomize_layout
// (Linux 4.13 and later)
// Grep: i_wb_list
// Options: --no-includes

virtual patch

@depends on patch@
attribute name __randomize_layout;
@@
struct inode {
	...
+	unsigned int i_hash_bucket; /* i_hash chain, while hashed */
	struct list_head i_wb_list;
	...
} __randomize_layout;
