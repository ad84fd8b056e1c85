// SPDX-License-Identifier: GPL-2.0-only
/*
 * smp-check: the guest must see two online CPUs, and this program must
 * really run on each of them; and it must have many more possible CPUs
 * than online ones (lib/qemu.sh: QEMU's -smp 64, the kernel's maxcpus=2),
 * so that the per-CPU lists of CPUs that never came online exist and
 * every walker goes through them.
 * Exit status 0 when it does.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

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

int main(void)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;
	int cpu;
	long possible = count_cpus("/sys/devices/system/cpu/possible");

	printf("smp-check: %ld CPUs online, %ld possible\n", online, possible);
	if (possible < WANT_POSSIBLE) {
		fprintf(stderr, "smp-check: want %d possible CPUs\n", WANT_POSSIBLE);
		return 1;
	}
	if (online < WANT_CPUS) {
		fprintf(stderr, "smp-check: want %d online CPUs\n", WANT_CPUS);
		return 1;
	}
	for (cpu = 0; cpu < WANT_CPUS; cpu++) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("smp-check: sched_setaffinity");
			return 1;
		}
		if (sched_getcpu() != cpu) {
			fprintf(stderr, "smp-check: not running on CPU %d\n", cpu);
			return 1;
		}
		printf("smp-check: ran on CPU %d\n", cpu);
	}
	return 0;
}
