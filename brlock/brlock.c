// SPDX-License-Identifier: GPL-2.0
/*
 * Big-reader locks: one lock per possible CPU, readers take their own CPU's
 * lock, writers take them all.  See include/linux/brlock.h for the rules,
 * the lockdep model and the PREEMPT_RT behaviour.
 *
 * Based on the brlock and lglock code by Nick Piggin (2009, 2010).
 */
#include <linux/brlock.h>
#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/error-injection.h>
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/smp.h>

#ifdef CONFIG_PREEMPT_RT

/* Stay on this CPU but remain preemptible: the per-CPU locks sleep. */
static inline void br_pin(void)
{
	migrate_disable();
}

static inline void br_unpin(void)
{
	migrate_enable();
}

static void br_cpu_lock_init(struct br_cpu_lock *cl, const char *name,
			     struct lock_class_key *key)
{
	spin_lock_init(&cl->lock);	/* lockdep never sees it: see below */
}

/*
 * The brlock's map stands for its per-CPU locks, as on !RT, so they are
 * taken with lockdep off: through lockdep, an RT spinlock_t is two held
 * locks (it enters an RCU read section too), so that a writer would hold
 * 2 * nr_cpu_ids + 1 locks, beyond MAX_LOCK_DEPTH on large machines.
 * lock_stat counts acquisitions of the map; on RT it sees no contention.
 */
static void br_cpu_lock(struct brlock *br, int cpu, bool *contended,
			unsigned long ip)
{
	spinlock_t *lock = &per_cpu_ptr(br->cpu_lock, cpu)->lock;

	lockdep_off();
	spin_lock(lock);
	lockdep_on();
	__release(lock);	/* sparse tracks the brlock, not its parts */
}

static void br_cpu_unlock(struct brlock *br, int cpu)
{
	spinlock_t *lock = &per_cpu_ptr(br->cpu_lock, cpu)->lock;

	__acquire(lock);	/* sparse tracks the brlock, not its parts */
	lockdep_off();
	spin_unlock(lock);
	lockdep_on();
}

#else /* !CONFIG_PREEMPT_RT */

static inline void br_pin(void)
{
	preempt_disable();
}

static inline void br_unpin(void)
{
	preempt_enable();
}

static void br_cpu_lock_init(struct br_cpu_lock *cl, const char *name,
			     struct lock_class_key *key)
{
	cl->lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
}

/* Report the first lock we had to wait for to lock_stat, as one contention. */
static void br_cpu_lock(struct brlock *br, int cpu, bool *contended,
			unsigned long ip)
{
	arch_spinlock_t *lock = &per_cpu_ptr(br->cpu_lock, cpu)->lock;

	if (arch_spin_trylock(lock))
		return;
	if (!*contended) {
		lock_contended(&br->dep_map, ip);
		*contended = true;
	}
	arch_spin_lock(lock);
}

static void br_cpu_unlock(struct brlock *br, int cpu)
{
	arch_spin_unlock(&per_cpu_ptr(br->cpu_lock, cpu)->lock);
}

#endif /* CONFIG_PREEMPT_RT */

/**
 * __brlock_init - initialise a brlock in dynamically allocated memory
 * @br: the brlock
 * @name: its name for lockdep
 * @key: its lockdep class
 *
 * Use brlock_init(), which gives each call site its own class.
 *
 * Return: 0, or -ENOMEM.
 */
int __brlock_init(struct brlock *br, const char *name,
		  struct lock_class_key *key)
{
	int cpu;

	br->cpu_lock = alloc_percpu(struct br_cpu_lock);
	if (!br->cpu_lock)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		br_cpu_lock_init(per_cpu_ptr(br->cpu_lock, cpu), name, key);
	lockdep_init_map_wait(&br->dep_map, name, key, 0, LD_WAIT_CONFIG);
	return 0;
}
EXPORT_SYMBOL_GPL(__brlock_init);
ALLOW_ERROR_INJECTION(__brlock_init, ERRNO);

/**
 * brlock_destroy - free the per-CPU locks of a brlock set up by brlock_init()
 * @br: the brlock, which must not be held
 */
void brlock_destroy(struct brlock *br)
{
	free_percpu(br->cpu_lock);
	br->cpu_lock = NULL;
}
EXPORT_SYMBOL_GPL(brlock_destroy);

