#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The toolkit's own tests: shellcheck, the console scanner on made-up logs,
# and the errors for bad input.  One check per
# line in $RESULTS.
# shellcheck disable=SC2317 # the helpers are called through check()
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
export TOP
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# fails CMD...: CMD must exit non-zero.
fails() {
	! "$@"
}

shell_scripts() {
	git -C "$TOP" ls-files '*.sh' .ci/run | sed "s|^|$TOP/|"
}
check "shellcheck on every script" bash -c "cd $TOP && shellcheck -x $(shell_scripts | tr '\n' ' ') boot/init bench/guest/init fstests/guest-init fstests/init-fstests"

# --- console scanner
kunit_src=$tmp/demo_kunit.c
printf '%s\n' 'static struct kunit_case c[] = {' '	KUNIT_CASE(a),' '	KUNIT_CASE(b),' '	{}' '};' \
	'static struct kunit_suite s = {' '	.name = "demo",' '};' >"$kunit_src"
good=$tmp/good.log
# KUnit's report behind printk time stamps, then the guest's (boot/init).
printf '%s\n' '[    1.0] Linux version 6.1' '[    1.1] KTAP version 1' '[    1.1] 1..2' \
	'[    1.1]     KTAP version 1' '[    1.1]     # Subtest: demo' '[    1.1]     1..2' \
	'[    1.2]     ok 1 a' '[    1.2]         KTAP version 1' '[    1.2]         # Subtest: b' \
	'[    1.2]         ok 1 one' '[    1.2]         ok 2 two' '[    1.2]     # b: pass:2 fail:0 skip:0 total:2' \
	'[    1.2]     ok 2 b' '[    1.2] # demo: pass:2 fail:0 skip:0 total:2' '[    1.2] ok 1 demo' \
	'[    1.3]     KTAP version 1' '[    1.3]     # Subtest: ext4_inode_test' '[    1.3]     1..1' \
	'[    1.3]     ok 1 inode_test_xtimestamp_decoding' '[    1.3] ok 2 ext4_inode_test' \
	'[    2.0] Run /init as init process' 'KTAP version 1' '1..2' '# smp-check: 2 CPUs online' \
	'[    3.0] EXT4-fs (vda): mounted filesystem' 'ok 1 smp-check # 1 s' 'ok 2 kmemleak' >"$good"
scan() {
	KID=selftest "$TOP/lib/scan-console.sh" "$1" "$kunit_src"
}
check "scanner passes a clean console" scan "$good"
headers=$(grep -v '^#' "$TOP/lib/kernel-reports.txt" | sed 's/\.\*/ 3 /')
nh=0
while IFS= read -r h; do
	nh=$((nh + 1))
	{ cat "$good"; echo "[    2.0] $h something"; } >"$tmp/bad.log"
	check "scanner fails on '$h'" fails scan "$tmp/bad.log"
done <<<"$headers"
[ "$nh" -ge 19 ] || verdict FAIL "scanner knows only $nh report headers"
# bad NAME SED: the good console edited with SED must fail the scanner.
bad() {
	sed "$2" "$good" >"$tmp/edited.log"
	! cmp -s "$good" "$tmp/edited.log" || { echo "$2 changed nothing"; return 1; }
	check "scanner fails $1" fails scan "$tmp/edited.log"
}
bad "when the guest's report ends before its plan" '/^ok 2 kmemleak/d'
# shellcheck disable=SC2016 # a sed address, not an expansion
bad "without the guest's report" '/^KTAP version 1$/,$d'
bad "on a failed guest test" 's/^ok 1 smp-check.*/not ok 1 smp-check # exit 1/'
bad "on a failed kmemleak scan" 's/^ok 2 kmemleak/not ok 2 kmemleak # leaks reported/'
bad "when fewer KUnit cases ran than defined" '/     ok 2 b$/d'
bad "on a skipped KUnit case" 's/     ok 1 a$/     ok 1 a # SKIP not here/'
bad "on a failed parameter of a KUnit case" 's/         ok 2 two$/         not ok 2 two/'
bad "when a KUnit suite did not run" '/# Subtest: demo/,/ok 1 demo/d'
bad "when any KUnit suite has a failed case" 's/     ok 1 inode_test_xtimestamp_decoding/     not ok 1 inode_test_xtimestamp_decoding/'
check "scanner passes when another KUnit suite skips a case" \
	bash -c "sed 's/ok 1 inode_test_xtimestamp_decoding/& # SKIP no RTC/' '$good' >'$tmp/skip-other.log' &&
		KID=selftest '$TOP/lib/scan-console.sh' '$tmp/skip-other.log' '$kunit_src'"

