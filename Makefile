# SPDX-License-Identifier: GPL-2.0-only
# Lock scalability toolkit: every entry point.  See README.md; "make help"
# prints the "#>" lines below.
#
#> Targets (on KVER=6.1 unless KVER=6.12 or TREE=/path names another tree):
#>   make               deps, tree, series, check, boot and a summary
#>   make deps          install what the toolkit needs from Debian (root)
#>   make tree          extract the tree into build/$KID/src (git, tag pristine)
#>   make series        the patch series in out/$KID/patches
#>   make check         checkpatch --strict, sparse, leftovers, UP/RT builds, audit-diff
#>   make boot          boot the patched kernels (lockdep, KASAN, RT) under QEMU
#>   make summary       one line per stage from out/$KID
#>   make send-dry-run  what git send-email would mail
#>   make kunit         the brlock KUnit suite through the tree's kunit.py
#>   make bisect        every commit built, sparse-checked and booted
#>   make audit         who takes which lock (AUDIT=pristine|patched)
#>   make audit-diff    the audit of pristine against patched
#>   make bench         instructions per op, contention, rates; pristine vs patched
#>   make soak          stress-ng soak, patched and pristine at once
#>   make fstests       fstests on ext4 and XFS, patched and pristine
#>   make matrix        series and check on every tree of TREES
#>   make test          the test suite: fast tests, then both packaged trees
#>   make test-fast     only the fast tests
#>   make validate      make test plus bisect, kunit, soak, fstests, KASAN on all
#>   make clean         remove build/ and out/
#>   make help          this text
#> Variables (default):
#>   KVER=6.1           packaged tree /usr/src/linux-source-$KVER.tar.xz
#>   TREE=              any extracted kernel tree instead (only read)
#>   AUTHOR=            "Name <mail>" of every commit (git config's identity)
#>   SOURCE_DATE_EPOCH= the date of every commit (the tree's Makefile time)
#>   AUDIT=             pristine or patched (patched once make series ran)
#>   BISECT_TESTS=      the guest tests each make bisect boot runs
#>   BOOT_TIMEOUT=900   seconds before a boot counts as hung (fstests: 21600)
#>   BOOT_ARGS=         more kernel command line for make boot (guest.only=a,b)
#>   RT=1               0: no PREEMPT_RT kernel; only: it alone
#>   KASAN=1            0: no KASAN kernel; only: it instead of the plain one
#>   ACCEL=             kvm or tcg, to skip the KVM probe
#>   KVM_BANNER_SECONDS=20  silence before a KVM boot falls back to TCG
#>   QUICK=0            1: make bench and make fstests make a short run
#>   ROUNDS=5           boots of each rate kernel in make bench
#>   SOAK=1800          seconds of make soak (with make boot: after the tests)
#>   FSTESTS=           fstests checkout or tarball (../shared/fstests/)
#>   FSTESTS_FS="ext4 xfs"  file systems make fstests runs on
#>   FSTESTS_GROUPS="quota exportfs freeze remount"  its groups
#>   FSTESTS_TESTS=     its tests (fstests/tests)
#>   FSTESTS_EXCLUDE=   tests it leaves out (fstests/exclude)
#>   FSTESTS_KNOWN=     kernel reports it excuses (fstests/known-reports)
#>   FSTESTS_KMEMLEAK=0 1: kmemleak on in its guests
#>   FSTESTS_JOBS=      guests at once (the CPU count)
#>   FSTESTS_SHARD=K/N  the K-th of N parts of make fstests' tests
#>   FSTESTS_KEPT=      parts made earlier, summed in (docs/fstests-parts/$KID)
#>   TREES=             make matrix's trees (the packaged ones); BOOT=1 boots too
#>   ONLY=              make test: only the checks this grep -E pattern matches
#>   LIST=              1: make test names its checks and runs none
#>   SERIES_FORCE=      1: make series even when nothing changed
#>   MANUAL_PATCHES= MANUAL_PATCHES_AFTER= COCCI_RULES=  other inputs, for tests

SHELL := /bin/bash
.DEFAULT_GOAL := all
.NOTPARALLEL:
.PHONY: help all deps tree series check boot bisect kunit send-dry-run summary test test-fast validate clean audit audit-diff bench bench-args boot-args matrix soak soak-args fstests fstests-args

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
# make test's ONLY and LIST select its own checks: the makes its checks
# run do not get them (tests/run.sh empties them in their environment).
MAKEOVERRIDES := $(filter-out ONLY=% LIST=%,$(MAKEOVERRIDES))

# Numbered progress lines ("[3/5] ...") when the whole job runs.
ifeq ($(filter-out all,$(MAKECMDGOALS)),)
step = STEP=$(1)/5
endif

all: deps tree series check boot summary

deps:
	@$(call step,1) lib/deps.sh

tree: deps
	@$(call step,2) series/tree.sh

series: tree
	@$(call step,3) series/run.sh

check: series
	@$(call step,4) check/run.sh

boot: boot-args series
	@$(call step,5) boot/run.sh

boot-args:
	@boot/run.sh args

# What mailing the series would do, with git send-email --dry-run.
send-dry-run: series
	@series/send-dry-run.sh

# The brlock KUnit suite alone, through the tree's kunit.py (check/kunit.sh).
kunit: series
	@check/kunit.sh

# Every commit of the series built, sparse-checked and booted (bisect/run.sh).
bisect: series
	@bisect/run.sh

# The lock audit (docs/audit.md): AUDIT=pristine or patched.
audit: tree
	@AUDIT=$(AUDIT) audit/run.sh

audit-diff: series
	@audit/diff.sh

# Pristine and patched kernels side by side (bench/README.md):
# QUICK=1 for a short run, ROUNDS=N boots of each.
bench: bench-args series
	@QUICK=$(QUICK) ROUNDS=$(ROUNDS) bench/run.sh

bench-args:
	@QUICK=$(QUICK) ROUNDS=$(ROUNDS) bench/run.sh args

# The guest's soak on the patched and, as control, the pristine kernel
# (soak/run.sh): SOAK=SECONDS (1800).
soak: soak-args series
	@SOAK=$(SOAK) soak/run.sh

soak-args:
	@SOAK=$(SOAK) soak/run.sh args

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
	@TREES="$(TREES)" BOOT=$(BOOT) matrix/run.sh

summary:
	@lib/summary.sh

# A tree with PREEMPT_RT boots only its RT kernel, and the first tree's
# boots (plain and KASAN) soak 120 s.  make validate boots every kernel of every tree
# (plain, KASAN, RT), runs kunit.py, make soak and make fstests on every
# tree and makes every series but the first twice (pipeline.sh makes the
# first again through TREE=).
test: deps
	@tests/run.sh --rt only --kasan "$(firstword $(KVERS))" --boot-soak 120

test-fast: deps
	@tests/run.sh --fast

# make test, with every packaged tree bisected (docs/testing.md).
validate: deps
	@tests/run.sh --bisect "$(KVERS)" --kunit "$(KVERS)" --twice "$(KVERS)" --soak "$(KVERS)" \
		--kasan "$(KVERS)" --fstests "$(KVERS)" --boot-soak 120

clean:
	rm -rf build out

help:
	@sed -n 's/^#> \{0,1\}//p' $(firstword $(MAKEFILE_LIST))
