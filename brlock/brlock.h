/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Big-reader locks (brlock): per-CPU locks with a rare all-CPU side.
 *
 * A brlock guards per-CPU data, for instance one list per CPU.  Each
 * possible CPU has its own spinlock_t, which the user embeds in its per-CPU
 * structure next to the data it guards (struct br_cpu_lock), so that lock
 * and data share a cache line.  Hot paths take one CPU's lock:
 * br_read_lock() the lock of the CPU the caller runs on, br_lock_cpu() the
 * lock of a given CPU, to reach data that another CPU added.  Callers on
 * different CPUs therefore touch different locks and cache lines.
 *
 * The write side, br_write_lock(), excludes every CPU's lock holder at
 * once, for rare operations that must see all the per-CPU data in one
 * consistent state.  It costs O(nr_cpu_ids) lock operations.
 *
 * The writer does not hold all the per-CPU locks, as lglock did.  It closes
 * a gate: it sets br->writer under br->write_lock, then takes and releases
 * each CPU's lock in turn, which waits out the sections already running.
 * A CPU-lock holder that finds the gate closed drops its CPU lock and waits
 * on br->write_lock until the writer is done.  So a writer holds two locks
 * however many CPUs there are, and nothing is hidden from lockdep:
 *
 *  - Every lock is a real spinlock_t that lockdep and lock_stat see: one
 *    class for all the CPU locks of a brlock, one for br->write_lock.  A
 *    task holding two CPU locks of one brlock is reported as recursive
 *    locking, which it is: two tasks doing so in the opposite order
 *    deadlock.
 *  - br->dep_map stands for the gate: CPU-lock holders acquire it shared,
 *    writers exclusive, so lockdep sees the reader-writer dependency on
 *    every acquisition, not only when a reader happens to wait.
 *  - Lockdep depth: a writer holds the gate and br->write_lock, a reader
 *    the gate and one CPU lock, at any NR_CPUS (on PREEMPT_RT each
 *    spinlock_t also holds rcu_read_lock(), one entry more).  There is no
 *    MAX_LOCK_DEPTH overflow and no preempt_count overflow, and no
 *    lockdep_off().
 *
 * PREEMPT_RT: the locks are spinlock_t, so they sleep, and their holders
 * may be preempted but not migrated, as with any spinlock_t.  A reader
 * waiting for a writer blocks on br->write_lock and so boosts the writer by
 * priority inheritance; a writer waiting out a reader boosts it the same
 * way.  Other spinlock_t (inode->i_lock for instance) nest inside as they
 * do inside any spinlock_t.
 *
 * Rules:
 *  - Hold one CPU's lock of a brlock at a time.
 *  - Not from interrupt context: the locks are taken with interrupts on.
 *  - Sections must not sleep (on !PREEMPT_RT they run with preemption
 *    disabled, like any spinlock_t section).
 *  - The write side is for rare operations on the whole of the data; a path
 *    run per object must use br_read_lock() or br_lock_cpu().
 *
 * CPU hotplug: brlock_init() sets up the lock of every possible CPU and
 * the writer sweeps all of them, so data left on the list of a CPU that
 * went offline is still covered.
 *
 * Sparse: every lock function has the brlock as its context, so a section
 * must be opened and closed on the same brlock expression.
 */
#ifndef __LINUX_BRLOCK_H
#define __LINUX_BRLOCK_H

#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>

/**
 * struct br_cpu_lock - the lock of one CPU; embed it in per-CPU data
 * @lock: the spinlock_t
 */
struct br_cpu_lock {
	spinlock_t lock;	/* guards this CPU's part of the data */
};

/**
 * struct brlock - big-reader lock
 * @cpu_lock: the lock of each possible CPU, inside the user's per-CPU data
 * @write_lock: held by a writer from gate closed to gate open
 * @writer: the gate; set while a writer holds or waits for the brlock
 * @dep_map: the gate for lockdep: readers shared, writers exclusive
 */
struct brlock {
	struct br_cpu_lock __percpu *cpu_lock;
	spinlock_t write_lock;	/* serialises writers; readers wait on it */
	bool writer;
#ifdef CONFIG_DEBUG_LOCK_ALLOC
	struct lockdep_map dep_map;
#endif
};