# --- per-subsystem split of a topic's changes
subsystems() {
	printf '%s\n' fs/quota/dquot.c fs/inode.c block/bdev.c fs/notify/fsnotify.c \
		security/landlock/fs.c fs/ext4/mballoc-test.c fs/super.c include/linux/fs.h |
		"$TOP/series/subsystems.sh" >"$tmp/subsystems"
	cat "$tmp/subsystems"
	printf '%s\n' 'fs fs/inode.c fs/super.c include/linux/fs.h' 'block block/bdev.c' \
		'ext4 fs/ext4/mballoc-test.c' 'fsnotify fs/notify/fsnotify.c' \
		'landlock security/landlock/fs.c' 'quota fs/quota/dquot.c' | diff - "$tmp/subsystems"
}
check "subsystems.sh: VFS core first, then one group per subsystem" subsystems
topic_message() {
	printf '%s\n' 'use a test' '' 'Why.' >"$tmp/t.msg"
	printf '%s\n' 'cocci/sb-inodes-walk.cocci fs/quota/dquot.c add_dquot_ref' \
		'cocci/sb-inodes-walk.cocci fs/inode.c evict_inodes' \
		'cocci/sb-inodes-walk.cocci fs/quota/dquot.c remove_dquot_ref' >"$tmp/changes"
	"$TOP/series/topic-message.sh" "$tmp/t.msg" quota "$tmp/changes" fs/quota/dquot.c >"$tmp/msg"
	cat "$tmp/msg"
	[ "$(head -1 "$tmp/msg")" = 'quota: use a test' ] &&
		grep -q '^- Walk the inodes of a superblock with for_each_sb_inode() in' "$tmp/msg" &&
		grep -q 'add_dquot_ref(), remove_dquot_ref()' "$tmp/msg" &&
		! grep -q evict_inodes "$tmp/msg" &&
		grep -qx 'The semantic patch that makes this change is as follows:' "$tmp/msg" &&
		grep -qx '  // cocci/sb-inodes-walk.cocci' "$tmp/msg" &&
		grep -qx '  @walk depends on patch@' "$tmp/msg" &&
		! grep -q '^  // Topic:' "$tmp/msg" &&
		[ "$(awk 'length > 75' "$tmp/msg")" = "" ]
}
check "topic-message.sh: subject prefix, only the subsystem's functions, the rule quoted" topic_message

