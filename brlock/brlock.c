// SPDX-License-Identifier: GPL-2.0
/*
 * Big-reader locks: one spinlock_t per possible CPU for the hot paths, and a
 * gate that a rare writer closes to exclude them all.  See
 * include/linux/brlock.h for the rules and the lockdep model.
 *
 * After the brlock and lglock of Nick Piggin (2009, 2010); the writer's gate
 * replaces lglock's "take every CPU's lock", which hid the per-CPU locks
 * from lockdep and made long preemption-disabled regions.
 */
#include <linux/brlock.h>
#include <linux/cpumask.h>
#include <linux/export.h>

/**
 * __brlock_init - initialise a brlock
 * @br: the brlock
 * @cpu_lock: the per-CPU locks
 * @class: its lock classes and their names
 *
 * Use brlock_init(), which gives each call site classes of its own.
 */
void __brlock_init(struct brlock *br, struct br_cpu_lock __percpu *cpu_lock,
		   struct brlock_class *class)
{
	int cpu;

	br->cpu_lock = cpu_lock;
	for_each_possible_cpu(cpu) {
		spinlock_t *lock = &per_cpu_ptr(cpu_lock, cpu)->lock;

		spin_lock_init(lock);
		lockdep_set_class_and_name(lock, &class->cpu, class->cpu_name);
	}
	spin_lock_init(&br->write_lock);
	lockdep_set_class_and_name(&br->write_lock, &class->write,
				   class->write_name);
	br->writer = false;
	lockdep_init_map_wait(&br->dep_map, class->gate_name, &class->gate, 0,
			      LD_WAIT_CONFIG);
}
EXPORT_SYMBOL_GPL(__brlock_init);

/**
 * __br_wait_for_writer - the slow path of br_lock_cpu()
 * @br: the brlock
 * @lock: the CPU lock that br_lock_cpu() took, held
 *
 * br_lock_cpu() found the gate closed: drop @lock, wait on br->write_lock
 * until the writer is done, take @lock again, and repeat while a writer
 * closed the gate again in between.  Returns with @lock held.
 */
void __br_wait_for_writer(struct brlock *br, spinlock_t *lock)
	__must_hold(lock)
{
	do {
		spin_unlock(lock);
		spin_lock(&br->write_lock);	/* wait for the writer */
		spin_unlock(&br->write_lock);
		spin_lock(lock);
	} while (READ_ONCE(br->writer));
}
EXPORT_SYMBOL_GPL(__br_wait_for_writer);

/**
 * br_write_lock - exclude every CPU's lock holder and the other writers
 * @br: the brlock
 *
 * Closes the gate, then takes and releases the lock of every possible CPU
 * to wait for the sections that started before.  The caller then holds
 * br->write_lock only.
 */
void br_write_lock(struct brlock *br)
	__acquires(br)
{
	int cpu;

	lock_acquire_exclusive(&br->dep_map, 0, 0, NULL, _RET_IP_);
	spin_lock(&br->write_lock);
	WRITE_ONCE(br->writer, true);
	for_each_possible_cpu(cpu) {
		spinlock_t *lock = br_cpu_spinlock(br, cpu);

		spin_lock(lock);
		spin_unlock(lock);
	}
	__acquire(br);
	__release(&br->write_lock);
}
EXPORT_SYMBOL_GPL(br_write_lock);

/**
 * br_write_unlock - open the gate again
 * @br: the brlock
 */
void br_write_unlock(struct brlock *br)
	__releases(br)
{
	__acquire(&br->write_lock);
	__release(br);
	WRITE_ONCE(br->writer, false);
	spin_unlock(&br->write_lock);
	lock_release(&br->dep_map, _RET_IP_);
}
EXPORT_SYMBOL_GPL(br_write_unlock);
