// SPDX-License-Identifier: GPL-2.0-only
/// take the lock of the hash chain instead of inode_hash_lock
///
/// Every use of the global inode_hash_lock becomes a use of the lock of
/// the hash chain the function works on: inode_hash_bucket_lock(head) where
/// the function has the chain head (a local set from inode_hashtable, or a
/// parameter), and otherwise the lock of the chain of its inode argument,
/// looked up once on entry (the inode may be freed while the lock is
/// dropped).  Once nothing uses it, the global lock is removed.
//
// Topic: inode-hash
// Confidence: High
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

// The chain head is a local: struct hlist_head *head = inode_hashtable + ...
@depends on global@
identifier fn, H;
expression E;
symbol inode_hash_lock, inode_hashtable;
@@
fn(...)
{
... when any
struct hlist_head *H = inode_hashtable + E;
<...
- &inode_hash_lock
+ inode_hash_bucket_lock(H)
...>
}

// The chain head is a parameter (find_inode(), find_inode_fast()).
@depends on global@
identifier fn, H;
symbol inode_hash_lock;
@@
fn(..., struct hlist_head *H, ...)
{
<...
- &inode_hash_lock
+ inode_hash_bucket_lock(H)
...>
}

// No chain head, but an inode on the chain: look its lock up on entry.
@by_inode depends on global@
identifier fn, I;
symbol inode_hash_lock;
@@
fn(..., struct inode *I, ...)
{
<+... &inode_hash_lock ...+>
}

@depends on by_inode@
identifier by_inode.fn, by_inode.I, x;
type T;
typedef spinlock_t;
symbol hash_lock;
@@
fn(...)
{
+ spinlock_t *hash_lock = inode_hash_lock_of(I);
  T x;
  ... when any
}

@depends on by_inode@
identifier by_inode.fn, by_inode.I;
statement S;
typedef spinlock_t;
symbol hash_lock;
@@
fn(...)
{
+ spinlock_t *hash_lock = inode_hash_lock_of(I);
+
  S
  ... when any
}

@depends on by_inode@
identifier by_inode.fn;
expression E;
typedef spinlock_t;
symbol inode_hash_lock, hash_lock;
@@
fn(...)
{
  ... when any
  spinlock_t *hash_lock = E;
  <...
- &inode_hash_lock
+ hash_lock
  ...>
}

// Remove the global lock once no use of it is left.
@left depends on global@
identifier fn;
symbol inode_hash_lock;
@@
fn(...)
{
<+... inode_hash_lock ...+>
}

@depends on global && !left@
declarer name DEFINE_SPINLOCK;
symbol inode_hash_lock;
@@
- DEFINE_SPINLOCK(inode_hash_lock);
