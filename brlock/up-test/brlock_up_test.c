// SPDX-License-Identifier: GPL-2.0
/*
 * Built by "make check" as an external module against a CONFIG_SMP=n kernel
 * (and sparse-checked there): every brlock operation must compile and run
 * through once at load with a single possible CPU.
 */
#include <linux/brlock.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>

struct up_test_cpu {
	struct br_cpu_lock lock;
	int value;
};

static int __init brlock_up_test_init(void)
{
	struct brlock *br = kzalloc(sizeof(*br), GFP_KERNEL);
	struct up_test_cpu __percpu *pcpu = alloc_percpu(struct up_test_cpu);
	int cpu, ret = -ENOMEM;

	if (!br || !pcpu)
		goto out;
	brlock_init(br, &pcpu->lock);
	cpu = br_read_lock(br);
	per_cpu_ptr(pcpu, cpu)->value++;
	br_read_unlock(br, cpu);
	br_lock_cpu(br, 0);
	br_unlock_cpu(br, 0);
	br_write_lock(br);
	ret = per_cpu_ptr(pcpu, 0)->value == 1 ? 0 : -EINVAL;
	br_write_unlock(br);
out:
	free_percpu(pcpu);
	kfree(br);
	return ret;
}
module_init(brlock_up_test_init);

MODULE_DESCRIPTION("Compile test of brlocks without SMP");
MODULE_LICENSE("GPL");