# The cover letter's figures come from this tree's own bench.json and
# audit-diff.txt, and say so when there are none.
cover_figures() {
	local out=$tmp/cover
	mkdir -p "$out"
	"$TOP/series/cover-figures.py" --out "$out" --make "make KVER=9.9" >"$tmp/none"
	cat "$tmp/none"
	grep -q 'No benchmark of this tree has been made yet' "$tmp/none" || return 1
	cat >"$out/bench.json" <<'JSON'
{"pristine": "Linux 9.9", "patched": "Linux 9.9 + 3 patches", "qemu": "-smp 2",
 "accelerator": "tcg", "rounds": 3, "quick": false,
 "results": [{"fs": "xfs", "workload": "unlink2", "threads": 1, "ratio": 1.25,
              "ratio_ci95": [1.1, 1.3]},
             {"fs": "ext4", "workload": "open3", "threads": 1, "ratio": 1.01,
              "ratio_ci95": [0.9, 1.1]}],
 "instructions_per_op": {"ext4/open1": {"pristine": [2000, 2000], "patched": [2010, 2010],
                                        "ratio": 1.005}},
 "cost_qemu": "-icount shift=0",
 "contention": {"2": {"pristine": {"inode_hash_lock": {"contentions": 5, "acquisitions": 1000}},
                      "patched": {}},
                "8": {"pristine": {"inode_hash_lock": {"contentions": 125, "acquisitions": 1000}},
                      "patched": {"inode_hash_bucket_lock": {"contentions": 0, "acquisitions": 9}}}},
 "lock_stat": {"pristine": [{"class": "inode_hash_lock", "contentions": 77, "acquisitions": 1000}],
               "patched": [{"class": "inode_hash_bucket_lock", "contentions": 1, "acquisitions": 999}]}}
JSON
	printf '%s\n' 'LOCK  PRISTINE  PATCHED  VERDICT' \
		's_inode_list_lock     17        0  converted by this series' >"$out/audit-diff.txt"
	"$TOP/series/cover-figures.py" --out "$out" --make "make KVER=9.9" >"$tmp/some"
	cat "$tmp/some"
	tr '\n' ' ' <"$tmp/some" >"$tmp/flat"
	grep -q 'pristine inode_hash_lock 77 contentions in 1000 acquisitions' "$tmp/flat" &&
		grep -q '1 of 2 patched/pristine ratios have a 95% interval' "$tmp/flat" &&
		grep -q 'the others: xfs/unlink2 at 1 thread(s) 1.250 \[1.100, 1.300\]' "$tmp/flat" &&
		grep -q 'patched/pristine: ext4/open1 1.0050' "$tmp/flat" &&
		grep -q 'at 2/8 vCPUs: pristine inode_hash_lock 5.0/125.0; patched inode_hash_bucket_lock -/0.0\.' "$tmp/flat" &&
		grep -q 's_inode_list_lock 17 -> 0' "$tmp/flat" &&
		[ "$(awk 'length > 72' "$tmp/some")" = "" ]
}
check "cover letter figures: this tree's bench and audit, or a line saying there are none" cover_figures

# A header's warning counts once, however many objects include it, and
# moved lines do not make a warning new.
sparse_lines() {
	(
		KID=selftest
		# shellcheck source=lib/common.sh
		. "$TOP/lib/common.sh"
		sparse_lines "$@"
	)
}
sparse_once() {
	printf '%s\n' '../src/include/linux/sched/x.h:9:1: warning: no newline at end of file' \
		'  CC      kernel/locking/brlock.o' \
		'../src/include/linux/sched/x.h:9:1: warning: no newline at end of file' \
		'fs/inode.c:10:2: warning: context imbalance in f' >"$tmp/a.log"
	printf '%s\n' '../src/include/linux/sched/x.h:9:1: warning: no newline at end of file' \
		'fs/inode.c:12:2: warning: context imbalance in f' >"$tmp/b.log"
	diff <(sparse_lines "$tmp/a.log") <(sparse_lines "$tmp/b.log") &&
		[ "$(sparse_lines "$tmp/a.log" | wc -l)" = 2 ]
}
check "sparse warnings compared by file and message, each once" sparse_once

# A file the series adds has no place to compare with: its warning is
# the tree's only when the pristine tree has the same message elsewhere.
sparse_new() {
	(
		KID=selftest
		# shellcheck source=lib/common.sh
		. "$TOP/lib/common.sh"
		sparse_new "$@"
	)
}
sparse_added() {
	printf '%s\n' 'fs/gfs2/ops_fstype.c: error: bad constant expression' \
		'fs/inode.c: warning: context imbalance in f' >"$tmp/pristine"
	printf '%s\n' 'fs/inode.c: warning: context imbalance in f' \
		'fs/inode.c: warning: context imbalance in g' \
		'kernel/locking/brlock_kunit.c: error: bad constant expression' \
		'kernel/locking/brlock_kunit.c: warning: context imbalance in h' \
		'fs/super.c: error: bad constant expression' | sort >"$tmp/patched"
	echo kernel/locking/brlock_kunit.c >"$tmp/added"
	sparse_new "$tmp/patched" "$tmp/pristine" "$tmp/added" >"$tmp/new"
	cat "$tmp/new"
	diff "$tmp/new" - <<'EOF'
new fs/inode.c: warning: context imbalance in g
new fs/super.c: error: bad constant expression
known kernel/locking/brlock_kunit.c: error: bad constant expression
new kernel/locking/brlock_kunit.c: warning: context imbalance in h
EOF
}
check "sparse: a new file's warning is the tree's only if the pristine tree has its message" sparse_added

