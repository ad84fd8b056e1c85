// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-faults: with fail_function, make sb_inode_lists_init() and then
 * __brlock_init() (which it calls after allocating the lists) return
 * -ENOMEM.  Mounting tmpfs and ext4 must then fail with ENOMEM, and work
 * again once the injection is removed.  kmemleak, run by /init after all
 * tests, finds anything a failed mount leaked.
 */
#include "guest.h"

const char *test_name = "sb-inodes-faults";

#define FAIL_FN "/sys/kernel/debug/fail_function"

static void inject(const char *function)
{
	char path[128], retval[32];

	write_file(FAIL_FN "/inject", function);
	snprintf(path, sizeof(path), FAIL_FN "/%s/retval", function);
	/* retval is read as an unsigned 64-bit number */
	snprintf(retval, sizeof(retval), "%#llx", (unsigned long long)-ENOMEM);
	write_file(path, retval);
	write_file(FAIL_FN "/probability", "100");
	write_file(FAIL_FN "/interval", "1");
	write_file(FAIL_FN "/times", "-1");
	write_file(FAIL_FN "/verbose", "0");
}

static void mount_fails(const char *src, const char *type, const char *function)
{
	make_dir("/mnt/fault");
	if (!mount(src, "/mnt/fault", type, 0, NULL)) {
		errno = 0;
		fail("%s mounted although %s failed", type, function);
	}
	if (errno != ENOMEM)
		fail("%s mount with %s failing: want ENOMEM", type, function);
}

int main(void)
{
	static const char *const functions[] = { "sb_inode_lists_init", "__brlock_init" };
	unsigned int i;

	for (i = 0; i < sizeof(functions) / sizeof(functions[0]); i++) {
		inject(functions[i]);
		mount_fails("none", "tmpfs", functions[i]);
		mount_fails(DISK, "ext4", functions[i]);
		write_file(FAIL_FN "/inject", "\n");
		mount_fs(DISK, "/mnt/fault", "ext4", 0);
		umount_fs("/mnt/fault");
		note("tmpfs and ext4 mounts fail with ENOMEM when %s fails, and mount after", functions[i]);
	}
	return 0;
}
