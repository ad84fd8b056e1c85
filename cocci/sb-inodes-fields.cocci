// SPDX-License-Identifier: GPL-2.0-only
/// the fields of the per-CPU inode lists of a superblock
///
/// struct super_block trades s_inode_list_lock and s_inodes for a brlock
/// and a pointer to one struct sb_inode_list per possible CPU, defined
/// just before it; struct inode records the CPU whose list it is on after
/// i_hash_bucket (before i_wb_list, so as not to take its comment); the
/// header that defines struct super_block includes <linux/brlock.h>, after
/// <linux/percpu-rwsem.h>, which it has for the freeze locks, or else after
/// <linux/list.h>.  Wherever the tree defines these structs.
//
// Part of: manual-patches/after-rules/0001-fs-keep-the-inodes-of-a-superblock-on-per-CPU-lists.patch
// Confidence: High
// Assumes: __randomize_layout: struct inode and struct super_block end
// with __randomize_layout (Linux 4.13 and later)
// Assumes: s_inode_list_lock: the inodes of a superblock on sb->s_inodes,
// under sb->s_inode_list_lock (Linux 4.6 and later)
// Grep: s_inode_list_lock|i_hash_bucket
// Options: --no-includes

virtual patch

@sb depends on patch@
attribute name __randomize_layout;
@@
struct super_block {
	...
-	spinlock_t s_inode_list_lock;
+	struct brlock s_inode_brlock;
	...
} __randomize_layout;

// One member a rule: spatch 1.1.1 joins the lines of two members
// that one rule replaces.
@depends on sb@
attribute name __randomize_layout;
attribute name __percpu;
@@
struct super_block {
	...
	struct
-	list_head
+	sb_inode_list __percpu *
-	s_inodes
+	s_inode_lists
	;
	...
} __randomize_layout;

@depends on sb@
attribute name __randomize_layout;
@@
+/*
+ * One CPU's list of the inodes of a superblock, and its lock, in one
+ * cache line: another CPU evicting an inode from this list writes only
+ * to it.
+ */
+struct sb_inode_list {
+	struct br_cpu_lock lock;
+	struct list_head inodes;
+} ____cacheline_aligned_in_smp;
+
struct super_block {
	...
} __randomize_layout;

@include depends on sb@
@@
#include <linux/percpu-rwsem.h>
+#include <linux/brlock.h>

// A header that has struct super_block without the freeze locks' header.
@depends on sb && !include@
@@
#include <linux/list.h>
+#include <linux/brlock.h>

@depends on patch@
attribute name __randomize_layout;
@@
struct inode {
	...
+	int i_sb_list_cpu; /* whose i_sb->s_inode_lists */
	struct list_head i_wb_list;
	...
} __randomize_layout;
