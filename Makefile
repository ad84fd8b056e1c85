# SPDX-License-Identifier: GPL-2.0-only
# Lock scalability toolkit: every entry point.  See README.md.
#
#   make                 deps, tree, series, check, boot and a summary (KVER=6.1)
#   make KVER=6.12       the same for the other packaged tree
#   make TREE=/path      the same for any extracted kernel tree
#   make test            the test suite (fast tests, then both packaged trees)
#   make bench           pristine and patched kernels benchmarked side by side
#   make soak            stress-ng soak of the patched kernel, the pristine one as control
#   make fstests         fstests on ext4 and XFS, patched and pristine kernels

SHELL := /bin/bash
.DEFAULT_GOAL := all
.NOTPARALLEL:
.PHONY: all deps tree series check boot bisect kunit send-dry-run summary test test-fast validate clean audit audit-diff bench bench-args boot-args matrix soak soak-args fstests fstests-args

TOP := $(CURDIR)
KVER ?= 6.1
# The packaged trees that make deps installs and make test covers.
KVERS := 6.1 6.12

ifneq ($(strip $(TREE)),)
override TREE := $(abspath $(TREE))
KID := tree-$(notdir $(TREE))
else
KID := $(KVER)
TARBALL := /usr/src/linux-source-$(KVER).tar.xz
endif

export TOP KID KVER TREE TARBALL KVERS AUTHOR RESULTS FSTESTS

# Numbered progress lines ("[3/5] ...") when the whole job runs.
ifeq ($(filter-out all,$(MAKECMDGOALS)),)
step = STEP=$(1)/5
endif

all: deps tree series check boot summary

deps:
	@$(call step,1) scripts/deps.sh

tree: deps
	@$(call step,2) scripts/tree.sh

series: tree
	@$(call step,3) scripts/series.sh

check: series
	@$(call step,4) check/run.sh

boot: boot-args series
	@$(call step,5) boot/run.sh

boot-args:
	@boot/run.sh args

# What mailing the series would do, with git send-email --dry-run.
send-dry-run: series
	@scripts/send-dry-run.sh

# The brlock KUnit suite alone, through the tree's kunit.py (check/kunit.sh).
kunit: series
	@check/kunit.sh

# Every commit of the series built, sparse-checked and booted (bisect/run.sh).
bisect: series
	@bisect/run.sh

# The lock audit (README.md, "Lock audit"): AUDIT=pristine or patched.
audit: tree
	@AUDIT=$(AUDIT) scripts/audit.sh

audit-diff: series
	@scripts/audit-diff.sh

# Pristine and patched kernels side by side (README.md, "Benchmarks"):
# QUICK=1 for a short run, ROUNDS=N boots of each.
bench: bench-args series
	@QUICK=$(QUICK) ROUNDS=$(ROUNDS) scripts/bench.sh

bench-args:
	@QUICK=$(QUICK) ROUNDS=$(ROUNDS) scripts/bench.sh args

# The guest's soak on the patched and, as control, the pristine kernel
# (boot/soak.sh): SOAK=SECONDS (1800).
soak: soak-args series
	@SOAK=$(SOAK) boot/soak.sh

soak-args:
	@SOAK=$(SOAK) boot/soak.sh args

# fstests in the guest on the patched and, as control, the pristine kernel
# (fstests/run.sh): FSTESTS=checkout or tarball, FSTESTS_FS, FSTESTS_GROUPS,
# FSTESTS_TESTS; QUICK=1 for make test's one case.
fstests: fstests-args series
	@QUICK=$(QUICK) fstests/run.sh

fstests-args:
	@QUICK=$(QUICK) fstests/run.sh args

# Series and check (boot with BOOT=1) on every tree of TREES (versions or
# paths; default: the packaged trees): out/matrix.txt and matrix.json.
matrix: deps
	@TREES="$(TREES)" BOOT=$(BOOT) scripts/matrix.sh

summary:
	@scripts/summary.sh

# A tree with PREEMPT_RT boots only its RT kernel, and the first tree's
# boot soaks 120 s.  make validate boots every kernel of every tree
# (plain, KASAN, RT), runs kunit.py, make soak and make fstests on every
# tree and makes every series but the first twice (pipeline.sh makes the
# first again through TREE=).
test: deps
	@BOOT_RT=only SOAK_BOOT=120 scripts/test.sh

test-fast: deps
	@FAST_ONLY=1 scripts/test.sh

# make test, with every packaged tree bisected (README.md, "Validation").
validate: deps
	@BISECT_KVERS="$(KVERS)" KUNIT_KVERS="$(KVERS)" TWICE_KVERS="$(KVERS)" SOAK_KVERS="$(KVERS)" \
		KASAN_KVERS="$(KVERS)" FSTESTS_KVERS="$(KVERS)" SOAK_BOOT=120 scripts/test.sh

clean:
	rm -rf build out
