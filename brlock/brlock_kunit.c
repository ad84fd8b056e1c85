// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for big-reader locks (include/linux/brlock.h).
 *
 * Sharing and exclusion are asserted on states, never on timing.  A holder
 * kthread takes the lock on one CPU; a contender kthread on another CPU
 * then asks for its own.  In a "shares" row the holder keeps its lock until
 * the contender reports that it got in.  In an "excludes" row the holder
 * keeps its lock until the contender is seen queued on one of the brlock's
 * spinlocks, checks that it has not got in, and only then releases.  A
 * wrong lock makes the contender get in, or never get in, and the row
 * fails whatever the load on the machine.  The only clock is a limit on how
 * long a side may wait for the other, against hangs.
 */
#include <kunit/test.h>
#include <linux/brlock.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>

#define BR_TEST_TIMEOUT	(20 * HZ)

/* Per-CPU data as a user has it: a lock and what it guards. */
struct br_test_cpu {
	struct br_cpu_lock lock;
	unsigned long first, second;	/* equal outside a section */
};

struct br_test_lock {
	struct brlock br;
	struct br_test_cpu __percpu *pcpu;
};

static int br_test_lock_init(struct kunit *test, struct br_test_lock *t)
{
	t->pcpu = alloc_percpu(struct br_test_cpu);
	if (!t->pcpu)
		return -ENOMEM;
	brlock_init(&t->br, &t->pcpu->lock);
	return 0;
}

enum br_op {
	BR_READ,	/* br_read_lock() on the CPU the actor runs on */
	BR_LOCK_CPU,	/* br_lock_cpu() of a given CPU */
	BR_WRITE,	/* br_write_lock() */
};

/* One row of the table: who holds, who contends, what must happen. */
struct br_case {
	const char *name;
	enum br_op holder_op, contender_op;
	int holder_run, contender_run;	/* 0 or 1: which of the two CPUs */
	int lock_cpu;			/* BR_LOCK_CPU: 0 or 1 */
	bool shares;			/* the contender gets in meanwhile */
};

static const struct br_case br_cases[] = {
	{ "readers on two CPUs share", BR_READ, BR_READ, 0, 1, 0, true },
	{ "lock_cpu(1) from cpu0 excludes cpu1's reader",
	  BR_LOCK_CPU, BR_READ, 0, 1, 1, false },
	{ "lock_cpu(0) from cpu1 excludes cpu0's reader",
	  BR_LOCK_CPU, BR_READ, 1, 0, 0, false },
	{ "lock_cpu(1) on cpu1 shares with cpu0's reader",
	  BR_LOCK_CPU, BR_READ, 1, 0, 1, true },
	{ "writer excludes a reader", BR_WRITE, BR_READ, 0, 1, 0, false },
	{ "writer excludes lock_cpu", BR_WRITE, BR_LOCK_CPU, 1, 0, 1, false },
	{ "reader excludes a writer", BR_READ, BR_WRITE, 0, 1, 0, false },
	{ "lock_cpu excludes a writer", BR_LOCK_CPU, BR_WRITE, 1, 0, 0, false },
	{ "writer excludes a writer", BR_WRITE, BR_WRITE, 0, 1, 0, false },
};

