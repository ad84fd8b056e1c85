// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb-inodes-storm: two threads create and unlink files as fast as they can,
 * on tmpfs and then on ext4, so that both vCPUs add and remove inodes on
 * the superblock's per-CPU lists.  Meanwhile the main thread walks those
 * lists: drop_caches 2 and 3 (drop_pagecache_sb, the shrinkers), sync
 * (sync_bdevs walks the block-device superblock), and takes CPU 1 offline
 * and back online.  Every call must succeed and the file systems must
 * unmount cleanly afterwards.
 */
#include "guest.h"
#include <pthread.h>

const char *test_name = "sb-inodes-storm";

#define SECONDS_PER_FS	8
#define FILES_PER_ROUND	200

struct storm {
	char dir[64];
	volatile int *stop;
	long files;
	int err;
};

static void *storm(void *arg)
{
	struct storm *s = arg;

	make_dir(s->dir);
	while (!*s->stop) {
		char path[128];
		int i, fd;

		for (i = 0; i < FILES_PER_ROUND; i++) {
			snprintf(path, sizeof(path), "%s/f%d", s->dir, i);
			fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			if (fd < 0 || write(fd, "x", 1) != 1) {
				s->err = errno;
				return NULL;
			}
			close(fd);
		}
		for (i = 0; i < FILES_PER_ROUND; i++) {
			snprintf(path, sizeof(path), "%s/f%d", s->dir, i);
			if (unlink(path)) {
				s->err = errno;
				return NULL;
			}
		}
		s->files += FILES_PER_ROUND;
	}
	return NULL;
}

static void storm_on(const char *dir)
{
	volatile int stop = 0;
	struct storm s[2];
	pthread_t t[2];
	long drops = 0, syncs = 0, hotplugs = 0;
	double end = now() + SECONDS_PER_FS;
	int i;

	for (i = 0; i < 2; i++) {
		memset(&s[i], 0, sizeof(s[i]));
		snprintf(s[i].dir, sizeof(s[i].dir), "%s/t%d", dir, i);
		s[i].stop = &stop;
		if (pthread_create(&t[i], NULL, storm, &s[i])) {
			errno = EAGAIN;
			fail("pthread_create");
		}
	}
	while (now() < end) {
		write_file("/proc/sys/vm/drop_caches", drops % 2 ? "3" : "2");
		drops++;
		sync();
		syncs++;
		set_cpu_online(1, 0);
		usleep(20000);
		set_cpu_online(1, 1);
		hotplugs++;
	}
	stop = 1;
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], NULL);
		if (s[i].err) {
			errno = s[i].err;
			fail("storm thread %d on %s", i, dir);
		}
	}
	note("%s: %ld + %ld files created and unlinked; %ld drop_caches, %ld syncs, %ld CPU 1 offline/online cycles",
	     dir, s[0].files, s[1].files, drops, syncs, hotplugs);
	if (!s[0].files || !s[1].files)
		failx("a storm thread made no progress on %s", dir);
}

int main(void)
{
	mount_fs("none", "/mnt/tmpfs", "tmpfs", 0);
	storm_on("/mnt/tmpfs");
	umount_fs("/mnt/tmpfs");

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	storm_on("/mnt/ext4");
	umount_fs("/mnt/ext4");
	return 0;
}