/* Lock one CPU's lock (@cpu >= 0) or all of them (@cpu < 0); pinned. */
static void __br_lock(struct brlock *br, int cpu, int read, unsigned long ip)
{
	bool contended = false;

	lock_acquire(&br->dep_map, 0, 0, read, 1, NULL, ip);
	if (cpu >= 0) {
		br_cpu_lock(br, cpu, &contended, ip);
	} else {
		for_each_possible_cpu(cpu)
			br_cpu_lock(br, cpu, &contended, ip);
	}
	lock_acquired(&br->dep_map, ip);
}

static void __br_unlock(struct brlock *br, int cpu, unsigned long ip)
{
	if (cpu >= 0) {
		br_cpu_unlock(br, cpu);
	} else {
		for_each_possible_cpu(cpu)
			br_cpu_unlock(br, cpu);
	}
	lock_release(&br->dep_map, ip);
}

/**
 * br_read_lock - take the read side: this CPU's lock
 * @br: the brlock
 *
 * The caller stays on this CPU until br_read_unlock(), so this_cpu_ptr()
 * and smp_processor_id() name the CPU whose lock is held.
 */
void br_read_lock(struct brlock *br)
	__acquires(br)
{
	br_pin();
	__br_lock(br, smp_processor_id(), 1, _RET_IP_);
	__acquire(br);
}
EXPORT_SYMBOL_GPL(br_read_lock);

/**
 * br_read_unlock - release the read side taken by br_read_lock()
 * @br: the brlock
 */
void br_read_unlock(struct brlock *br)
	__releases(br)
{
	__release(br);
	__br_unlock(br, smp_processor_id(), _RET_IP_);
	br_unpin();
}
EXPORT_SYMBOL_GPL(br_read_unlock);

/**
 * br_lock_cpu - take the lock of one CPU, which need not be this one
 * @br: the brlock
 * @cpu: a possible CPU, online or not
 *
 * Excludes the readers of @cpu and all writers, and counts as a reader for
 * lockdep.  Use it to reach per-CPU data that another CPU owns.
 */
void br_lock_cpu(struct brlock *br, int cpu)
	__acquires(br)
{
	br_pin();
	__br_lock(br, cpu, 1, _RET_IP_);
	__acquire(br);
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
	__release(br);
	__br_unlock(br, cpu, _RET_IP_);
	br_unpin();
}
EXPORT_SYMBOL_GPL(br_unlock_cpu);

/**
 * br_write_lock - take the write side: the lock of every possible CPU
 * @br: the brlock
 */
void br_write_lock(struct brlock *br)
	__acquires(br)
{
	br_pin();
	__br_lock(br, -1, 0, _RET_IP_);
	__acquire(br);
}
EXPORT_SYMBOL_GPL(br_write_lock);

/**
 * br_write_unlock - release the write side
 * @br: the brlock
 */
void br_write_unlock(struct brlock *br)
	__releases(br)
{
	__release(br);
	__br_unlock(br, -1, _RET_IP_);
	br_unpin();
}
EXPORT_SYMBOL_GPL(br_write_unlock);

/*
 * The atomic_dec_and_*lock() helpers: decrement without any lock unless the
 * count is 1, which is the only value that can reach zero.  Use them through
 * the atomic_dec_and_rlock() and atomic_dec_and_wlock() macros, which tell
 * sparse about the conditional lock.
 */
int _atomic_dec_and_rlock(atomic_t *atomic, struct brlock *br)
{
	if (atomic_add_unless(atomic, -1, 1))
		return 0;

	br_read_lock(br);
	if (atomic_dec_and_test(atomic))
		return 1;
	br_read_unlock(br);
	return 0;
}
EXPORT_SYMBOL_GPL(_atomic_dec_and_rlock);

int _atomic_dec_and_wlock(atomic_t *atomic, struct brlock *br)
{
	if (atomic_add_unless(atomic, -1, 1))
		return 0;

	br_write_lock(br);
	if (atomic_dec_and_test(atomic))
		return 1;
	br_write_unlock(br);
	return 0;
}
EXPORT_SYMBOL_GPL(_atomic_dec_and_wlock);
