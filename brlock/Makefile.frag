
obj-y += brlock.o
obj-$(CONFIG_BRLOCK_KUNIT_TEST) += brlock_kunit.o
