// SPDX-License-Identifier: GPL-2.0-only
/*
 * soak-faults: the soak's allocation failures; boot/guest/soak.sh runs it
 * as "soak-faults SECONDS [DIR]" beside stress-ng.  For SECONDS it cycles:
 * mount a tmpfs, create, stat and unlink files in it and umount it (so
 * alloc_super(), the superblock's inode lists, inode and dentry allocation
 * and eviction at umount), and, given a DIR, the same creates, stats and
 * unlinks there (on the soak's ext4: the inode hash).  failslab,
 * filtered to this task, fails FAIL_PERCENT percent of the slab
 * allocations of those calls; umount and the clean-up run without
 * failures.
 *
 * Every call that fails must fail with ENOMEM (or, for a create on tmpfs
 * and for the tmpfs mount, ENOSPC: shmem reports an inode it could not
 * allocate as ENOSPC, in 6.1's shmem_mknod() as in 6.12's
 * __shmem_get_inode(), which 6.12's shmem_fill_super() also uses for the
 * root inode), and failslab
 * must have injected at least as many failures as there were errors (an error
 * without an injection is a bug; an injection without an error is an
 * allocation its caller could do without).  Nothing may stay behind:
 * kmemleak (run by /init), "VFS: Busy inodes" (the console scanner) and
 * the host's fsck of the ext4 image check that.  Prints
 * "# SOAK faults injected=N calls=N errors=N".
 */
#include "guest.h"

const char *test_name = "soak-faults";

#define FAILSLAB "/sys/kernel/debug/failslab"
#define FAIL_PERCENT "5"
#define TIMES 100000000L	/* failslab's budget: what is left tells how many were injected */
#define FILES 40

static int make_it_fail = -1;	/* /proc/self/make-it-fail, opened before any failure */
static long calls, errors;

static void faults(int on)
{
	if (pwrite(make_it_fail, on ? "1" : "0", 1, 0) != 1)
		fail("%s faults", on ? "start" : "stop");
}

/*
 * The result of a call made with faults on: its result, or -1 with ENOMEM
 * (or ALSO, unless it is 0).
 */
static int injected(int ret, const char *what, const char *path, int also)
{
	calls++;
	if (ret >= 0)
		return ret;
	if (errno != ENOMEM && (!also || errno != also))
		fail("%s %s failed, and not with ENOMEM", what, path);
	errors++;
	return -1;
}

/* Files made, looked up and removed in DIR; CREATE_ERRNO as in injected(). */
static void files(const char *dir, int cycle, int create_errno)
{
	char path[256];
	struct stat st;
	int i, fd, made[FILES];

	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), "%s/f%d-%d", dir, cycle, i);
		faults(1);
		fd = injected(open(path, O_CREAT | O_EXCL | O_WRONLY, 0644), "create", path,
			      create_errno);
		faults(0);
		made[i] = fd >= 0;
		if (made[i])
			close(fd);
	}
	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), "%s/f%d-%d", dir, cycle, i);
		faults(1);
		if (made[i])
			injected(stat(path, &st), "stat", path, 0);
		/* Half of them unlinked under faults, the rest without. */
		if (made[i] && i % 2 && injected(unlink(path), "unlink", path, 0) == 0)
			made[i] = 0;
		faults(0);
		if (made[i] && unlink(path))
			fail("unlink %s", path);
	}
}

static void tmpfs_cycle(int cycle)
{
	const char *dir = "/soak/faults";
	int ret;

	make_dir(dir);
	faults(1);
	ret = injected(mount("tmpfs", dir, "tmpfs", 0, "size=8m"), "mount tmpfs on", dir, ENOSPC);
	faults(0);
	if (ret)
		return;
	files(dir, cycle, ENOSPC);
	umount_fs(dir);
}

static void failslab(const char *attr, const char *value)
{
	char path[64];

	snprintf(path, sizeof(path), FAILSLAB "/%s", attr);
	write_file(path, value);
}

int main(int argc, char **argv)
{
	double end;
	char text[32] = "";
	long left;
	int cycle = 0, fd;

	if (argc != 2 && argc != 3) {
		note("run by /tests/soak (soak-faults SECONDS [DIR]); nothing to do");
		return 0;
	}
	end = now() + atoi(argv[1]);
	if (argc == 3)
		make_dir(argv[2]);
	make_it_fail = open("/proc/self/make-it-fail", O_WRONLY);
	if (make_it_fail < 0)
		fail("open /proc/self/make-it-fail (CONFIG_FAULT_INJECTION_DEBUG_FS)");
	failslab("task-filter", "Y");
	/* Fail sleeping (GFP_KERNEL) allocations too, not only atomic ones. */
	failslab("ignore-gfp-wait", "N");
	failslab("probability", FAIL_PERCENT);
	failslab("interval", "1");
	failslab("space", "0");
	failslab("verbose", "0");
	snprintf(text, sizeof(text), "%ld", TIMES);
	failslab("times", text);

	while (now() < end) {
		tmpfs_cycle(cycle);
		if (argc == 3)
			files(argv[2], cycle, 0);
		cycle++;
	}

	fd = open(FAILSLAB "/times", O_RDONLY);
	if (fd < 0 || read(fd, text, sizeof(text) - 1) <= 0)
		fail("read " FAILSLAB "/times");
	close(fd);
	failslab("probability", "0");
	left = atol(text);
	printf("# SOAK faults injected=%ld calls=%ld errors=%ld cycles=%d\n",
	       TIMES - left, calls, errors, cycle);
	if (!errors)
		failx("no call failed: failslab injected nothing");
	if (TIMES - left < errors)
		failx("%ld calls failed, but failslab injected %ld failures", errors, TIMES - left);
	return 0;
}