# make matrix's table: the share of generated hunks, leftovers, and the
# error line of a tree whose series failed.
matrix_report() {
	local out=$tmp/mx/out
	mkdir -p "$out/9.9" "$tmp/mx/status"
	printf '%s\n' 'hand brlock 7 700' 'hand manual-patches/a.patch 1 10' \
		'generated cocci/r.cocci 3 30' >"$out/9.9/composition.txt"
	printf '%s\n' a.patch b.patch >"$out/9.9/series" && mkdir -p "$out/9.9/patches" &&
		mv "$out/9.9/series" "$out/9.9/patches/series"
	printf '%s\n' 'leftover s_inodes: 2 lines' 'leftover inode_hash_lock in fs/inode.c: none' \
		>"$out/9.9/check.txt"
	printf '%s\n' 'kid 9.9' 'series PASS' 'check FAIL error: check: 9.9 failed; see x' \
		>"$tmp/mx/status/9.9.status"
	printf '%s\n' 'kid tree-x' 'series FAIL error: series: cocci/r.cocci no longer matches anything in tree-x' \
		>"$tmp/mx/status/x.status"
	! "$TOP/matrix/report.py" "$out" "$tmp/mx/status/9.9.status" "$tmp/mx/status/x.status" &&
		cat "$out/matrix.txt" &&
		grep -q '^9\.9 .* 2 .* 1/10 .* 3/30 .* 75% .* none .* s_inodes (2) .* PASS .* FAIL' "$out/matrix.txt" &&
		grep -q '^tree-x .* cocci/r\.cocci .* FAIL' "$out/matrix.txt" &&
		python3 -c 'import json, sys; rows = json.load(open(sys.argv[1])); assert rows[0]["generated"]["hunks"] == 3' \
			"$out/matrix.json"
}
check "matrix report: generated share, leftovers, the failing tree's error" matrix_report

# --- fresh_dir (lib/common.sh): a directory another run holds is left
# alone, with one error line.
held_dir() {
	mkdir -p "$tmp/held/work"
	touch "$tmp/held/work/result"
	(
		exec 8>"$tmp/held/work.lock"
		flock 8
		: >"$tmp/held/locked"
		until [ -e "$tmp/held/release" ]; do sleep 0.1; done
	) &
	until [ -e "$tmp/held/locked" ]; do sleep 0.1; done
	one_error "error: work: $tmp/held/work is in use by another run of this stage on selftest" \
		bash -c "KID=selftest BUILD=$tmp/held; . $TOP/lib/common.sh; fresh_dir $tmp/held/work"
	local ok=$?
	: >"$tmp/held/release"
	wait
	[ "$ok" = 0 ] && [ -e "$tmp/held/work/result" ]
}
check "fresh_dir leaves a directory another run holds alone, with one error line" held_dir

