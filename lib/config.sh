#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# config.sh SRCTREE OBJDIR MODE [FRAGMENT...]: write OBJDIR/.config as
# tinyconfig plus the fragments (default: boot/*.config), then check that
# every option they ask for is what the final config says.  MODE is
# "patched", "pristine" or "lenient".  For a pristine tree, and in lenient
# mode, options whose symbol the tree does not define (the series adds them,
# or the tree predates them) are left out of the check.  An
# unchanged result keeps the old .config and its time stamp, so kbuild does
# not rebuild anything for it.
# shellcheck source=lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
src=${1:?usage: config.sh SRCTREE OBJDIR MODE [FRAGMENT...]}
obj=${2:?}
mode=${3:?}
shift 3
fragments=("$@")
[ ${#fragments[@]} -gt 0 ] || fragments=("$TOP"/boot/*.config)
log=$LOGDIR/config-$(basename "$obj").log
mkdir -p "$obj" "$LOGDIR"

[ -f "$obj/.config" ] && cp -p "$obj/.config" "$obj/.config.old-run"
{
	make -C "$src" O="$obj" tinyconfig
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${fragments[@]}"
	make -C "$src" O="$obj" olddefconfig
} >"$log" 2>&1 || die config "kernel configuration failed; see $log"

bad=()
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*} ;;
	"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}; line="" ;;
	*) continue ;;
	esac
	if [ -z "$line" ]; then
		grep -q "^$sym=" "$obj/.config" && bad+=("$sym should be off")
	elif ! grep -qxF "$line" "$obj/.config"; then
		if [ "$mode" != patched ] &&
		   ! grep -rqx --include='Kconfig*' "config ${sym#CONFIG_}" "$src"; then
			continue
		fi
		bad+=("$line")
	fi
done < <(cat "${fragments[@]}")
[ ${#bad[@]} = 0 ] ||
	die config "${fragments[*]#"$TOP"/} ask for what $(basename "$src") cannot give: ${bad[*]} (see $log)"

if [ -f "$obj/.config.old-run" ] && cmp -s "$obj/.config" "$obj/.config.old-run"; then
	mv "$obj/.config.old-run" "$obj/.config"
else
	rm -f "$obj/.config.old-run"
fi
