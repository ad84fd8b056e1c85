/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Big-reader locks (brlock), usable as local/global locks (lglock).
 *
 * A brlock is a reader-writer lock made of one lock per possible CPU.  A
 * reader takes only the lock of the CPU it runs on, so readers on different
 * CPUs never touch a shared cache line.  A writer takes the lock of every
 * possible CPU and so excludes all readers and all other writers.  It suits
 * data that is read, or changed per CPU, very often, and changed as a whole
 * very rarely: the write side costs O(nr_cpu_ids) lock operations.
 *
 * Used as an lglock, the per-CPU locks guard per-CPU data (for example one
 * list per CPU): br_read_lock() is the local lock of this CPU,
 * br_lock_cpu() the local lock of a given CPU (to remove an item that
 * another CPU added), br_write_lock() the global lock.
 *
 * Rules:
 *  - A reader must not take a second read lock of the same brlock, nor
 *    br_lock_cpu() of it: two tasks doing so on different CPUs deadlock
 *    against each other.  Hold one CPU's lock at a time.
 *  - No brlock operation may be used from interrupt context.
 *  - The write side is for rare operations on the whole of the data; a path
 *    run per object must use the read side or br_lock_cpu().
 *
 * CPU hotplug: the write side iterates over all *possible* CPUs, so data
 * left behind on the list of a CPU that went offline is still covered, and
 * a lock can never be left held on a CPU that goes offline.
 *
 * Lockdep: every brlock has one lockdep map.  Readers and br_lock_cpu()
 * acquire it shared, writers exclusive, so lockdep checks brlock users like
 * any reader-writer lock.  The per-CPU locks themselves are not shown to
 * lockdep (on !PREEMPT_RT they are arch_spinlock_t, like the spinlock inside
 * a spinlock_t), so a writer holding nr_cpu_ids of them costs one entry in
 * the held-lock stack: no MAX_LOCK_DEPTH overflow and no false
 * recursive-locking report, whatever NR_CPUS is.  The map has the wait type
 * of spinlock_t, so lockdep rejects nesting a sleeping lock inside a brlock
 * and, with CONFIG_PROVE_RAW_LOCK_NESTING, nesting a brlock inside a
 * raw_spinlock_t.
 *
 * Preemption: on !PREEMPT_RT every brlock section, read or write, runs with
 * preemption disabled, like a spinlock_t section; it must not sleep.
 *
 * PREEMPT_RT: the per-CPU locks are spinlock_t, which are sleeping locks on
 * RT.  Readers disable migration, not preemption, so they stay on their CPU
 * but remain preemptible, and may take other spinlock_t (i_lock for
 * instance) inside, exactly as inside any spinlock_t on RT.  The per-CPU
 * spinlock_t are taken with lockdep off (each would add two held locks: RT
 * spinlocks enter an RCU read section), so lockdep again sees one lock.
 * Write sections are preemptible on RT too; a long one delays all readers,
 * so keep them rare and short.
 *
 * !SMP: a brlock is one spinlock_t, and every operation takes it.
 *
 * Sparse: every lock function is annotated with the brlock itself as its
 * context, so a section must be opened and closed on the same brlock
 * expression.
 */
#ifndef __LINUX_BRLOCK_H
#define __LINUX_BRLOCK_H

#include <linux/atomic.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>

#ifdef CONFIG_SMP

/* The lock of one CPU: a sleeping spinlock_t on RT, see above. */
struct br_cpu_lock {
#ifdef CONFIG_PREEMPT_RT
	spinlock_t lock;	/* sleeps, and so may nest spinlock_t */
#else
	arch_spinlock_t lock;	/* invisible to lockdep: the map is */
#endif
};

#ifdef CONFIG_PREEMPT_RT
#define __BR_CPU_LOCK_UNLOCKED	{ .lock = __SPIN_LOCK_UNLOCKED(br_cpu_lock) }
#else
#define __BR_CPU_LOCK_UNLOCKED	{ .lock = __ARCH_SPIN_LOCK_UNLOCKED }
#endif

/**
 * struct brlock - big-reader lock
 * @cpu_lock: one lock per possible CPU
 * @dep_map: the single lockdep map of the whole brlock
 */
struct brlock {
	struct br_cpu_lock __percpu *cpu_lock;
#ifdef CONFIG_DEBUG_LOCK_ALLOC
	struct lockdep_map dep_map;
#endif
};

#ifdef CONFIG_DEBUG_LOCK_ALLOC
#define __BRLOCK_DEP_MAP_INIT(lockname)					\
	.dep_map = {							\
		.name = #lockname,					\
		.wait_type_inner = LD_WAIT_CONFIG,			\
	},
#else
#define __BRLOCK_DEP_MAP_INIT(lockname)
#endif