# --- make help names every target and variable: the README's targets
# table lists exactly make help's targets, and docs/variables.md's
# variables are all in make help.
help_complete() {
	local help
	help=$(make -s -C "$TOP" help) || return 1
	sed -n 's/^\.PHONY: //p' "$TOP/Makefile" | tr ' ' '\n' | grep -v -e '-args$' -e '^all$' |
		while read -r t; do
			grep -qE "^  make $t( |$)" <<<"$help" || echo "make help lacks target $t"
		done >"$tmp/help-missing"
	# shellcheck disable=SC2016 # the backquotes are the README's
	diff <(sed -n 's/^  \(make\( [a-z][a-z-]*\)\{0,1\}\)  .*/\1/p' <<<"$help" | sort) \
		<(sed -n 's/^| `\(make[a-z -]*\)` |.*/\1/p' "$TOP/README.md" | sort) |
		sed -n 's/^</README lacks/p; s/^>/make help lacks/p' >>"$tmp/help-missing"
	# shellcheck disable=SC2016 # the backquotes are the document's
	grep -o '^| `[A-Z_]*`\(, `[A-Z_]*`\)*' "$TOP/docs/variables.md" |
		grep -o '[A-Z_][A-Z_]*' | while read -r v; do
			grep -qE "(^| )$v=" <<<"$help" || echo "make help lacks variable $v"
		done >>"$tmp/help-missing"
	cat "$tmp/help-missing"
	[ ! -s "$tmp/help-missing" ]
}
check "make help names every target and variable; the README lists its targets" help_complete

# --- side_by_side (lib/common.sh): how many runs at once, and a failure
# stops what comes after it.  Each run notes its start and end in a file;
# the assertions are on the order of those notes, not on time.
sbs() {
	(
		# shellcheck disable=SC2031 # KID is set in each subshell
		KID=selftest
		# shellcheck source=lib/common.sh
		. "$TOP/lib/common.sh"
		set +e
		# note NAME [OTHER]: NAME starts, waits for OTHER to start (gives
		# up after 600 looks, so that a broken side_by_side cannot hang
		# make test; OTHER "-": waits 0.2 s instead), ends.
		note() {
			local looks=0
			echo "$1 start" >>"$tmp/sbs"
			if [ "${2:-}" = - ]; then
				sleep 0.2
			elif [ -n "${2:-}" ]; then
				until grep -qx -- "$2 start" "$tmp/sbs"; do
					looks=$((looks + 1))
					[ "$looks" -lt 600 ] || return 1
					sleep 0.1
				done
			fi
			echo "$1 end" >>"$tmp/sbs"
			[ "$1" != fail ]
		}
		max=$1
		shift
		for run in "$@"; do
			# shellcheck disable=SC2086 # "NAME [OTHER]"
			side_by_side "$max" note $run
		done
		side_by_side_wait
	)
}
serial() {
	: >"$tmp/sbs"
	# a takes 0.2 s: had b started meanwhile, the order would show it.
	sbs 1 "a -" b && printf '%s\n' 'a start' 'a end' 'b start' 'b end' | diff - "$tmp/sbs"
}
together() {
	# a ends only once b has started: with two at once it must.
	: >"$tmp/sbs"
	sbs 2 "a b" b && grep -qx 'a end' "$tmp/sbs" && grep -qx 'b end' "$tmp/sbs"
}
stops() {
	: >"$tmp/sbs"
	! sbs 1 fail b && printf '%s\n' 'fail start' 'fail end' | diff - "$tmp/sbs"
}
check "side_by_side with one at a time runs them in order" serial
check "side_by_side with two at once runs two together" together
check "side_by_side fails after a failed run and starts nothing more" stops

# --- make summary reads the stages' results files (lib/results.sh): the
# results of a stage and of the processes it starts, its failures, and
# whether it finished.
summary_reads() {
	local out=$tmp/summary-reads
	mkdir -p "$out/patches"
	echo 0001-a.patch >"$out/patches/series"
	cat >"$tmp/stage.sh" <<'EOF'
. "$TOP/lib/common.sh"
case ${1:-} in
fail) record FAIL 'sparse: 1 new # warning \ and more'; exit ;;
esac
results_open "$OUT/check.ktap"
record PASS "checkpatch --strict 0001-a.patch"
bash "$0" fail
results_close
results_open "$OUT/boot.ktap"
record PASS "boot: kernel build"
EOF
	KID=selftest OUT=$out BUILD=$out bash "$tmp/stage.sh" 2>/dev/null
	KID=selftest OUT=$out BUILD=$out "$TOP/lib/summary.sh" >"$tmp/summary" || return 1
	cat "$tmp/summary"
	printf '%s\n' 'check:      1 of 2 ok' '            not ok: sparse: 1 new # warning \ and more' \
		'boot:       did not finish: 1 of 1 ok' | diff - <(sed -n '3,$p' "$tmp/summary")
}
check "make summary reads each stage's results: passed, failed, not finished" summary_reads

