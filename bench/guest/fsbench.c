// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsbench: make bench's workloads, run in the guest by bench/guest/init.
 *
 *   fsbench rate SHAPE THREADS SECONDS DIR
 *	Each thread repeats one operation for SECONDS seconds (will-it-scale's
 *	shapes): open1 close(open()) of a file of its own, open3 of one file
 *	all threads share, unlink1 unlink(creat()) of a file of its own in
 *	one directory all threads share, unlink2 the same in a directory of
 *	its own.
 *   fsbench ops SHAPE N DIR
 *	One thread does SHAPE's operation N times: a fixed amount of work,
 *	for make bench's instruction counts (bench.mode=cost).
 *   fsbench create N DIR
 *	fs_mark's shape without fs_mark: N empty files created (and closed,
 *	not synced) in DIR/create, which must not exist.
 *   fsbench stat THREADS FILES DIR
 *	The cold-cache stat storm: FILES empty files in STAT_DIRS
 *	directories (made once, on the first call), then drop_caches and
 *	one stat() of every file, by THREADS threads (1, 2, 4 or 8), each
 *	with directories of its own.  Every stat reads an inode from disk
 *	and inserts it in the inode hash.
 *   fsbench walk FILES MNT
 *	The walk cost: FILES empty files on the file system mounted at MNT,
 *	written back, then drop_caches=1 (a walk of the superblock's
 *	inode list) and umount (which evicts every inode) are timed.
 *
 * Each result is one KTAP diagnostic line of the guest's report (boot/
 * guest/guest.h) "# BENCH NAME threads=N rate=R ops=O ns=T": R
 * operations (or inodes) per second, O operations in T nanoseconds of
 * CLOCK_MONOTONIC.  Under QEMU's -icount shift=0 one nanosecond is one
 * guest instruction, so T / O is instructions per operation.  A failure
 * prints "# NAME: reason" and exits non-zero.  Threads are pinned,
 * thread i to CPU i.
 *
 * With FSBENCH_PROFILE set to tracefs' directory, the kernel's function
 * profiler is on for each measured section only, and each BENCH line is
 * followed by the profile of its section: "# PROFILE NAME CPU FUNCTION
 * HITS TIME us ...", trace_stat/functionCPU's lines (FUNCTION cut to 30
 * characters; TIME the function's own, without its callees', when
 * options/graph-time is 0), and "# PROFILE-END NAME LINES".
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "guest.h"

#define MAX_THREADS 64

/* The workload being measured: the name of its lines. */
const char *test_name = "fsbench";

static const char *profile_dir;

static void profile_switch(const char *on)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/function_profile_enabled", profile_dir);
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, on, 1) != 1 || close(fd))
		fail("%s", path);
}

/*
 * profile_print: every CPU's profile of the section just measured, then
 * "PROFILE-END NAME LINES", so that a reader can tell none was lost.
 */
static void profile_print(void)
{
	char path[256], line[256];
	int cpu, lines = 0;
	FILE *f;

	for (cpu = 0;; cpu++) {
		snprintf(path, sizeof(path), "%s/trace_stat/function%d", profile_dir, cpu);
		f = fopen(path, "r");
		if (!f)
			break;
		while (fgets(line, sizeof(line), f)) {
			if (strstr(line, "Function") || strstr(line, "---"))
				continue;
			printf("# PROFILE %s %d %s", test_name, cpu, line + strspn(line, " "));
			lines++;
		}
		fclose(f);
	}
	if (cpu == 0)
		fail("%s", path);
	printf("# PROFILE-END %s %d\n", test_name, lines);
}

/* begin: the start of a measured section, a now() value for report(). */
static uint64_t begin(void)
{
	if (profile_dir)
		profile_switch("1");
	return now_ns();
}

