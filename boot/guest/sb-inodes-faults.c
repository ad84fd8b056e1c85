// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-faults: with fail_function, make sb_inode_lists_init() (the
 * allocation of a superblock's per-CPU inode lists) return -ENOMEM.  Mounting tmpfs and ext4 must then fail with ENOMEM, and work
 * again once the injection is removed.  kmemleak, run by /init after all
 * tests, finds anything a failed mount leaked.
 */
#include "guest.h"

const char *test_name = "sb-inodes-faults";

#define FAIL_FN "/sys/kernel/debug/fail_function"
#define FAILSLAB_FILTER "/sys/kernel/debug/failslab/cache-filter"

/*
 * fail-nth counts every fault injection point this thread passes, not
 * only fail_function's: an allocation that may fail without reclaim
 * (__GFP_NOWARN, no failure printed) before the one we want took it, and
 * the mount then succeeded (6.12 with KASAN).  failslab's cache filter
 * keeps it out: no slab cache of these kernels asks for failslab.
 */
static void failslab_filter(const char *on)
{
	if (access(FAILSLAB_FILTER, W_OK) == 0)
		write_file(FAILSLAB_FILTER, on);
}

/*
 * fail_function injects into FUNCTION, but only where this thread asks:
 * probability 0 for everyone, and fail-nth 1, so that the next call made
 * by this thread fails.  fail-nth also keeps should_fail() away from the
 * random numbers it draws for a probability, whose lock PREEMPT_RT may not
 * take in the kprobe handler.
 */
static void inject(const char *function)
{
	char path[128], retval[32];

	write_file(FAIL_FN "/inject", function);
	snprintf(path, sizeof(path), FAIL_FN "/%s/retval", function);
	/* retval is read as an unsigned 64-bit number */
	snprintf(retval, sizeof(retval), "%#llx", (unsigned long long)-ENOMEM);
	write_file(path, retval);
	write_file(FAIL_FN "/probability", "0");
	write_file(FAIL_FN "/interval", "1");
	write_file(FAIL_FN "/times", "-1");
	write_file(FAIL_FN "/verbose", "0");
}

/* Whether this thread's requested failure is still to come; clears it. */
static int fail_nth_left(void)
{
	const char *path = "/proc/thread-self/fail-nth";
	char text[16] = "";
	int fd = open(path, O_RDONLY);

	if (fd < 0 || read(fd, text, sizeof(text) - 1) < 0)
		fail("read %s", path);
	close(fd);
	write_file(path, "0");
	return atoi(text) != 0;
}

static void mount_fails(const char *src, const char *type, const char *function)
{
	int ok, err, left;

	make_dir("/mnt/fault");
	write_file("/proc/thread-self/fail-nth", "1");
	ok = !mount(src, "/mnt/fault", type, 0, NULL);
	err = errno;
	left = fail_nth_left();
	if (ok && left)
		failx("%s mounted: %s was never called", type, function);
	if (ok)
		failx("%s mounted: another fault injection point of this thread took its failure before %s",
		      type, function);
	if (left)
		failx("%s mount failed (%s) before %s was called", type, strerror(err), function);
	errno = err;
	if (errno != ENOMEM)
		fail("%s mount with %s failing: want ENOMEM", type, function);
}

int main(void)
{
	static const char *const functions[] = { "sb_inode_lists_init" };
	unsigned int i;

	failslab_filter("Y");
	for (i = 0; i < sizeof(functions) / sizeof(functions[0]); i++) {
		inject(functions[i]);
		mount_fails("none", "tmpfs", functions[i]);
		mount_fails(DISK, "ext4", functions[i]);
		write_file(FAIL_FN "/inject", "\n");
		mount_fs(DISK, "/mnt/fault", "ext4", 0);
		umount_fs("/mnt/fault");
		note("tmpfs and ext4 mounts fail with ENOMEM when %s fails, and mount after", functions[i]);
	}
	failslab_filter("N");
	return 0;
}
