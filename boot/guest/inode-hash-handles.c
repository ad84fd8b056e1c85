// SPDX-License-Identifier: GPL-2.0-only
/*
 * inode-hash-handles: file handles look inodes up by number.  Take a
 * handle (name_to_handle_at) of every file of a directory on ext4, empty
 * the inode cache, then open every handle (open_by_handle_at) from two
 * threads at once: ext4 finds each inode with iget_locked(), and the two
 * threads race to insert the same inodes into the hash.  Each handle must
 * open the file it was taken from; the handle of a file unlinked before
 * the caches were emptied must give ESTALE.
 */
#include "guest.h"
#include <pthread.h>

const char *test_name = "inode-hash-handles";

#define DIR	"/mnt/ext4/handles"
#define FILES	1000

static struct {
	struct file_handle fh;
	unsigned char space[MAX_HANDLE_SZ];
} handle[FILES];
static ino_t ino[FILES];
static int mount_fd;
static const int gone = FILES / 2;	/* unlinked before the lookups */

static void *open_all(void *arg)
{
	int t = (long)arg, k, i, fd;
	char want[32], got[32];
	struct stat st;
	ssize_t n;

	run_on_cpu(t);
	for (k = 0; k < FILES; k++) {
		i = t ? FILES - 1 - k : k;	/* meet in the middle */
		fd = open_by_handle_at(mount_fd, &handle[i].fh, O_RDONLY);
		if (i == gone) {
			if (fd >= 0 || errno != ESTALE)
				fail("handle of unlinked file %d: got fd %d, want ESTALE", i, fd);
			continue;
		}
		if (fd < 0)
			fail("open_by_handle_at of file %d", i);
		snprintf(want, sizeof(want), "file %d", i);
		n = read(fd, got, sizeof(got) - 1);
		if (n < 0 || fstat(fd, &st))
			fail("read file %d", i);
		got[n] = '\0';
		if (strcmp(got, want) || st.st_ino != ino[i])
			failx("handle %d opened inode %lu holding '%s', want %lu holding '%s'",
			      i, (unsigned long)st.st_ino, got, (unsigned long)ino[i], want);
		close(fd);
	}
	return NULL;
}

int main(void)
{
	char path[64], text[32];
	pthread_t th[2];
	struct stat st;
	int i, fd, mnt_id;
	double start;
	long t;

	mount_fs(DISK, "/mnt/ext4", "ext4", 0);
	make_dir(DIR);
	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), DIR "/h%d", i);
		snprintf(text, sizeof(text), "file %d", i);
		fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0 || write(fd, text, strlen(text)) < 0 || fstat(fd, &st))
			fail("create %s", path);
		close(fd);
		ino[i] = st.st_ino;
		handle[i].fh.handle_bytes = MAX_HANDLE_SZ;
		if (name_to_handle_at(AT_FDCWD, path, &handle[i].fh, &mnt_id, 0))
			fail("name_to_handle_at %s", path);
	}
	snprintf(path, sizeof(path), DIR "/h%d", gone);
	if (unlink(path))
		fail("unlink %s", path);
	mount_fd = open(DIR, O_RDONLY | O_DIRECTORY);
	if (mount_fd < 0)
		fail("open %s", DIR);

	drop_caches();
	start = now();
	for (t = 0; t < 2; t++)
		if (pthread_create(&th[t], NULL, open_all, (void *)t))
			fail("pthread_create");
	for (t = 0; t < 2; t++)
		pthread_join(th[t], NULL);
	note("2 threads opened %d handles each after drop_caches in %.2f s; the unlinked file's gave ESTALE",
	     FILES, now() - start);

	close(mount_fd);
	for (i = 0; i < FILES; i++) {
		snprintf(path, sizeof(path), DIR "/h%d", i);
		if (i != gone && unlink(path))
			fail("unlink %s", path);
	}
	if (rmdir(DIR))
		fail("rmdir %s", DIR);
	umount_fs("/mnt/ext4");
	return 0;
}
