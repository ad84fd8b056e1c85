# SPDX-License-Identifier: GPL-2.0-only
# The comment above the lock that cocci/sb-inodes-fields.cocci replaces.
/\/\* s_inode_list_lock protects s_inodes \*\//{
	s/s_inode_list_lock protects/s_inode_brlock guards/
	s/guards s_inodes/guards s_inode_lists, a list per possible CPU/
}
