// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-hotplug: inodes added on CPU 1 stay on CPU 1's list of their
 * superblock.  Take CPU 1 offline, then from CPU 0 walk those lists
 * (drop_caches, quota-less ext4 and tmpfs), remove half of the inodes, and
 * unmount, which must evict the rest from the list of the offline CPU
 * without "VFS: Busy inodes".  After a remount the remaining files must
 * all be there.
 */
#include "guest.h"
#include <dirent.h>

const char *test_name = "sb-inodes-hotplug";

#define FILES 500

/* How many of the test's files ("h...") DIR holds. */
static int count_files(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		fail("opendir %s", dir);
	while ((e = readdir(d)))
		n += e->d_name[0] == 'h';
	closedir(d);
	return n;
}

static void offline_cpu_owns(const char *dev, const char *dir, const char *type)
{
	run_on_cpu(1);
	mount_fs(dev, dir, type, 0);
	create_files(dir, "h", FILES);
	run_on_cpu(0);
	set_cpu_online(1, 0);
	write_file("/proc/sys/vm/drop_caches", "3");
	unlink_files(dir, "h", 0, FILES / 2);
	umount_fs(dir);
	set_cpu_online(1, 1);
	note("%s: %d files made on CPU 1, half unlinked and the rest evicted while it was offline",
	     type, FILES);
}

int main(void)
{
	int n;

	offline_cpu_owns("none", "/mnt/tmpfs", "tmpfs");
	offline_cpu_owns(DISK, "/mnt/ext4", "ext4");

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	n = count_files("/mnt/ext4");
	if (n != FILES - FILES / 2)
		failx("%d files on ext4 after remount, want %d", n, FILES - FILES / 2);
	unlink_files("/mnt/ext4", "h", FILES / 2, FILES);
	umount_fs("/mnt/ext4");
	return 0;
}
