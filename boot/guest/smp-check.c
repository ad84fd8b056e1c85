// SPDX-License-Identifier: GPL-2.0-only
/*
 * smp-check: the guest must see two online CPUs, and this program must
 * really run on each of them.  Exit status 0 when it does.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

#define WANT_CPUS 2

int main(void)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;
	int cpu;

	printf("smp-check: %ld CPUs online\n", online);
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
