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

static spinlock_t *br_cpu_spinlock(struct brlock *br, int cpu)
{
	return &per_cpu_ptr(br->cpu_lock, cpu)->lock;
}

/**
 * br_lock_cpu - take the lock of one CPU, which need not be this one
 * @br: the brlock
 * @cpu: a possible CPU, online or not
 *
 * Excludes the other holders of @cpu's lock and the writers.  If a writer
 * holds or waits for the brlock, waits until it is done.
 */
void br_lock_cpu(struct brlock *br, int cpu)
	__acquires(br)
{
	spinlock_t *lock = br_cpu_spinlock(br, cpu);

	lock_acquire_shared(&br->dep_map, 0, 0, NULL, _RET_IP_);
	spin_lock(lock);
	/*
	 * A writer sets ->writer before it takes and releases this lock, so
	 * after it released the lock, the store is seen here.  If the writer
	 * has not reached this lock yet, it waits for this section.
	 */
	while (unlikely(READ_ONCE(br->writer))) {
		spin_unlock(lock);
		spin_lock(&br->write_lock);	/* wait for the writer */
		spin_unlock(&br->write_lock);
		spin_lock(lock);
	}
	__acquire(br);
	__release(lock);	/* sparse tracks the brlock, not its parts */
}
EXPORT_SYMBOL_GPL(br_lock_cpu);

/**
 * br_unlock_cpu - release a lock taken by br_lock_cpu()
 * @br: the brlock
 * @cpu: the same CPU
 */
void br_unlock_cpu(struct brlock *br, int cpu)
	__releases(br)
{
	spinlock_t *lock = br_cpu_spinlock(br, cpu);

	__acquire(lock);
	__release(br);
	spin_unlock(lock);
	lock_release(&br->dep_map, _RET_IP_);
}
EXPORT_SYMBOL_GPL(br_unlock_cpu);

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