#define __DEFINE_BRLOCK(name, scope)					\
	static DEFINE_PER_CPU(struct br_cpu_lock, name##_cpu_lock) = \
		__BR_CPU_LOCK_UNLOCKED;					\
	scope struct brlock name = {					\
		.cpu_lock = &name##_cpu_lock,				\
		__BRLOCK_DEP_MAP_INIT(name)				\
	}

/*
 * DEFINE_BRLOCK() defines a brlock with static per-CPU storage; it needs no
 * initialisation and may be used as soon as per-CPU areas are set up.
 */
#define DECLARE_BRLOCK(name)		extern struct brlock name
#define DEFINE_BRLOCK(name)		__DEFINE_BRLOCK(name, /* global */)
#define DEFINE_STATIC_BRLOCK(name)	__DEFINE_BRLOCK(name, static)

int __brlock_init(struct brlock *br, const char *name,
		  struct lock_class_key *key);
void brlock_destroy(struct brlock *br);

void br_read_lock(struct brlock *br) __acquires(br);
void br_read_unlock(struct brlock *br) __releases(br);
void br_write_lock(struct brlock *br) __acquires(br);
void br_write_unlock(struct brlock *br) __releases(br);
void br_lock_cpu(struct brlock *br, int cpu) __acquires(br);
void br_unlock_cpu(struct brlock *br, int cpu) __releases(br);

int _atomic_dec_and_rlock(atomic_t *atomic, struct brlock *br);
int _atomic_dec_and_wlock(atomic_t *atomic, struct brlock *br);

#else /* !CONFIG_SMP */

struct brlock {
	spinlock_t lock;	/* the one lock every operation takes */
};

#define __DEFINE_BRLOCK(name, scope)					\
	scope struct brlock name = {					\
		.lock = __SPIN_LOCK_UNLOCKED(name.lock),		\
	}
#define DECLARE_BRLOCK(name)		extern struct brlock name
#define DEFINE_BRLOCK(name)		__DEFINE_BRLOCK(name, /* global */)
#define DEFINE_STATIC_BRLOCK(name)	__DEFINE_BRLOCK(name, static)

static inline int __brlock_init(struct brlock *br, const char *name,
				struct lock_class_key *key)
{
	spin_lock_init(&br->lock);
	lockdep_set_class_and_name(&br->lock, key, name);
	return 0;
}

static inline void brlock_destroy(struct brlock *br)
{
}

static inline void br_read_lock(struct brlock *br)
	__acquires(br)
{
	spin_lock(&br->lock);
}

static inline void br_read_unlock(struct brlock *br)
	__releases(br)
{
	spin_unlock(&br->lock);
}

static inline void br_write_lock(struct brlock *br)
	__acquires(br)
{
	spin_lock(&br->lock);
}

static inline void br_write_unlock(struct brlock *br)
	__releases(br)
{
	spin_unlock(&br->lock);
}

static inline void br_lock_cpu(struct brlock *br, int cpu)
	__acquires(br)
{
	spin_lock(&br->lock);
}

static inline void br_unlock_cpu(struct brlock *br, int cpu)
	__releases(br)
{
	spin_unlock(&br->lock);
}

static inline int _atomic_dec_and_rlock(atomic_t *atomic, struct brlock *br)
{
	return _atomic_dec_and_lock(atomic, &br->lock);
}

static inline int _atomic_dec_and_wlock(atomic_t *atomic, struct brlock *br)
{
	return _atomic_dec_and_lock(atomic, &br->lock);
}

#endif /* CONFIG_SMP */

/**
 * brlock_init - initialise a brlock embedded in a dynamically allocated object
 * @br: the brlock
 *
 * Allocates the per-CPU locks.  Every call site gets a lockdep class of its
 * own.  Must be paired with brlock_destroy().
 *
 * Return: 0, or -ENOMEM if the per-CPU locks could not be allocated.
 */
#define brlock_init(br)							\
({									\
	static struct lock_class_key __key;				\
									\
	__brlock_init((br), #br, &__key);				\
})

/**
 * atomic_dec_and_rlock - decrement, and read-lock if the result is zero
 * @atomic: the counter
 * @br: the brlock
 *
 * Return: 1 with @br read-locked if @atomic dropped to zero, else 0 with
 * @br not held.  The read lock is only taken when the count was 1.
 */
#define atomic_dec_and_rlock(atomic, br)				\
	__cond_lock(br, _atomic_dec_and_rlock(atomic, br))

/**
 * atomic_dec_and_wlock - decrement, and write-lock if the result is zero
 * @atomic: the counter
 * @br: the brlock
 *
 * Return: 1 with @br write-locked if @atomic dropped to zero, else 0 with
 * @br not held.  The write lock, which takes every CPU's lock, is only taken
 * when the count was 1; any other decrement touches no lock.
 */
#define atomic_dec_and_wlock(atomic, br)				\
	__cond_lock(br, _atomic_dec_and_wlock(atomic, br))

#endif /* __LINUX_BRLOCK_H */
