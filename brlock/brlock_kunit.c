// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for big-reader locks (include/linux/brlock.h).
 *
 * Exclusion is tested with two kthreads bound to two different CPUs: a
 * holder takes the lock and keeps it for HOLD_MS, a contender starts trying
 * once the holder has it.  Timestamps tell whether the contender got in
 * while the holder still held the lock.  Nobody waits for the test thread
 * while holding a lock, so it works with preemption disabled in every
 * section.
 */
#include <kunit/test.h>
#include <linux/brlock.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/slab.h>

#define HOLD_MS		200
#define ACTOR_TIMEOUT	(20 * HZ)

DEFINE_STATIC_BRLOCK(test_static_brlock);

enum br_op {
	BR_READ,
	BR_WRITE,
	BR_LOCK_CPU,
	BR_DEC_AND_WLOCK,
};

/* One side of a holder/contender pair. */
struct br_actor {
	struct brlock *br;
	enum br_op op;
	int run_cpu;		/* the CPU the kthread is bound to */
	int lock_cpu;		/* BR_LOCK_CPU: whose lock to take */
	atomic_t count;		/* BR_DEC_AND_WLOCK: the counter */
	int dec_ret;		/* BR_DEC_AND_WLOCK: what it returned */
	unsigned int hold_ms;
	int *held;		/* holder: set once the lock is held */
	int *wait_for;		/* contender: start once this is set */
	ktime_t t_try, t_acq, t_rel;
	struct completion done;
};

/* Each operation as a lock/unlock pair, balanced for sparse one by one. */
static void br_op_read_lock(struct br_actor *a)
	__acquires(a->br)
{
	br_read_lock(a->br);
}

static void br_op_read_unlock(struct br_actor *a)
	__releases(a->br)
{
	br_read_unlock(a->br);
}

static void br_op_write_lock(struct br_actor *a)
	__acquires(a->br)
{
	br_write_lock(a->br);
}

static void br_op_write_unlock(struct br_actor *a)
	__releases(a->br)
{
	br_write_unlock(a->br);
}

static void br_op_lock_cpu(struct br_actor *a)
	__acquires(a->br)
{
	br_lock_cpu(a->br, a->lock_cpu);
}

static void br_op_unlock_cpu(struct br_actor *a)
	__releases(a->br)
{
	br_unlock_cpu(a->br, a->lock_cpu);
}

/* Holds nothing afterwards: a decrement from 2 must not lock at all. */
static void br_op_dec_and_wlock(struct br_actor *a)
{
	if (atomic_dec_and_wlock(&a->count, a->br)) {
		a->dec_ret = 1;
		br_write_unlock(a->br);
	}
}

static void br_op_nothing(struct br_actor *a)
{
}

static const struct {
	void (*lock)(struct br_actor *a);
	void (*unlock)(struct br_actor *a);
} br_ops[] = {
	[BR_READ] = { br_op_read_lock, br_op_read_unlock },
	[BR_WRITE] = { br_op_write_lock, br_op_write_unlock },
	[BR_LOCK_CPU] = { br_op_lock_cpu, br_op_unlock_cpu },
	[BR_DEC_AND_WLOCK] = { br_op_dec_and_wlock, br_op_nothing },
};

static int br_actor_fn(void *data)
{
	struct br_actor *a = data;

	while (a->wait_for && !READ_ONCE(*a->wait_for))
		cond_resched();
	a->t_try = ktime_get();
	br_ops[a->op].lock(a);
	a->t_acq = ktime_get();
	if (a->held)
		WRITE_ONCE(*a->held, 1);
	mdelay(a->hold_ms);
	a->t_rel = ktime_get();
	br_ops[a->op].unlock(a);
	kthread_complete_and_exit(&a->done, 0);
}

/* The first two online CPUs; the suite skips a machine with one. */
static bool br_two_cpus(int *cpu0, int *cpu1)
{
	*cpu0 = cpumask_first(cpu_online_mask);
	*cpu1 = cpumask_next(*cpu0, cpu_online_mask);
	return *cpu1 < nr_cpu_ids;
}

static void br_actor_start(struct kunit *test, struct br_actor *a)
{
	struct task_struct *task;

	init_completion(&a->done);
	task = kthread_create(br_actor_fn, a, "brlock_test/%d", a->run_cpu);
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	kthread_bind(task, a->run_cpu);
	wake_up_process(task);
}

