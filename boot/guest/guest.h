/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers for the guest test programs.  boot/init runs each program as one
 * test of its KTAP report (Documentation/dev-tools/ktap.rst) and prints
 * its "ok"/"not ok" line; a program's own lines are KTAP diagnostics,
 * "# name: ...": what it measured (note()) and, before exit status 1 at
 * the first failure, what failed (fail() with errno's message, failx()
 * without).
 */
#ifndef GUEST_H
#define GUEST_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DISK "/dev/vda"		/* ext4 (with quota) made by boot/run.sh */
#define FAT_DISK "/dev/vdb"	/* vfat, made by boot/run.sh too */

extern const char *test_name;	/* defined by each program */

/* One diagnostic line, "# name: FMT[: ERROR]"; ERROR is NULL for none. */
static inline void diag(const char *error, const char *fmt, va_list ap)
{
	printf("# %s: ", test_name);
	vprintf(fmt, ap);
	if (error)
		printf(": %s", error);
	putchar('\n');
	fflush(stdout);
}

/* A failed call: its errno's message follows FMT. */
static inline void fail(const char *fmt, ...)
{
	const char *error = strerror(errno);
	va_list ap;

	va_start(ap, fmt);
	diag(error, fmt, ap);
	va_end(ap);
	exit(1);
}

/* A failed check, which has no errno. */
static inline void failx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag(NULL, fmt, ap);
	va_end(ap);
	exit(1);
}

static inline void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag(NULL, fmt, ap);
	va_end(ap);
}

/* Write TEXT to a proc, sys or debugfs file; returns 0 or -errno. */
static inline int try_write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	return 0;
}

static inline void write_file(const char *path, const char *text)
{
	int err = try_write_file(path, text);

	if (err) {
		errno = -err;
		fail("write '%s' to %s", text, path);
	}
}

static inline void make_dir(const char *path)
{
	if (mkdir(path, 0755) && errno != EEXIST)
		fail("mkdir %s", path);
}

static inline void mount_fs(const char *src, const char *dir, const char *type,
			    unsigned long flags)
{
	make_dir(dir);
	if (mount(src, dir, type, flags, NULL))
		fail("mount %s (%s) on %s", src, type, dir);
}

static inline void umount_fs(const char *dir)
{
	if (umount(dir))
		fail("umount %s", dir);
}

/* CLOCK_MONOTONIC in nanoseconds, and in seconds. */
static inline unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static inline double now(void)
{
	return now_ns() / 1e9;
}

static inline void set_cpu_online(int cpu, int online)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	write_file(path, online ? "1" : "0");
}

static inline void run_on_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		fail("run on CPU %d", cpu);
}

/* Create N empty files DIR/PREFIXi. */
static inline void create_files(const char *dir, const char *prefix, int n)
{
	char path[256];
	int i, fd;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s%d", dir, prefix, i);
		fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
		if (fd < 0)
			fail("create %s", path);
		close(fd);
	}
}

static inline void unlink_files(const char *dir, const char *prefix, int from, int to)
{
	char path[256];
	int i;

	for (i = from; i < to; i++) {
		snprintf(path, sizeof(path), "%s/%s%d", dir, prefix, i);
		if (unlink(path))
			fail("unlink %s", path);
	}
}

/* Empty the dentry and inode caches, so that lookups go to the disk. */
static inline void drop_caches(void)
{
	sync();
	write_file("/proc/sys/vm/drop_caches", "3");
}

#endif /* GUEST_H */
