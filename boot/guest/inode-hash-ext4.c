// SPDX-License-Identifier: GPL-2.0-only
/*
 * inode-hash-ext4: two threads create files on ext4, then, after the inode
 * cache has been emptied, both stat every file (each cold lookup inserts
 * the inode into the hash under its chain lock, and the two threads race to
 * insert the same inodes), and finally unlink them.  Every stat must give
 * the inode number the file was created with.  Then lockdep must know the
 * chain locks as a class of their own that i_lock (whose class is the file
 * system type's i_lock_key, or &inode->i_lock) nests inside, and
 * lock_stat tells how often they were contended.
 */
#include "guest.h"
#include <pthread.h>

const char *test_name = "inode-hash-ext4";

#define DIR	"/mnt/ext4"
#define FILES	1500		/* per thread */
#define ROUNDS	3

static ino_t ino[2][FILES];
static pthread_barrier_t barrier;

static void path_of(char *path, size_t size, int t, int i)
{
	snprintf(path, size, DIR "/x%d-%d", t, i);
}

static void create_all(int t)
{
	char path[64];
	struct stat st;
	int i, fd;

	for (i = 0; i < FILES; i++) {
		path_of(path, sizeof(path), t, i);
		fd = open(path, O_CREAT | O_WRONLY | O_EXCL, 0644);
		if (fd < 0 || fstat(fd, &st))
			fail("create %s", path);
		ino[t][i] = st.st_ino;
		close(fd);
	}
}

/* Thread T stats all files, starting with the other thread's. */
static void stat_all(int t)
{
	char path[64];
	struct stat st;
	int k, i, owner;

	for (k = 0; k < 2; k++) {
		owner = (t + 1 + k) % 2;
		for (i = 0; i < FILES; i++) {
			path_of(path, sizeof(path), owner, i);
			if (stat(path, &st))
				fail("stat %s", path);
			if (st.st_ino != ino[owner][i])
				failx("%s has inode %lu, was created as %lu", path,
				      (unsigned long)st.st_ino,
				      (unsigned long)ino[owner][i]);
		}
	}
}

static void unlink_all(int t)
{
	char path[64];
	int i;

	for (i = 0; i < FILES; i++) {
		path_of(path, sizeof(path), t, i);
		if (unlink(path))
			fail("unlink %s", path);
	}
}

static void *worker(void *arg)
{
	int t = (long)arg, r;

	run_on_cpu(t);
	create_all(t);
	for (r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&barrier);	/* main drops the caches */
		pthread_barrier_wait(&barrier);
		stat_all(t);
	}
	pthread_barrier_wait(&barrier);
	unlink_all(t);
	return NULL;
}

/*
 * The chain locks are real locks: lockdep has their class, and a chain of
 * held locks in which i_lock is taken inside one of them (on PREEMPT_RT an
 * RCU read lock sits between the two, so /proc/lockdep, which lists direct
 * dependencies only, may not show the pair).  Print their lock_stat line.
 */
static void check_lockdep(void)
{
	const char *class = "inode_hash_bucket_lock";
	int in_chain = 0, nests_i_lock = 0;
	char line[512];
	FILE *f;

	f = fopen("/proc/lockdep_chains", "r");
	if (!f)
		fail("open /proc/lockdep_chains");
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "irq_context", 11))
			in_chain = 0;
		else if (strstr(line, class))
			in_chain = 1;
		else if (in_chain && strstr(line, "->i_lock"))
			nests_i_lock = 1;
	}
	fclose(f);
	if (!nests_i_lock)
		failx("/proc/lockdep_chains: no chain takes i_lock inside %s", class);
	f = fopen("/proc/lock_stat", "r");
	if (!f)
		fail("open /proc/lock_stat");
	while (fgets(line, sizeof(line), f))
		if (strstr(line, class) && strchr(line, ':')) {
			line[strcspn(line, "\n")] = '\0';
			note("lock_stat:%s", line);
			break;
		}
	fclose(f);
}

int main(void)
{
	pthread_t th[2];
	double start, lookups = 0;
	long t;
	int r;

	mount_fs(DISK, DIR, "ext4", 0);
	pthread_barrier_init(&barrier, NULL, 3);
	for (t = 0; t < 2; t++)
		if (pthread_create(&th[t], NULL, worker, (void *)t))
			fail("pthread_create");
	for (r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&barrier);	/* the threads wait */
		if (r)
			lookups += now() - start;
		drop_caches();
		pthread_barrier_wait(&barrier);	/* they stat */
		start = now();
	}
	pthread_barrier_wait(&barrier);	/* they are done, and unlink */
	lookups += now() - start;
	for (t = 0; t < 2; t++)
		pthread_join(th[t], NULL);
	umount_fs(DIR);
	check_lockdep();
	note("%d files created by 2 threads; %d rounds of drop_caches and 2 x %d cold stats in %.2f s; all unlinked",
	     2 * FILES, ROUNDS, 2 * FILES, lookups);
	return 0;
}
