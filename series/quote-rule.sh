#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# quote-rule.sh RULE: RULE (a semantic patch, or a topic's .sed script) as a
# commit message quotes it, the way kernel commits made by Coccinelle do: a
# line saying what follows, then the script indented by two spaces, without
# its header comments (the message says that already), so that the change
# can be made again from the log alone.
set -euo pipefail
rule=${1:?usage: quote-rule.sh RULE}
case $rule in
*.sed)	echo "The comments were updated with this sed script:"
	printf '\n  # cocci/%s\n' "$(basename "$rule")" ;;
*)	echo "The semantic patch that makes this change is as follows:"
	printf '\n  // cocci/%s\n' "$(basename "$rule")" ;;
esac
awk 'head && /^(\/\/|#)/ { next } { head = 0 } NF || printed { print; printed = 1 }' \
	head=1 "$rule" | sed 's/^/  /; s/^ *$//'
