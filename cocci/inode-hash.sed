# SPDX-License-Identifier: GPL-2.0-only
# Subject: update the comments that named inode_hash_lock
# Comments that name the global inode_hash_lock, in the files the
# inode-hash rules changed and in porting.rst: the lock rules in the
# comment block at the top of fs/inode.c (iunique() takes no hash lock),
# the notes on what runs under the lock, find_inode()'s header.
# Files: Documentation/filesystems/porting.rst
s/^ \* inode_hash_lock protects:$/ * the inode hash chain locks protect:/
s/^ \*   inode_hashtable, inode->i_hash$/&, inode->i_hash_bucket/
s/^ \* inode_hash_lock$/ * an inode hash chain lock (never two)/
s/^ \*   inode_hash_lock$/ *   (no hash chain lock: iunique() uses RCU)/
s/with the inode_hash_lock held/with the hash chain lock held/g
s/the inode_hash_lock spinlock held/the hash chain spinlock held/g
s/^\( \* Called with the\) inode lock held\.$/\1 chain lock held./
s/and inode_hash_lock held; the/and the hash chain lock held; the/
s/did).  inode_hash_lock is still/did).  The hash chain lock is still/
