# The man pages (build/man/) and the bash completion
# (build/completion/idlebench) that `make all` has the CLI write from its
# option tables (tools/cli/cli_docs.h), checked against what --help prints:
# every line of each command's --help is in its page as man renders it, every
# command has a page and no page is left over, and the completion offers
# each command, each flag and each value of an enumerated flag ("a|b|c").
# Sourced by tests/run-all.sh; each stest_* is one test, run from the
# repository root.

MC_BIN="${BUILD:-build}/host/idlebench"
MC_MAN="${BUILD:-build}/man"
MC_COMPLETION="${BUILD:-build}/completion/idlebench"

mc_commands() { # the commands idlebench --help lists
	"$MC_BIN" --help | awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1 }'
}

mc_norm() { # whitespace collapsed, on one line
	tr -s ' \t\n' '   ' | sed 's/^ //; s/ $//'
}

mc_rendered() { # PAGE: its text as man renders it, normalized
	LC_ALL=C MANWIDTH=80 man -l "$1" 2>/dev/null | col -bx | mc_norm
}

# mc_lines_in HELP_TEXT RENDERED WHAT: each line of HELP_TEXT (normalized) is
# in RENDERED, or the first that is not is named.
mc_lines_in() {
	local line n
	while IFS= read -r line; do
		n=$(printf '%s' "$line" | mc_norm)
		[ -n "$n" ] || continue
		[[ $2 == *"$n"* ]] || { echo "$3: --help says '$n', the page does not"; return 1; }
	done <<<"$1"
}

stest_man_pages_say_what_help_says() {
	command -v man >/dev/null || { echo "skipped: no man (Debian package man-db)"; return 0; }
	local c help text page usage_indent pages=1
	[ -f "$MC_MAN/idlebench.1" ] || { echo "no $MC_MAN/idlebench.1 (make man)"; return 1; }
	text=$(mc_rendered "$MC_MAN/idlebench.1")
	# idlebench(1): the summary, the usage lines, the paragraph, one row per command.
	help=$("$MC_BIN" --help | sed 's/^idlebench: //; s/^usage: //; /^commands:$/d')
	mc_lines_in "$help" "$text" "idlebench(1)" || return 1
	for c in $(mc_commands); do
		pages=$((pages + 1))
		page="$MC_MAN/idlebench-$c.1"
		[ -f "$page" ] || { echo "idlebench $c has no page $page"; return 1; }
		text=$(mc_rendered "$page")
		[[ $text == *"idlebench-$c - "* ]] || { echo "$page: no NAME line 'idlebench-$c - ...'"; return 1; }
		help=$("$MC_BIN" "$c" --help)
		# The usage line's words ([--flag ARG], operands) in SYNOPSIS; every other line as it is.
		usage_indent=$(printf 'usage: idlebench %s' "$c" | wc -c)
		mc_lines_in "$(awk -v n="$usage_indent" '
			NR == 1 { sub(/^usage: idlebench [a-z0-9]+/, ""); u = 1 }
			NR > 1 && u && !(substr($0, 1, n) ~ /^ +$/ && length($0) > n && substr($0, n + 1, 1) != " ") { u = 0 }
			u { while (match($0, /\[[^]]*\]/)) { print substr($0, RSTART, RLENGTH); $0 = substr($0, RSTART + RLENGTH) }; next }
			/^options:$/ { next }
			{ print }' <<<"$help")" "$text" "idlebench-$c(1)" || return 1
	done
	[ "$(find "$MC_MAN" -name '*.1' | wc -l)" -eq "$pages" ] ||
		{ echo "$MC_MAN holds $(find "$MC_MAN" -name '*.1' | wc -l) pages, the CLI has $pages"; return 1; }
}

stest_man_pages_render_without_warnings() {
	command -v man >/dev/null || { echo "skipped: no man (Debian package man-db)"; return 0; }
	local page warn
	for page in "$MC_MAN"/*.1; do
		warn=$(LC_ALL=C MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
		[ -z "$warn" ] || { echo "$page: $warn"; return 1; }
	done
}

# mc_complete WORD...: what the completion offers for the last word.
mc_complete() {
	bash -c '. "$0"; COMP_WORDS=("${@}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _idlebench; printf "%s\n" "${COMPREPLY[@]}"' \
		"$MC_COMPLETION" "$@"
}

stest_bash_completion_offers_every_command_flag_and_value() {
	[ -f "$MC_COMPLETION" ] || { echo "no $MC_COMPLETION (make completion)"; return 1; }
	bash -n "$MC_COMPLETION" || { echo "$MC_COMPLETION: bash syntax error"; return 1; }
	local c got flag arg v n=0
	got=$(mc_complete idlebench "")
	for c in $(mc_commands) help --version; do
		grep -qx -- "$c" <<<"$got" || { echo "'idlebench <TAB>' does not offer $c"; return 1; }
	done
	[ "$(mc_complete idlebench rep)" = report ] || { echo "'idlebench rep<TAB>' is not report"; return 1; }
	for c in $(mc_commands); do
		got=$(mc_complete idlebench "$c" -)
		# every "--flag [ARG]" row of --help (options and, for linux, the experiment's rows)
		while read -r flag arg; do
			grep -qx -- "$flag${arg:+=}" <<<"$got" ||
				{ echo "'idlebench $c -<TAB>' does not offer $flag${arg:+=}"; return 1; }
			n=$((n + 1))
			[[ $arg == *'|'* ]] || continue
			for v in $(tr '|' '\n' <<<"$arg" | grep -E '^[a-z][a-z0-9-]*$'); do
				grep -qx -- "$v" <<<"$(mc_complete idlebench "$c" "$flag" "")" ||
					{ echo "'idlebench $c $flag <TAB>' does not offer $v"; return 1; }
				grep -qx -- "$v" <<<"$(mc_complete idlebench "$c" "$flag" = "")" ||
					{ echo "'idlebench $c $flag=<TAB>' does not offer $v"; return 1; }
			done
		done < <("$MC_BIN" "$c" --help | sed -nE 's/^  (-[a-z], |    )?(--[a-z][a-z0-9-]*)([ =]([^ ]+))?.*/\2 \4/p')
	done
	[ "$n" -ge 40 ] || { echo "only $n flags found in the --help texts"; return 1; }
	[ "$(mc_complete idlebench report --format = c)" = commit ] || { echo "'report --format=c<TAB>' is not commit"; return 1; }
	[ "$(mc_complete idlebench help li)" = linux ] || { echo "'idlebench help li<TAB>' is not linux"; return 1; }
}