static void br_case_desc(const struct br_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(br_case, br_cases, br_case_desc);

enum br_state { BR_IDLE, BR_TRYING, BR_HELD, BR_DONE };

struct br_actor {
	struct br_test_lock *t;
	enum br_op op;
	int run_cpu, lock_cpu, held_cpu;
	int state;			/* enum br_state, written by the actor */
	struct br_actor *other;		/* the holder: its contender */
	bool shares;			/* the holder: what the row expects */
	bool saw_contender_in;		/* the holder: verdict */
	bool timed_out;
	struct completion done;
};

/* Each operation as a lock/unlock pair, balanced for sparse one by one. */
static void br_op_read_lock(struct br_actor *a)
	__acquires(&a->t->br)
{
	a->held_cpu = br_read_lock(&a->t->br);
}

static void br_op_read_unlock(struct br_actor *a)
	__releases(&a->t->br)
{
	br_read_unlock(&a->t->br, a->held_cpu);
}

static void br_op_lock_cpu(struct br_actor *a)
	__acquires(&a->t->br)
{
	br_lock_cpu(&a->t->br, a->lock_cpu);
}

static void br_op_unlock_cpu(struct br_actor *a)
	__releases(&a->t->br)
{
	br_unlock_cpu(&a->t->br, a->lock_cpu);
}

static void br_op_write_lock(struct br_actor *a)
	__acquires(&a->t->br)
{
	br_write_lock(&a->t->br);
}

static void br_op_write_unlock(struct br_actor *a)
	__releases(&a->t->br)
{
	br_write_unlock(&a->t->br);
}

static const struct {
	void (*lock)(struct br_actor *a);
	void (*unlock)(struct br_actor *a);
} br_ops[] = {
	[BR_READ] = { br_op_read_lock, br_op_read_unlock },
	[BR_LOCK_CPU] = { br_op_lock_cpu, br_op_unlock_cpu },
	[BR_WRITE] = { br_op_write_lock, br_op_write_unlock },
};

/* Whether a task is queued on @lock. */
static bool br_spinlock_has_waiter(spinlock_t *lock)
{
#ifdef CONFIG_PREEMPT_RT
	return !RB_EMPTY_ROOT(&lock->lock.waiters.rb_root);
#else
	return spin_is_contended(lock);
#endif
}

/* Whether a task is queued on any spinlock of the brlock. */
static bool br_has_waiter(struct br_test_lock *t)
{
	int cpu;

	if (br_spinlock_has_waiter(&t->br.write_lock))
		return true;
	for_each_possible_cpu(cpu) {
		if (br_spinlock_has_waiter(&per_cpu_ptr(t->pcpu, cpu)->lock.lock))
			return true;
	}
	return false;
}

/* Wait, without sleeping, until @cond holds; false after the time limit. */
#define br_wait_for(cond)						\
({									\
	unsigned long __end = jiffies + BR_TEST_TIMEOUT;		\
	bool __ok;							\
									\
	while (!(__ok = (cond)) && time_before(jiffies, __end))		\
		cpu_relax();						\
	__ok;								\
})

static int br_holder_fn(void *data)
{
	struct br_actor *a = data, *c = a->other;

	br_ops[a->op].lock(a);
	WRITE_ONCE(a->state, BR_HELD);
	if (a->shares) {
		a->timed_out = !br_wait_for(READ_ONCE(c->state) >= BR_HELD);
	} else {
		a->timed_out = !br_wait_for(READ_ONCE(c->state) >= BR_HELD ||
					    (READ_ONCE(c->state) == BR_TRYING &&
					     br_has_waiter(a->t)));
	}
	a->saw_contender_in = READ_ONCE(c->state) >= BR_HELD;
	br_ops[a->op].unlock(a);
	WRITE_ONCE(a->state, BR_DONE);
	kthread_complete_and_exit(&a->done, 0);
}

static int br_contender_fn(void *data)
{
	struct br_actor *a = data, *h = a->other;

	a->timed_out = !br_wait_for(READ_ONCE(h->state) == BR_HELD);
	WRITE_ONCE(a->state, BR_TRYING);
	br_ops[a->op].lock(a);
	WRITE_ONCE(a->state, BR_HELD);
	br_ops[a->op].unlock(a);
	WRITE_ONCE(a->state, BR_DONE);
	kthread_complete_and_exit(&a->done, 0);
}

/* A kthread for @a, bound to its CPU, not yet woken. */
static struct task_struct *br_actor_create(struct br_actor *a,
					   int (*fn)(void *))
{
	struct task_struct *task;

	init_completion(&a->done);
	task = kthread_create(fn, a, "brlock_test/%d", a->run_cpu);
	if (!IS_ERR(task))
		kthread_bind(task, a->run_cpu);
	return task;
}

static void brlock_test_exclusion(struct kunit *test)
{
	const struct br_case *c = test->param_value;
	struct br_test_lock *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct br_actor *holder, *contender;
	struct task_struct *ctask, *htask;
	int cpus[2];
	bool hung;

	KUNIT_ASSERT_NOT_NULL(test, t);
	cpus_read_lock();
	cpus[0] = cpumask_first(cpu_online_mask);
	cpus[1] = cpumask_next(cpus[0], cpu_online_mask);
	if (cpus[1] >= nr_cpu_ids) {
		cpus_read_unlock();
		kunit_skip(test, "needs two online CPUs");
	}
	/* The actors are not freed if one hangs: it may still use them. */
	holder = kzalloc(sizeof(*holder), GFP_KERNEL);
	contender = kzalloc(sizeof(*contender), GFP_KERNEL);
	if (!holder || !contender || br_test_lock_init(test, t)) {
		cpus_read_unlock();
		kfree(holder);
		kfree(contender);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	*holder = (struct br_actor){ .t = t, .op = c->holder_op,
		.run_cpu = cpus[c->holder_run], .lock_cpu = cpus[c->lock_cpu],
		.other = contender, .shares = c->shares };
	*contender = (struct br_actor){ .t = t, .op = c->contender_op,
		.run_cpu = cpus[c->contender_run],
		.lock_cpu = cpus[c->lock_cpu], .other = holder };
	ctask = br_actor_create(contender, br_contender_fn);
	htask = br_actor_create(holder, br_holder_fn);
	if (IS_ERR(ctask) || IS_ERR(htask)) {
		/* A kthread stopped before it ran never calls its function. */
		if (!IS_ERR(ctask))
			kthread_stop(ctask);
		if (!IS_ERR(htask))
			kthread_stop(htask);
		cpus_read_unlock();
		free_percpu(t->pcpu);
		kfree(holder);
		kfree(contender);
		KUNIT_FAIL(test, "cannot create the kthreads");
		return;
	}
	wake_up_process(ctask);
	wake_up_process(htask);
	hung = !wait_for_completion_timeout(&holder->done, 2 * BR_TEST_TIMEOUT) ||
	       !wait_for_completion_timeout(&contender->done, 2 * BR_TEST_TIMEOUT);
	cpus_read_unlock();
	KUNIT_ASSERT_FALSE_MSG(test, hung, "an actor hung");

	KUNIT_EXPECT_FALSE_MSG(test, contender->timed_out,
			       "the holder never held its lock");
	KUNIT_EXPECT_FALSE_MSG(test, holder->timed_out,
			       c->shares ? "the contender never got in" :
			       "the contender never queued");
	KUNIT_EXPECT_EQ(test, holder->saw_contender_in, c->shares);
	KUNIT_EXPECT_FALSE(test, br_has_waiter(t));
	free_percpu(t->pcpu);
	kfree(holder);
	kfree(contender);
}

/*
 * The held-lock stack a brlock costs lockdep: the gate plus one spinlock_t,
 * for readers and for writers, whatever nr_cpu_ids is.  On PREEMPT_RT a
 * spinlock_t also holds rcu_read_lock().
 */
#define BR_SPINLOCK_DEPTH	(IS_ENABLED(CONFIG_PREEMPT_RT) ? 2 : 1)

static void brlock_test_lockdep_depth(struct kunit *test)
{
#ifdef CONFIG_LOCKDEP
	struct br_test_lock *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	int before = current->lockdep_depth, reader, writer, cpu;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, br_test_lock_init(test, t), 0);
	cpu = br_read_lock(&t->br);
	reader = current->lockdep_depth - before;
	br_read_unlock(&t->br, cpu);
	br_write_lock(&t->br);
	writer = current->lockdep_depth - before;
	br_write_unlock(&t->br);
	KUNIT_EXPECT_EQ(test, reader, 1 + BR_SPINLOCK_DEPTH);
	KUNIT_EXPECT_EQ(test, writer, 1 + BR_SPINLOCK_DEPTH);
	KUNIT_EXPECT_EQ(test, current->lockdep_depth, before);
	kunit_info(test, "lockdep depth: reader %d, writer %d, %u possible CPUs",
		   reader, writer, num_possible_cpus());
	free_percpu(t->pcpu);
#else
	kunit_skip(test, "needs CONFIG_LOCKDEP");
#endif
}

/*
 * A writer sees every CPU's data in one state.  Movers on all online CPUs
 * bump two counters of their CPU's data one after the other under their
 * CPU lock; the writer checks that the two are equal on every CPU.
 */
struct br_mover {
	struct br_test_lock *t;
	atomic_t *stop;
	struct completion done;
};

static int br_mover_fn(void *data)
{
	struct br_mover *m = data;
	int i;

	while (!atomic_read(m->stop)) {
		int cpu = br_read_lock(&m->t->br);
		struct br_test_cpu *p = per_cpu_ptr(m->t->pcpu, cpu);

		WRITE_ONCE(p->first, p->first + 1);
		for (i = 0; i < 100; i++)
			cpu_relax();
		WRITE_ONCE(p->second, p->second + 1);
		br_read_unlock(&m->t->br, cpu);
		cond_resched();
	}
	kthread_complete_and_exit(&m->done, 0);
}

static void brlock_test_writer_sees_one_state(struct kunit *test)
{
	struct br_test_lock *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	unsigned int torn = 0, moves = 0;
	atomic_t stop = ATOMIC_INIT(0);
	struct br_mover *movers;
	int cpu, n = 0, i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, br_test_lock_init(test, t), 0);
	movers = kunit_kcalloc(test, nr_cpu_ids, sizeof(*movers), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, movers);

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct task_struct *task;

		movers[n] = (struct br_mover){ .t = t, .stop = &stop };
		init_completion(&movers[n].done);
		task = kthread_create(br_mover_fn, &movers[n], "brlock_mover/%d",
				      cpu);
		if (IS_ERR(task))
			break;
		kthread_bind(task, cpu);
		wake_up_process(task);
		n++;
	}
	for (i = 0; i < 2000; i++) {
		br_write_lock(&t->br);
		for_each_possible_cpu(cpu) {
			struct br_test_cpu *p = per_cpu_ptr(t->pcpu, cpu);

			torn += READ_ONCE(p->first) != READ_ONCE(p->second);
			moves += READ_ONCE(p->second);
		}
		br_write_unlock(&t->br);
		cond_resched();
	}
	atomic_set(&stop, 1);
	for (i = 0; i < n; i++)
		wait_for_completion(&movers[i].done);
	cpus_read_unlock();
	KUNIT_EXPECT_GT(test, n, 0);
	KUNIT_EXPECT_GT_MSG(test, moves, 0, "no mover ran while the writer checked");
	KUNIT_EXPECT_EQ_MSG(test, torn, 0, "a writer saw a reader's section half done");
	kunit_info(test, "%d movers, %u torn states, %u moves seen", n, torn,
		   moves);
	free_percpu(t->pcpu);
}

static struct kunit_case brlock_test_cases[] = {
	KUNIT_CASE_PARAM(brlock_test_exclusion, br_case_gen_params),
	KUNIT_CASE(brlock_test_lockdep_depth),
	KUNIT_CASE(brlock_test_writer_sees_one_state),
	{}
};

static struct kunit_suite brlock_test_suite = {
	.name = "brlock",
	.test_cases = brlock_test_cases,
};

kunit_test_suite(brlock_test_suite);

MODULE_DESCRIPTION("KUnit tests for big-reader locks");
MODULE_LICENSE("GPL");
