# SPDX-License-Identifier: GPL-2.0-only
# Subject: update the comments that named inode_hash_lock
# Comments that name the global inode_hash_lock, in the files the
# inode-hash rules changed: the lock rules in the comment block at the top
# of fs/inode.c, and the notes on what runs under the lock.
s/^ \* inode_hash_lock protects:$/ * the inode hash chain locks (inode_hash_bucket_lock()) protect:/
s/^ \*   inode_hashtable, inode->i_hash$/ *   the chains of inode_hashtable, inode->i_hash, inode->i_hash_bucket/
s/^ \* inode_hash_lock$/ * inode hash chain lock (of one chain; no path holds two)/
s/^ \*   inode_hash_lock$/ *   inode hash chain lock/
s/with the inode_hash_lock held/with the hash chain lock held/g
s/the inode_hash_lock spinlock held/the hash chain spinlock held/g
