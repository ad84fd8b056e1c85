obj-$(CONFIG_SMP) += brlock.o
obj-$(CONFIG_BRLOCK_KUNIT_TEST) += brlock_kunit.o