# --- make summary: a stage's result older than the current patches is
# stale, one made after them is not.
stale() {
	local out=$tmp/stale/out
	mkdir -p "$out/patches"
	printf '%s\n' 'KTAP version 1' 'ok 1 checkpatch --strict 0001-a.patch' '1..1' >"$out/check.ktap"
	echo 0001-a.patch >"$out/patches/series"
	printf '%s\n' 'KTAP version 1' 'ok 1 boot: kernel build' '1..1' >"$out/boot.ktap"
	touch -d '2 hours ago' "$out/check.ktap"
	touch -d '1 hour ago' "$out/patches/series"
	KID=selftest OUT=$out BUILD=$tmp/stale "$TOP/lib/summary.sh" >"$tmp/summary" || return 1
	cat "$tmp/summary"
	grep -qx 'stale:      check was made before the current series; make it again' "$tmp/summary" &&
		[ "$(grep -c '^stale:' "$tmp/summary")" = 1 ]
}
check "make summary marks a result made before the current series stale, only that one" stale

# --- bad input: one line naming the problem, non-zero exit, no out/ dir
bad_input() {
	local want=$1 kid=$2
	shift 2
	one_error "$want" make -s -C "$TOP" "$@" && [ ! -e "$TOP/out/$kid" ]
}
check "unknown KVER is refused with the installed list" bad_input 'KVER=0.9: no /usr/src/linux-source-0.9.tar.xz; installed:' 0.9 tree KVER=0.9
mkdir -p "$tmp/notakernel"
check "TREE that is not a kernel tree is refused" bad_input 'is not a kernel tree' tree-notakernel tree TREE="$tmp/notakernel"
check "SOAK that is not a number of seconds is refused by make boot" bad_input 'error: boot: SOAK=1m is not a positive number of seconds' 0.9 boot KVER=0.9 SOAK=1m
check "KASAN that is not 0, 1 or only is refused by make boot" bad_input 'error: boot: KASAN=yes is not 0, 1 or only' 0.9 boot KVER=0.9 KASAN=yes
check "SOAK that is not a number of seconds is refused by make soak" bad_input 'error: soak: SOAK=0 is not a positive number of seconds' 0.9 soak KVER=0.9 SOAK=0
check "a guest.only= naming no guest test is refused by make boot" bad_input 'error: boot: BOOT_ARGS: guest.only=smp-check,nosuch: no guest test nosuch; the tests: ' 0.9 boot KVER=0.9 BOOT_ARGS=guest.only=smp-check,nosuch
check "AUTHOR that is not 'Name <mail>' is refused" bad_input "AUTHOR='nobody' is not 'Name <mail>'" 0.9 tree KVER=0.9 AUTHOR=nobody
# A tree from before sb->s_inode_list_lock (Linux 4.4): the series says
# which rule assumes what, before changing anything.
mkdir -p "$tmp/linux-2.6.30/fs" "$tmp/linux-2.6.30/include/linux" "$tmp/linux-2.6.30/scripts"
printf 'kernelversion:\n\t@echo 2.6.30\n' >"$tmp/linux-2.6.30/Makefile"
printf 'spinlock_t inode_lock;\n' >"$tmp/linux-2.6.30/fs/inode.c"
touch "$tmp/linux-2.6.30/Kconfig" "$tmp/linux-2.6.30/include/linux/fs.h" \
	"$tmp/linux-2.6.30/scripts/checkpatch.pl"
check "a tree too old for a rule is refused, naming the rule and its assumption" \
	bad_input "tree-linux-2.6.30 is too old or too new for cocci/.*, which assumes .*(no '.*' in the tree)" \
	tree-linux-2.6.30 series TREE="$tmp/linux-2.6.30"
rm -rf "$TOP/build/0.9" "$TOP/build/tree-notakernel" "$TOP/build/tree-linux-2.6.30"

exit $status
