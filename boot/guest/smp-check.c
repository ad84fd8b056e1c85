// SPDX-License-Identifier: GPL-2.0-only
/*
 * smp-check: the guest must see two online CPUs, and this program must
 * really run on each of them; and it must have many more possible CPUs
 * than online ones (lib/qemu.sh: QEMU's -smp 64, the kernel's maxcpus=2),
 * so that the per-CPU lists of CPUs that never came online exist and
 * every walker goes through them.
 * Exit status 0 when it does.
 */
#include "guest.h"

#define WANT_CPUS 2
#define WANT_POSSIBLE 64

/* The number of CPUs in a sysfs CPU list such as "0-63" or "0,2-3". */
static long count_cpus(const char *path)
{
	FILE *f = fopen(path, "r");
	long n = 0, a, b;
	int c = ',';

	if (!f)
		return -1;
	while (c == ',' && fscanf(f, "%ld", &a) == 1) {
		b = a;
		c = fgetc(f);
		if (c == '-' && fscanf(f, "%ld", &b) == 1)
			c = fgetc(f);
		n += b - a + 1;
	}
	fclose(f);
	return n;
}

const char *test_name = "smp-check";

int main(void)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int cpu;
	long possible = count_cpus("/sys/devices/system/cpu/possible");

	note("%ld CPUs online, %ld possible", online, possible);
	if (possible < WANT_POSSIBLE)
		failx("want %d possible CPUs", WANT_POSSIBLE);
	if (online < WANT_CPUS)
		failx("want %d online CPUs", WANT_CPUS);
	for (cpu = 0; cpu < WANT_CPUS; cpu++) {
		run_on_cpu(cpu);
		if (sched_getcpu() != cpu)
			failx("not running on CPU %d", cpu);
		note("ran on CPU %d", cpu);
	}
	return 0;
}
