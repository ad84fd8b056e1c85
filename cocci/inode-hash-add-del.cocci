// SPDX-License-Identifier: GPL-2.0-only
/// hash and unhash inodes with inode_hash_add() and inode_hash_del()
///
/// Adding an inode to a chain of inode_hashtable now records the chain in
/// inode->i_hash_bucket, so that the inode can later be removed under the
/// lock of that chain without its hash value; both helpers check with
/// lockdep that the caller holds the lock of the chain.
//
// Topic: inode-hash
// Confidence: High
// Assumes: inode_hash_lock: the inode hash under one global spinlock,
// inode_hash_lock (Linux 2.6.38 and later)
// Comments: only the file that defines the VFS's global inode_hash_lock
// (fs/inode.c); fat, exfat and ksmbd have same-named locks of their own.
// Grep: inode_hash_lock
// Options: --no-includes --include-headers

virtual patch

@global depends on patch@
declarer name DEFINE_SPINLOCK;
symbol inode_hash_lock;
@@
DEFINE_SPINLOCK(inode_hash_lock);

@depends on global@
identifier fn != {inode_hash_add, inode_hash_del};
expression I, H;
@@
fn(...)
{
<...
(
- hlist_add_head_rcu(&I->i_hash, H);
+ inode_hash_add(I, H);
|
- hlist_add_head(&I->i_hash, H);
+ inode_hash_add(I, H);
|
- hlist_del_init_rcu(&I->i_hash);
+ inode_hash_del(I);
|
- hlist_del_init(&I->i_hash);
+ inode_hash_del(I);
)
...>
}