/* The lock classes of one brlock_init() call site, and their names. */
struct brlock_class {
	struct lock_class_key gate, write, cpu;
	const char *gate_name, *write_name, *cpu_name;
};

void __brlock_init(struct brlock *br, struct br_cpu_lock __percpu *cpu_lock,
		   struct brlock_class *class);

/**
 * brlock_init - initialise a brlock and the CPU locks it uses
 * @br: the brlock
 * @cpu_lock: the per-CPU locks, usually &pcpu->lock for a per-CPU
 *	structure pcpu that holds the data they guard
 *
 * Initialises the lock of every possible CPU.  Every call site gets lock
 * classes of its own: the gate is named after @br, its CPU locks and write
 * lock have "/cpu" and "/write" appended.  Needs no teardown: the caller frees the per-CPU
 * memory it owns.
 */
#define brlock_init(br, cpu_lock)					\
do {									\
	static struct brlock_class __class = {				\
		.gate_name = #br,					\
		.write_name = #br "/write",				\
		.cpu_name = #br "/cpu",					\
	};								\
									\
	__brlock_init((br), (cpu_lock), &__class);			\
} while (0)

void br_write_lock(struct brlock *br) __acquires(br);
void br_write_unlock(struct brlock *br) __releases(br);
void __br_wait_for_writer(struct brlock *br, spinlock_t *lock)
	__must_hold(lock);

static inline spinlock_t *br_cpu_spinlock(struct brlock *br, int cpu)
{
	return &per_cpu_ptr(br->cpu_lock, cpu)->lock;
}

/**
 * br_lock_cpu - take the lock of one CPU, which need not be this one
 * @br: the brlock
 * @cpu: a possible CPU, online or not
 *
 * Excludes the other holders of @cpu's lock and the writers.  If a writer
 * holds or waits for the brlock, waits until it is done.  Inline, as the
 * spinlock_t it replaces in its users is: the fast path is one spin_lock()
 * and a load; only waiting for a writer is a call.
 */
static inline void br_lock_cpu(struct brlock *br, int cpu)
	__acquires(br)
{
	spinlock_t *lock = br_cpu_spinlock(br, cpu);

	lock_acquire_shared(&br->dep_map, 0, 0, NULL, _THIS_IP_);
	spin_lock(lock);
	/*
	 * A writer sets ->writer before it takes and releases this lock, so
	 * once it has released the lock, the store is seen here.  If the
	 * writer has not reached this lock yet, it waits for this section.
	 */
	if (unlikely(READ_ONCE(br->writer)))
		__br_wait_for_writer(br, lock);
	__acquire(br);
	__release(lock);	/* sparse tracks the brlock, not its parts */
}

/**
 * br_unlock_cpu - release a lock taken by br_lock_cpu()
 * @br: the brlock
 * @cpu: the same CPU
 */
static inline void br_unlock_cpu(struct brlock *br, int cpu)
	__releases(br)
{
	spinlock_t *lock = br_cpu_spinlock(br, cpu);

	__acquire(lock);
	__release(br);
	spin_unlock(lock);
	lock_release(&br->dep_map, _THIS_IP_);
}

/**
 * br_read_lock - take the lock of the CPU the caller runs on
 * @br: the brlock
 *
 * The caller may be migrated before the lock is taken, which is harmless:
 * it then holds another CPU's lock, which it must name to br_read_unlock().
 *
 * Return: the CPU whose lock is held.
 */
static inline int br_read_lock(struct brlock *br)
	__acquires(br)
{
	int cpu = raw_smp_processor_id();

	br_lock_cpu(br, cpu);
	return cpu;
}

/**
 * br_read_unlock - release the lock taken by br_read_lock()
 * @br: the brlock
 * @cpu: what br_read_lock() returned
 */
static inline void br_read_unlock(struct brlock *br, int cpu)
	__releases(br)
{
	br_unlock_cpu(br, cpu);
}

#endif /* __LINUX_BRLOCK_H */
