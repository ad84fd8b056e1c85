// SPDX-License-Identifier: GPL-2.0
/*
 * Built by "make check" as an external module against a CONFIG_SMP=n kernel
 * (and sparse-checked there): every brlock operation must compile to the
 * single-spinlock fallback and run through once at load.
 */
#include <linux/brlock.h>
#include <linux/module.h>
#include <linux/slab.h>

DEFINE_STATIC_BRLOCK(up_test_static);

static int __init brlock_up_test_init(void)
{
	struct brlock *br = kzalloc(sizeof(*br), GFP_KERNEL);
	atomic_t count = ATOMIC_INIT(1);
	int ret;

	if (!br)
		return -ENOMEM;
	ret = brlock_init(br);
	if (ret)
		goto out;
	br_read_lock(br);
	br_read_unlock(br);
	br_write_lock(br);
	br_write_unlock(br);
	br_lock_cpu(br, 0);
	br_unlock_cpu(br, 0);
	if (atomic_dec_and_rlock(&count, br))
		br_read_unlock(br);
	atomic_set(&count, 1);
	if (atomic_dec_and_wlock(&count, br))
		br_write_unlock(br);
	br_write_lock(&up_test_static);
	br_write_unlock(&up_test_static);
	brlock_destroy(br);
out:
	kfree(br);
	return ret;
}
module_init(brlock_up_test_init);

MODULE_DESCRIPTION("Compile test of brlocks without SMP");
MODULE_LICENSE("GPL");
