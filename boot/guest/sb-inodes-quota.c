// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-quota: ext4 with the quota feature.  With files present, turn
 * quota off and on again by remounting read-only (dquot_suspend walks the
 * inodes in remove_dquot_ref; quotactl must then find quota off) and
 * read-write (dquot_resume walks them in add_dquot_ref), twice.  The inode
 * usage of the files' owner must be right before, after, and after more
 * files are created.
 */
#include "guest.h"
#include <sys/quota.h>

const char *test_name = "sb-inodes-quota";

#define DIR_	"/mnt/ext4/quota"
#define OWNER	1000
#define FILES	300

static int get_quota(struct dqblk *dq)
{
	return quotactl(QCMD(Q_GETQUOTA, USRQUOTA), DISK, OWNER, (caddr_t)dq);
}

static void expect_used(unsigned long long want, const char *when)
{
	struct dqblk dq;
	unsigned long long got;

	if (get_quota(&dq))
		fail("quotactl Q_GETQUOTA %s", when);
	got = dq.dqb_curinodes;
	if (got != want)
		failx("uid %d uses %llu inodes %s, want %llu", OWNER, got, when, want);
}

static void own_files(int from, int to)
{
	char path[128];
	int i;

	for (i = from; i < to; i++) {
		snprintf(path, sizeof(path), DIR_ "/q%d", i);
		if (chown(path, OWNER, OWNER))
			fail("chown %s", path);
	}
}

int main(void)
{
	struct dqblk dq;
	int round;

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	make_dir(DIR_);
	create_files(DIR_, "q", FILES);
	own_files(0, FILES);
	expect_used(FILES, "after chown");
	for (round = 0; round < 2; round++) {
		if (mount(NULL, "/mnt/ext4", NULL, MS_REMOUNT | MS_RDONLY, NULL))
			fail("remount read-only");
		if (!get_quota(&dq) || errno != ESRCH)
			fail("quota still on read-only: quotactl Q_GETQUOTA, want ESRCH");
		if (mount(NULL, "/mnt/ext4", NULL, MS_REMOUNT, NULL))
			fail("remount read-write");
		expect_used(FILES, "after remount read-write");
	}
	create_files(DIR_, "q", FILES + 10);
	own_files(FILES, FILES + 10);
	expect_used(FILES + 10, "after 10 more files");
	unlink_files(DIR_, "q", 0, FILES + 10);
	expect_used(0, "after unlink");
	if (rmdir(DIR_))
		fail("rmdir " DIR_);
	umount_fs("/mnt/ext4");
	note("%d files of uid %d counted right through 2 quota off/on cycles (remount ro/rw)",
	     FILES, OWNER);
	return 0;
}