/*
 * Run @holder and @contender side by side and report whether the contender
 * got its lock while the holder held its own.  The actors are not freed if
 * one hangs: a test that times out leaves them to the still-running thread.
 */
static bool br_run_pair(struct kunit *test, struct br_actor *holder,
			struct br_actor *contender)
{
	int held = 0;
	bool hung;

	holder->held = &held;
	holder->hold_ms = HOLD_MS;
	contender->wait_for = &held;
	br_actor_start(test, holder);
	br_actor_start(test, contender);
	hung = !wait_for_completion_timeout(&holder->done, ACTOR_TIMEOUT) ||
	       !wait_for_completion_timeout(&contender->done, ACTOR_TIMEOUT);
	KUNIT_ASSERT_FALSE_MSG(test, hung, "a lock holder hung");
	/* Meaningful only if the contender tried while the lock was held. */
	KUNIT_ASSERT_LT(test, ktime_to_ns(contender->t_try),
			ktime_to_ns(holder->t_rel));
	return ktime_before(contender->t_acq, holder->t_rel);
}

struct br_case {
	enum br_op holder_op, contender_op;
	bool holder_on_cpu1;	/* else the holder runs on cpu0 */
	bool lock_cpu1;		/* BR_LOCK_CPU takes cpu1's lock, else cpu0's */
	bool overlap;		/* expected: both held at once */
};

static void br_check_case(struct kunit *test, struct brlock *br,
			  const struct br_case *c)
{
	struct br_actor *holder, *contender;
	int cpu0, cpu1;

	if (!br_two_cpus(&cpu0, &cpu1))
		kunit_skip(test, "needs two online CPUs");
	holder = kzalloc(sizeof(*holder), GFP_KERNEL);
	contender = kzalloc(sizeof(*contender), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, holder);
	KUNIT_ASSERT_NOT_NULL(test, contender);

	holder->br = br;
	contender->br = br;
	holder->op = c->holder_op;
	contender->op = c->contender_op;
	holder->run_cpu = c->holder_on_cpu1 ? cpu1 : cpu0;
	contender->run_cpu = c->holder_on_cpu1 ? cpu0 : cpu1;
	holder->lock_cpu = c->lock_cpu1 ? cpu1 : cpu0;
	contender->lock_cpu = holder->lock_cpu;
	atomic_set(&contender->count, 2);

	KUNIT_EXPECT_EQ(test, br_run_pair(test, holder, contender), c->overlap);
	if (contender->op == BR_DEC_AND_WLOCK) {
		KUNIT_EXPECT_EQ(test, contender->dec_ret, 0);
		KUNIT_EXPECT_EQ(test, atomic_read(&contender->count), 1);
	}
	kfree(holder);
	kfree(contender);
}

static void br_check_cases(struct kunit *test, const struct br_case *c,
			   size_t n)
{
	struct brlock *br = kunit_kzalloc(test, sizeof(*br), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, br);
	KUNIT_ASSERT_EQ(test, brlock_init(br), 0);
	while (n--)
		br_check_case(test, br, c++);
	brlock_destroy(br);
}

static void brlock_test_readers_share(struct kunit *test)
{
	static const struct br_case cases[] = {
		{ BR_READ, BR_READ, .holder_on_cpu1 = false, .overlap = true },
		{ BR_READ, BR_READ, .holder_on_cpu1 = true, .overlap = true },
	};

	br_check_cases(test, cases, ARRAY_SIZE(cases));
}

static void brlock_test_writer_excludes_readers(struct kunit *test)
{
	static const struct br_case cases[] = {
		{ BR_WRITE, BR_READ, .holder_on_cpu1 = false, .overlap = false },
		{ BR_WRITE, BR_READ, .holder_on_cpu1 = true, .overlap = false },
		{ BR_READ, BR_WRITE, .holder_on_cpu1 = false, .overlap = false },
		{ BR_READ, BR_WRITE, .holder_on_cpu1 = true, .overlap = false },
	};

	br_check_cases(test, cases, ARRAY_SIZE(cases));
}

