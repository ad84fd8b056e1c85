// SPDX-License-Identifier: GPL-2.0-only
/*
 * inode-hash-vfat: vfat has no inode numbers of its own; every inode it
 * builds gets one from iunique() and is hashed with insert_inode_hash().
 * Mount the vfat disk made on the host, fill it from two threads, empty
 * the caches so that every inode is built again, and check that the files
 * seen have distinct inode numbers and their contents; then unmount,
 * mount again and check once more, and remove everything.
 */
#include "guest.h"
#include <pthread.h>

const char *test_name = "inode-hash-vfat";

#define DIR	"/mnt/vfat"
#define FILES	400		/* per thread, in a directory of its own */

static ino_t ino[2][FILES];

static void *fill(void *arg)
{
	int t = (long)arg, i, fd;
	char path[64], text[32];

	run_on_cpu(t);
	snprintf(path, sizeof(path), DIR "/d%d", t);
	make_dir(path);
	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), DIR "/d%d/f%d", t, i);
		snprintf(text, sizeof(text), "%d/%d", t, i);
		fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0 || write(fd, text, strlen(text)) < 0)
			fail("create %s", path);
		close(fd);
	}
	return NULL;
}

static int cmp_ino(const void *a, const void *b)
{
	ino_t x = *(const ino_t *)a, y = *(const ino_t *)b;

	return x < y ? -1 : x > y;
}

/* Read back every file; no two may share an inode number. */
static void check_all(const char *when)
{
	char path[64], want[32], got[32];
	static ino_t sorted[2 * FILES];
	struct stat st;
	int t, i, fd;
	ssize_t n;

	for (t = 0; t < 2; t++)
		for (i = 0; i < FILES; i++) {
			snprintf(path, sizeof(path), DIR "/d%d/f%d", t, i);
			snprintf(want, sizeof(want), "%d/%d", t, i);
			fd = open(path, O_RDONLY);
			if (fd < 0 || fstat(fd, &st))
				fail("%s: open %s", when, path);
			n = read(fd, got, sizeof(got) - 1);
			if (n < 0)
				fail("%s: read %s", when, path);
			got[n] = '\0';
			close(fd);
			if (strcmp(got, want))
				failx("%s: %s holds '%s'", when, path, got);
			ino[t][i] = st.st_ino;
		}
	memcpy(sorted, ino, sizeof(sorted));
	qsort(sorted, 2 * FILES, sizeof(sorted[0]), cmp_ino);
	for (i = 1; i < 2 * FILES; i++)
		if (sorted[i] == sorted[i - 1])
			failx("%s: two files have inode number %lu", when,
			      (unsigned long)sorted[i]);
}

int main(void)
{
	char path[64];
	pthread_t th[2];
	int t, i;

	mount_fs(FAT_DISK, DIR, "vfat", 0);
	for (t = 0; t < 2; t++)
		if (pthread_create(&th[t], NULL, fill, (void *)(long)t))
			fail("pthread_create");
	for (t = 0; t < 2; t++)
		pthread_join(th[t], NULL);
	drop_caches();
	check_all("after drop_caches");
	umount_fs(DIR);
	mount_fs(FAT_DISK, DIR, "vfat", 0);
	check_all("after remount");
	for (t = 0; t < 2; t++) {
		for (i = 0; i < FILES; i++) {
			snprintf(path, sizeof(path), DIR "/d%d/f%d", t, i);
			if (unlink(path))
				fail("unlink %s", path);
		}
		snprintf(path, sizeof(path), DIR "/d%d", t);
		if (rmdir(path))
			fail("rmdir %s", path);
	}
	umount_fs(DIR);
	note("%d files made by 2 threads on vfat; distinct iunique() numbers and intact contents after drop_caches and after a remount",
	     2 * FILES);
	return 0;
}
