// SPDX-License-Identifier: GPL-2.0-only
/// take the lock of the hash chain instead of inode_hash_lock
///
/// Every use of the global inode_hash_lock becomes a use of the lock of
/// the hash chain the function works on: inode_hash_bucket_lock(head) where
/// the function has the chain head (a local set from inode_hashtable, or a
/// parameter), and otherwise the lock of the chain of its inode argument:
/// taken with inode_hash_lock_inode(), which checks the chain again under
/// the lock, where the function starts by taking it, else looked up once on
/// entry (the inode may be freed while the lock is dropped).  Once nothing
/// uses it, the global lock is removed.
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

// The chain head is a local:
// struct hlist_head *head = inode_hashtable + ...
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

// No chain head, but an inode on the chain, and the function starts
// by taking the lock: take the inode's chain lock with
// inode_hash_lock_inode(), which checks under the lock that the inode
// did not move to another chain.
@takes_first depends on global@
identifier fn, I;
symbol inode_hash_lock;
@@
fn(..., struct inode *I, ...)
{
  spin_lock(&inode_hash_lock);
  ...
}

@depends on takes_first@
identifier takes_first.fn, takes_first.I;
typedef spinlock_t;
symbol inode_hash_lock, hash_lock;
@@
fn(...)
{
- spin_lock(&inode_hash_lock);
+ spinlock_t *hash_lock = inode_hash_lock_inode(I);
  <...
- &inode_hash_lock
+ hash_lock
  ...>
}

@depends on takes_first@
identifier takes_first.fn, takes_first.I;
statement S;
symbol hash_lock;
@@
fn(...)
{
  spinlock_t *hash_lock = inode_hash_lock_inode(I);
+
  S
  ... when any
}

// Otherwise the function is entered with the inode's chain lock held,
// or takes none (those above have no use of inode_hash_lock left):
// look the lock up on entry, while the chain cannot change (the inode
// may be freed once the lock is dropped).
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

@depends on global@
identifier fn;
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