static void brlock_test_writer_excludes_writers(struct kunit *test)
{
	static const struct br_case cases[] = {
		{ BR_WRITE, BR_WRITE, .holder_on_cpu1 = false, .overlap = false },
		{ BR_WRITE, BR_WRITE, .holder_on_cpu1 = true, .overlap = false },
	};

	br_check_cases(test, cases, ARRAY_SIZE(cases));
}

/*
 * br_lock_cpu(n) taken on one CPU excludes the readers of CPU n, wherever
 * it was taken, and does not exclude the readers of other CPUs.
 */
static void brlock_test_lock_cpu(struct kunit *test)
{
	static const struct br_case cases[] = {
		/* cpu1's lock taken from cpu0: cpu1's reader waits */
		{ BR_LOCK_CPU, BR_READ, .holder_on_cpu1 = false,
		  .lock_cpu1 = true, .overlap = false },
		/* cpu0's lock taken from cpu1: cpu0's reader waits */
		{ BR_LOCK_CPU, BR_READ, .holder_on_cpu1 = true,
		  .lock_cpu1 = false, .overlap = false },
		/* cpu1's lock taken on cpu1: cpu0's reader goes ahead */
		{ BR_LOCK_CPU, BR_READ, .holder_on_cpu1 = true,
		  .lock_cpu1 = true, .overlap = true },
		/* a writer waits for any CPU's lock */
		{ BR_LOCK_CPU, BR_WRITE, .holder_on_cpu1 = true,
		  .lock_cpu1 = true, .overlap = false },
	};

	br_check_cases(test, cases, ARRAY_SIZE(cases));
}

/* Decrementing 2 to 1 must not wait for a lock someone else holds. */
static void brlock_test_dec_and_wlock_lockless_above_one(struct kunit *test)
{
	static const struct br_case cases[] = {
		{ BR_LOCK_CPU, BR_DEC_AND_WLOCK, .holder_on_cpu1 = true,
		  .lock_cpu1 = true, .overlap = true },
		{ BR_READ, BR_DEC_AND_WLOCK, .holder_on_cpu1 = false,
		  .overlap = true },
	};

	br_check_cases(test, cases, ARRAY_SIZE(cases));
}

/* Whether a CPU's lock is taken, by anyone: the state, not lockdep's view. */
static bool br_cpu_is_locked(struct brlock *br, int cpu)
{
	struct br_cpu_lock *cl = per_cpu_ptr(br->cpu_lock, cpu);

#ifdef CONFIG_PREEMPT_RT
	return rt_mutex_base_is_locked(&cl->lock.lock);
#else
	return arch_spin_is_locked(&cl->lock);
#endif
}

static unsigned int br_locked_cpus(struct brlock *br)
{
	unsigned int n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += br_cpu_is_locked(br, cpu);
	return n;
}

/*
 * Call atomic_dec_and_rlock() or atomic_dec_and_wlock(); if it took the
 * lock, note which CPU locks were held, then unlock.  Returns its value.
 */
static int br_dec_and_lock(atomic_t *count, struct brlock *br, bool write,
			   unsigned int *locked, bool *this_cpu_locked)
{
	*locked = 0;
	*this_cpu_locked = false;
	if (write) {
		if (!atomic_dec_and_wlock(count, br))
			return 0;
		*locked = br_locked_cpus(br);
		br_write_unlock(br);
		return 1;
	}
	if (!atomic_dec_and_rlock(count, br))
		return 0;
	*locked = br_locked_cpus(br);
	*this_cpu_locked = br_cpu_is_locked(br, smp_processor_id());
	br_read_unlock(br);
	return 1;
}

/* From 2, 1 and 0: only the decrement to zero returns 1, with the lock. */
static void br_check_dec_and_lock(struct kunit *test, bool write)
{
	struct brlock *br = kunit_kzalloc(test, sizeof(*br), GFP_KERNEL);
	unsigned int held_at_zero = write ? num_possible_cpus() : 1;
	atomic_t count = ATOMIC_INIT(2);
	bool this_cpu_locked;
	unsigned int locked;
	int from;

	KUNIT_ASSERT_NOT_NULL(test, br);
	KUNIT_ASSERT_EQ(test, brlock_init(br), 0);
	for (from = 2; from >= 0; from--) {
		int ret = br_dec_and_lock(&count, br, write, &locked,
					  &this_cpu_locked);

		KUNIT_EXPECT_EQ_MSG(test, ret, from == 1, "from %d", from);
		KUNIT_EXPECT_EQ(test, atomic_read(&count), from - 1);
		KUNIT_EXPECT_EQ_MSG(test, locked, from == 1 ? held_at_zero : 0,
				    "from %d", from);
		if (!write)
			KUNIT_EXPECT_EQ(test, this_cpu_locked, from == 1);
		KUNIT_EXPECT_EQ(test, br_locked_cpus(br), 0);
	}
	brlock_destroy(br);
}

