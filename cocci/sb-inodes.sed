# SPDX-License-Identifier: GPL-2.0-only
# Subject: update the comments that named the single list or its lock
# Comments that name the single superblock inode list or its lock, in the
# files the sb-inodes rules changed; the rules leave no such code.
s/the s_inode_list_lock list locked/the inode list locked/g
s/drop sb->s_inode_list_lock/drop the inode list lock/g
s/^\([[:space:]]*\* \)s_inode_list_lock\([ .]\)/\1inode list lock\2/
s/won'\?t be chained in superblock s_inodes list/is not on sb's lists/
s/from s_inodes list/from its inode list/g