/* report: ops operations since start (a begin() value). */
static void report(int threads, unsigned long ops, uint64_t start, const char *extra)
{
	uint64_t ns = now_ns() - start;

	if (profile_dir)
		profile_switch("0");
	printf("# BENCH %s threads=%d rate=%.1f ops=%lu ns=%llu%s\n", test_name,
	       threads, ops * 1e9 / (ns ? ns : 1), ops, (unsigned long long)ns, extra);
	if (profile_dir)
		profile_print();
	fflush(stdout);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % CPU_SETSIZE, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void drop_vm_caches(const char *what)
{
	sync();
	write_file("/proc/sys/vm/drop_caches", what);
}

/* rate: the will-it-scale shapes. */

struct rate_thread {
	pthread_t tid;
	int index;
	char path[256];
	unsigned long ops;
};

static const char *shape;
static atomic_int started, stop;

/* one_op: the operation of shape on path. */
static void one_op(const char *path)
{
	int fd;

	if (shape[0] == 'u') {
		fd = creat(path, 0600);
		if (fd < 0 || close(fd) || unlink(path))
			fail("%s", path);
	} else {
		fd = open(path, O_RDWR);
		if (fd < 0 || close(fd))
			fail("%s", path);
	}
}

static void *rate_loop(void *arg)
{
	struct rate_thread *t = arg;

	pin(t->index);
	atomic_fetch_add(&started, 1);
	while (!atomic_load(&stop)) {
		one_op(t->path);
		t->ops++;
	}
	return NULL;
}

static void make_file(const char *path)
{
	int fd = creat(path, 0600);

	if (fd < 0 || close(fd))
		fail("%s", path);
}

/* shape_path: thread i's file for shape in dir, made ready for it. */
static void shape_path(char *path, size_t size, int i, const char *dir)
{
	char sub[240];

	if (!strcmp(shape, "open1")) {
		snprintf(path, size, "%s/open1.%d", dir, i);
		make_file(path);
	} else if (!strcmp(shape, "open3")) {
		snprintf(path, size, "%s/open3", dir);
		make_file(path);
	} else if (!strcmp(shape, "unlink1")) {
		snprintf(sub, sizeof(sub), "%s/unlink1", dir);
		make_dir(sub);
		snprintf(path, size, "%s/%d", sub, i);
	} else if (!strcmp(shape, "unlink2")) {
		snprintf(sub, sizeof(sub), "%s/unlink2.%d", dir, i);
		make_dir(sub);
		snprintf(path, size, "%s/file", sub);
	} else {
		failx("unknown shape");
	}
}

static int rate(int threads, int seconds, const char *dir)
{
	struct rate_thread t[MAX_THREADS];
	unsigned long ops = 0;
	uint64_t start;
	int i;

	for (i = 0; i < threads; i++) {
		t[i].index = i;
		t[i].ops = 0;
		shape_path(t[i].path, sizeof(t[i].path), i, dir);
	}
	atomic_store(&started, 0);
	atomic_store(&stop, 0);
	for (i = 0; i < threads; i++)
		if (pthread_create(&t[i].tid, NULL, rate_loop, &t[i]))
			fail("pthread_create");
	while (atomic_load(&started) < threads)
		sched_yield();
	start = begin();
	sleep(seconds);
	atomic_store(&stop, 1);
	for (i = 0; i < threads; i++) {
		pthread_join(t[i].tid, NULL);
		ops += t[i].ops;
	}
	report(threads, ops, start, "");
	return 0;
}

/*
 * ops and create: a fixed number of operations from one thread; create
 * (shape "create") makes a new file in DIR/create each time.
 */
static int fixed_ops(unsigned long n, const char *dir)
{
	int creating = !strcmp(shape, "create");
	char path[256];
	unsigned long i;
	uint64_t start;

	pin(0);
	if (creating) {
		snprintf(path, sizeof(path), "%s/create", dir);
		if (mkdir(path, 0700))
			fail("%s", path);
	} else {
		shape_path(path, sizeof(path), 0, dir);
	}
	start = begin();
	for (i = 0; i < n; i++) {
		if (creating) {
			snprintf(path, sizeof(path), "%s/create/%lu", dir, i);
			make_file(path);
		} else {
			one_op(path);
		}
	}
	report(1, n, start, "");
	return 0;
}

/* stat: the cold-cache stat storm. */

struct stat_thread {
	pthread_t tid;
	int index, first_dir, dirs, files;
	const char *dir;
};

static void *stat_loop(void *arg)
{
	struct stat_thread *t = arg;
	char path[256];
	struct stat st;
	int d, f;

	pin(t->index);
	for (d = t->first_dir; d < t->first_dir + t->dirs; d++) {
		for (f = 0; f < t->files; f++) {
			snprintf(path, sizeof(path), "%s/stat%d/%d", t->dir, d, f);
			if (stat(path, &st))
				fail("%s", path);
		}
	}
	return NULL;
}

#define STAT_DIRS 8

static int stat_storm(int threads, int files, const char *dir)
{
	struct stat_thread t[STAT_DIRS];
	char path[256];
	uint64_t start;
	int d, f;

	if (threads < 1 || threads > STAT_DIRS || STAT_DIRS % threads)
		failx("%d threads do not divide %d directories", threads, STAT_DIRS);
	snprintf(path, sizeof(path), "%s/stat0", dir);
	if (access(path, F_OK)) {
		for (d = 0; d < STAT_DIRS; d++) {
			snprintf(path, sizeof(path), "%s/stat%d", dir, d);
			make_dir(path);
			for (f = 0; f < files / STAT_DIRS; f++) {
				snprintf(path, sizeof(path), "%s/stat%d/%d", dir, d, f);
				make_file(path);
			}
		}
	}
	drop_vm_caches("3");
	start = begin();
	for (d = 0; d < threads; d++) {
		t[d] = (struct stat_thread){ .index = d,
			.first_dir = d * (STAT_DIRS / threads),
			.dirs = STAT_DIRS / threads, .files = files / STAT_DIRS,
			.dir = dir };
		if (pthread_create(&t[d].tid, NULL, stat_loop, &t[d]))
			fail("pthread_create");
	}
	for (d = 0; d < threads; d++)
		pthread_join(t[d].tid, NULL);
	report(threads, files / STAT_DIRS * STAT_DIRS, start, "");
	return 0;
}

/* walk: drop_caches and umount with FILES cached inodes. */

static long cached_inodes(void)
{
	FILE *f = fopen("/proc/sys/fs/inode-nr", "r");
	long nr = -1;

	if (!f || fscanf(f, "%ld", &nr) != 1)
		fail("/proc/sys/fs/inode-nr");
	fclose(f);
	return nr;
}

static int walk_cost(int files, const char *mnt)
{
	char path[256], extra[64];
	uint64_t start;
	int f;

	snprintf(path, sizeof(path), "%s/walk", mnt);
	make_dir(path);
	for (f = 0; f < files; f++) {
		snprintf(path, sizeof(path), "%s/walk/%d", mnt, f);
		make_file(path);
	}
	sync();
	snprintf(extra, sizeof(extra), " inodes=%ld", cached_inodes());
	test_name = "walk-drop_caches";
	start = begin();
	drop_vm_caches("1");
	report(1, files, start, extra);
	test_name = "walk-umount";
	start = begin();
	if (umount(mnt))
		fail("%s", mnt);
	report(1, files, start, extra);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	profile_dir = getenv("FSBENCH_PROFILE");
	if (argc == 6 && !strcmp(argv[1], "rate")) {
		shape = argv[2];
		test_name = shape;
		if (atoi(argv[3]) < 1 || atoi(argv[3]) > MAX_THREADS)
			return 2;
		return rate(atoi(argv[3]), atoi(argv[4]), argv[5]);
	}
	if (argc == 5 && !strcmp(argv[1], "ops")) {
		shape = argv[2];
		test_name = shape;
		return fixed_ops(strtoul(argv[3], NULL, 10), argv[4]);
	}
	if (argc == 4 && !strcmp(argv[1], "create")) {
		shape = "create";
		test_name = shape;
		return fixed_ops(strtoul(argv[2], NULL, 10), argv[3]);
	}
	if (argc == 5 && !strcmp(argv[1], "stat")) {
		test_name = "stat-cold";
		return stat_storm(atoi(argv[2]), atoi(argv[3]), argv[4]);
	}
	if (argc == 4 && !strcmp(argv[1], "walk")) {
		test_name = "walk";
		return walk_cost(atoi(argv[2]), argv[3]);
	}
	fprintf(stderr, "usage: fsbench rate SHAPE THREADS SECONDS DIR\n"
		"       fsbench ops SHAPE N DIR\n"
		"       fsbench create N DIR\n"
		"       fsbench stat THREADS FILES DIR\n"
		"       fsbench walk FILES MNT\n");
	return 2;
}