static void brlock_test_dec_and_rlock(struct kunit *test)
{
	br_check_dec_and_lock(test, false);
}

static void brlock_test_dec_and_wlock(struct kunit *test)
{
	br_check_dec_and_lock(test, true);
}

/*
 * Brlocks inside allocated objects, set up and torn down many times; the
 * boot test runs kmemleak afterwards.  Every lock operation is used on each.
 */
static void brlock_test_init_destroy(struct kunit *test)
{
	struct brlock *br;
	int i, cpu;

	for (i = 0; i < 256; i++) {
		br = kzalloc(sizeof(*br), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, br);
		KUNIT_ASSERT_EQ(test, brlock_init(br), 0);
		br_read_lock(br);
		br_read_unlock(br);
		br_write_lock(br);
		KUNIT_EXPECT_EQ(test, br_locked_cpus(br), num_possible_cpus());
		br_write_unlock(br);
		for_each_possible_cpu(cpu) {
			br_lock_cpu(br, cpu);
			br_unlock_cpu(br, cpu);
		}
		KUNIT_EXPECT_EQ(test, br_locked_cpus(br), 0);
		brlock_destroy(br);
		KUNIT_EXPECT_TRUE(test, !br->cpu_lock);
		kfree(br);
	}
}

/* A DEFINE_BRLOCK() lock works without any initialisation. */
static void brlock_test_static(struct kunit *test)
{
	struct brlock *br = &test_static_brlock;

	KUNIT_EXPECT_EQ(test, br_locked_cpus(br), 0);
	br_read_lock(br);
	KUNIT_EXPECT_EQ(test, br_locked_cpus(br), 1);
	br_read_unlock(br);
	br_write_lock(br);
	KUNIT_EXPECT_EQ(test, br_locked_cpus(br), num_possible_cpus());
	br_write_unlock(br);
	KUNIT_EXPECT_EQ(test, br_locked_cpus(br), 0);
}

/*
 * Lockdep sees a write lock as one held lock, however many CPUs there are,
 * on PREEMPT_RT too.
 */
static void brlock_test_lockdep_depth(struct kunit *test)
{
#ifdef CONFIG_LOCKDEP
	int before = current->lockdep_depth, during;

	br_write_lock(&test_static_brlock);
	during = current->lockdep_depth;
	br_write_unlock(&test_static_brlock);
	KUNIT_EXPECT_EQ(test, during - before, 1);
	KUNIT_EXPECT_EQ(test, current->lockdep_depth, before);
#else
	kunit_skip(test, "needs CONFIG_LOCKDEP");
#endif
}

static struct kunit_case brlock_test_cases[] = {
	KUNIT_CASE(brlock_test_readers_share),
	KUNIT_CASE(brlock_test_writer_excludes_readers),
	KUNIT_CASE(brlock_test_writer_excludes_writers),
	KUNIT_CASE(brlock_test_lock_cpu),
	KUNIT_CASE(brlock_test_dec_and_wlock_lockless_above_one),
	KUNIT_CASE(brlock_test_dec_and_rlock),
	KUNIT_CASE(brlock_test_dec_and_wlock),
	KUNIT_CASE(brlock_test_init_destroy),
	KUNIT_CASE(brlock_test_static),
	KUNIT_CASE(brlock_test_lockdep_depth),
	{}
};

static struct kunit_suite brlock_test_suite = {
	.name = "brlock",
	.test_cases = brlock_test_cases,
};

kunit_test_suite(brlock_test_suite);

MODULE_DESCRIPTION("KUnit tests for big-reader locks");
MODULE_LICENSE("GPL");
