// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-umount: unmount an ext4 file system with 10,000 cached inodes
 * (evict_inodes), 1,000 of them watched by inotify (fsnotify_unmount_inodes
 * must drop every watch: one IN_UNMOUNT each) and a landlock rule on its
 * root (landlock's sb_delete hook walks the inodes to release it).  Then
 * remount: all files must be there; load them again, unmount again.
 */
#include "guest.h"
#include <dirent.h>
#include <linux/landlock.h>
#include <sys/inotify.h>
#include <sys/syscall.h>

const char *test_name = "sb-inodes-umount";

#define DIR_	"/mnt/ext4/many"
#define FILES	10000
#define WATCHED	1000

static int landlock_rule_on(const char *path)
{
	struct landlock_ruleset_attr ruleset = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	struct landlock_path_beneath_attr beneath = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	int fd;

	fd = syscall(SYS_landlock_create_ruleset, &ruleset, sizeof(ruleset), 0);
	if (fd < 0)
		fail("landlock_create_ruleset");
	beneath.parent_fd = open(path, O_PATH | O_CLOEXEC);
	if (beneath.parent_fd < 0)
		fail("open %s", path);
	if (syscall(SYS_landlock_add_rule, fd, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0))
		fail("landlock_add_rule");
	close(beneath.parent_fd);
	return fd;
}

static int stat_all(void)
{
	char path[128];
	struct stat st;
	int i;

	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), DIR_ "/f%d", i);
		if (stat(path, &st))
			return i;
	}
	return FILES;
}

static double timed_umount(void)
{
	double start = now();

	umount_fs("/mnt/ext4");
	return now() - start;
}

int main(void)
{
	char buf[64 * 1024], path[128];
	int ino, ruleset, i, unmounts = 0, n;
	double t1, t2;
	ssize_t len;

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	make_dir(DIR_);
	create_files(DIR_, "f", FILES);
	ino = inotify_init1(IN_NONBLOCK);
	if (ino < 0)
		fail("inotify_init1");
	for (i = 0; i < WATCHED; i++) {
		snprintf(path, sizeof(path), DIR_ "/f%d", i * (FILES / WATCHED));
		if (inotify_add_watch(ino, path, IN_ATTRIB) < 0)
			fail("inotify_add_watch %s", path);
	}
	ruleset = landlock_rule_on("/mnt/ext4");
	t1 = timed_umount();

	while ((len = read(ino, buf, sizeof(buf))) > 0) {
		char *p = buf;

		while (p < buf + len) {
			struct inotify_event *e = (struct inotify_event *)p;

			unmounts += !!(e->mask & IN_UNMOUNT);
			p += sizeof(*e) + e->len;
		}
	}
	close(ino);
	close(ruleset);
	if (unmounts != WATCHED)
		failx("%d IN_UNMOUNT events, want %d", unmounts, WATCHED);

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	n = stat_all();
	if (n != FILES) {
		errno = ENOENT;
		fail("file %d of %d missing after remount", n, FILES);
	}
	t2 = timed_umount();
	note("umount with %d cached inodes, %d inotify watches and a landlock rule: %.2fs; with %d cached inodes after remount: %.2fs",
	     FILES + 1, WATCHED, t1, FILES + 1, t2);

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	unlink_files(DIR_, "f", 0, FILES);
	if (rmdir(DIR_))
		fail("rmdir " DIR_);
	umount_fs("/mnt/ext4");
	return 0;
}
