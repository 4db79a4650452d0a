# The host CLI's common rules (tools/common/cli_options.h), checked on the built
# binary for every command `idlebench --help` lists: --help exits 0 and
# lists the flags scripts already use; README.md's "The host CLI" table has a
# row per command and docs/cli.md's "Flags" section names every flag a --help
# lists; an unknown flag and a missing argument exit 2
# naming the command and the flag. Sourced by tests/run-all.sh; each stest_*
# is one test, run from the repository root.

CLI_BIN="${BUILD:-build}/host/idlebench"

# The commands, from `idlebench --help` (one "  name  summary" line each after "commands:").
cli_commands() {
	local help line on=0
	help=$("$CLI_BIN" --help) || return 1
	while IFS= read -r line; do
		[ "$line" = "commands:" ] && { on=1; continue; }
		[ $on = 1 ] && [[ $line =~ ^\ \ ([a-z0-9]+)\  ]] && echo "${BASH_REMATCH[1]}"
	done <<<"$help"
}

# The option rows of a help text: "name ARG" or "name" per row ("--" dropped),
# from "  -q, --quiet", "      --out DIR" and the linux experiment rows "  --reps=1..255".
cli_help_rows() {
	local line
	while IFS= read -r line; do
		if [[ $line =~ ^\ \ (-[a-zA-Z],\ |\ \ \ \ )--([a-z0-9][a-z0-9_-]*)(\ ([A-Z][^ ]*))? ]]; then
			echo "${BASH_REMATCH[2]} ${BASH_REMATCH[4]}"
		elif [[ $line =~ ^\ \ --([a-z0-9][a-z0-9_-]*)=([^ ]+) ]]; then
			echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
		fi
	done <<<"$1"
}

# The flags scripts use today, per command: renaming one breaks them.
cli_contract_flags() {
	case $1 in
	inspect) echo "--strict --lenient" ;;
	capture) echo "--out --quiet -q --require-ok" ;;
	bench) echo "--workloads --reps --sample-ms" ;;
	report) echo "--png --html --firmware-s" ;;
	compare) echo "--allow-different-plans" ;;
	export) echo "--jsonl --sqlite" ;;
	linux) echo "--list --restore --out --sysfs-root --cpu --placement --modes --workloads --preset --reps" \
		"--warmup --sample-ms --order --seed --settle-us --precision --budget-s" ;;
	esac
}

stest_host_cli_every_command_help_exits_0_and_lists_its_flags() {
	local cmds c help flag n=0
	cmds=$(cli_commands) || { echo "idlebench --help failed"; return 1; }
	for c in $cmds; do
		n=$((n + 1))
		help=$("$CLI_BIN" "$c" --help) || { echo "idlebench $c --help exited $?"; return 1; }
		[[ $help == "usage: idlebench $c"* ]] || { echo "$c --help does not start with its usage line"; return 1; }
		[ "$("$CLI_BIN" "$c" -h)" = "$help" ] || { echo "$c: -h differs from --help"; return 1; }
		[ "$("$CLI_BIN" help "$c")" = "$help" ] || { echo "idlebench help $c differs from $c --help"; return 1; }
		for flag in $(cli_contract_flags "$c") --help -h; do
			[[ $help =~ (^|[ ,[])$flag([ =,]|$) ]] || { echo "$c --help does not list $flag"; return 1; }
		done
	done
	[ $n -eq 10 ] || { echo "expected 10 commands in idlebench --help, found $n: $cmds"; return 1; }
}

# docs/cli.md's "Flags" table has a row per command naming each flag its
# --help lists: a flag added without docs fails here. (The full list moved
# there from README.md, which keeps one row per command: checked below.)
stest_host_cli_docs_list_every_flag_of_every_command() {
	local section cmds c row name arg missing=""
	section=$(awk '/^## Flags$/ { on = 1; next } /^## / { on = 0 } on' docs/cli.md)
	[ -n "$section" ] || { echo "docs/cli.md has no '## Flags' section"; return 1; }
	cmds=$(cli_commands) || return 1
	for c in $cmds; do
		row=$(awk -v c="| \`$c" 'index($0, c) == 1' <<<"$section")
		[ -n "$row" ] || { missing+=" $c(no row)"; continue; }
		while read -r name arg; do
			[ "$name" = help ] && continue
			[[ $row =~ \`--${name}[\ =\`/] ]] || missing+=" $c:--$name"
		done < <(cli_help_rows "$("$CLI_BIN" "$c" --help)")
	done
	[ -z "$missing" ] || { echo "docs/cli.md 'Flags' does not document:$missing"; return 1; }
}

# README.md's one-table summary names every command --help lists.
stest_host_cli_readme_has_a_row_per_command() {
	local section cmds c missing=""
	section=$(awk '/^## The host CLI$/ { on = 1; next } /^## / { on = 0 } on' README.md)
	[ -n "$section" ] || { echo "README.md has no '## The host CLI' section"; return 1; }
	cmds=$(cli_commands) || return 1
	for c in $cmds; do
		grep -qE "^\| \`$c[\` ]" <<<"$section" || missing+=" $c"
	done
	[ -z "$missing" ] || { echo "README.md 'The host CLI' has no row for:$missing"; return 1; }
}

stest_host_cli_unknown_flag_exits_2_naming_the_flag_and_the_command() {
	local cmds c err rc
	cmds=$(cli_commands) || return 1
	for c in $cmds; do
		err=$("$CLI_BIN" "$c" --no-such-flag x 2>&1 >/dev/null)
		rc=$?
		[ $rc -eq 2 ] || { echo "$c --no-such-flag exited $rc, not 2"; return 1; }
		[ "$err" = "idlebench $c: unknown option '--no-such-flag' (see idlebench $c --help)" ] ||
			{ echo "$c --no-such-flag said: $err"; return 1; }
		err=$("$CLI_BIN" "$c" -Z x 2>&1 >/dev/null)
		rc=$?
		[ $rc -eq 2 ] && [ "$err" = "idlebench $c: unknown option '-Z' (see idlebench $c --help)" ] ||
			{ echo "$c -Z: exit $rc, $err"; return 1; }
	done
}

# Every flag that takes a value, given none at the end of the line.
stest_host_cli_missing_argument_exits_2_naming_the_flag() {
	local cmds c name arg err rc n=0
	cmds=$(cli_commands) || return 1
	for c in $cmds; do
		while read -r name arg; do
			[ -n "$arg" ] || continue
			n=$((n + 1))
			err=$("$CLI_BIN" "$c" "--$name" 2>&1 >/dev/null)
			rc=$?
			[ $rc -eq 2 ] || { echo "$c --$name (no value) exited $rc, not 2: $err"; return 1; }
			[[ $err == "idlebench $c: option '--$name' needs an argument ("*") (see idlebench $c --help)" ]] ||
				{ echo "$c --$name (no value) said: $err"; return 1; }
		done < <(cli_help_rows "$("$CLI_BIN" "$c" --help)")
	done
	[ $n -ge 20 ] || { echo "only $n flags with a value found in the helps"; return 1; }
}

stest_host_cli_unknown_command_and_help_of_one_exit_2() {
	local err rc
	err=$("$CLI_BIN" frobnicate 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 2 ] && [ "$err" = "idlebench: unknown command 'frobnicate' (see idlebench --help)" ] ||
		{ echo "unknown command: exit $rc, $err"; return 1; }
	err=$("$CLI_BIN" help frobnicate 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 2 ] && [ "$err" = "idlebench help: unknown command 'frobnicate' (see idlebench --help)" ] ||
		{ echo "help of an unknown command: exit $rc, $err"; return 1; }
	"$CLI_BIN" help >/dev/null || { echo "idlebench help exited $?"; return 1; }
}

# Every long flag of every command, misspelled (its last two letters
# swapped: --fromat's kind of slip), is answered with "did you mean" naming
# it: the same help for every flag. Fails on the old parser, which only
# suggested names the word begins (--htm for --html, never --fromat).
stest_host_cli_every_long_flag_misspelled_gets_did_you_mean() {
	local cmds c name arg typo err n=0 missing=""
	cmds=$(cli_commands) || return 1
	for c in $cmds; do
		while read -r name arg; do
			[ "$name" = help ] || [ ${#name} -lt 3 ] && continue
			typo="${name:0:${#name}-2}${name: -1}${name: -2:1}"
			[ "$typo" = "$name" ] && continue
			n=$((n + 1))
			err=$("$CLI_BIN" "$c" "--$typo" 2>&1 >/dev/null)
			[[ $err == *"unknown option '--$typo' (did you mean "*"'--$name'"* ]] || missing+=" $c:--$typo"
		done < <(cli_help_rows "$("$CLI_BIN" "$c" --help)")
	done
	[ -z "$missing" ] || { echo "no 'did you mean' for:$missing"; return 1; }
	[ $n -ge 40 ] || { echo "only $n flags tried"; return 1; }
	err=$("$CLI_BIN" report --fromat=commit x 2>&1 >/dev/null)
	[ "$err" = "idlebench report: unknown option '--fromat' (did you mean '--format'?) (see idlebench report --help)" ] ||
		{ echo "--fromat said: $err"; return 1; }
}

# A number out of range says the range (the kernel's option table, which
# idlebench linux parses with): fails on the old parser's bare "out of range".
stest_host_cli_range_error_gives_the_range() {
	local err rc
	err=$("$CLI_BIN" linux --reps=999 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 2 ] || { echo "--reps=999 exited $rc"; return 1; }
	[[ $err == "idlebench linux: "*"'reps=999' (out of range 1..255)"* ]] || { echo "--reps=999 said: $err"; return 1; }
}

# Errors name the path the user gave: --sysfs-root=/nonexist names
# /nonexist/sys/..., not /sys/... (the old message).
stest_host_cli_sysfs_root_errors_name_the_root_given() {
	local err rc root=/nonexistent-idlebench-root
	err=$("$CLI_BIN" linux --sysfs-root=$root --list 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 1 ] || { echo "exit $rc: $err"; return 1; }
	[ "$err" = "idlebench linux: cannot read $root/sys/devices/system/cpu/online" ] || { echo "said: $err"; return 1; }
}

# A directory where one file is needed is an error naming what to type:
# crc32 DIR (it printed 00000000 and exited 0), capture DIR and
# --lava-log DIR; and inspect of a result CSV exits 1 (input rejected), not
# 2 (usage), with the command's prefix.
stest_host_cli_crc32_dir_and_inspect_csv_exit_1() {
	local err rc csv=docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261130T140438Z.csv out
	out=$("$CLI_BIN" crc32 docs/examples/ 2>/tmp/idlebench-crc32-err.$$)
	rc=$?
	err=$(cat /tmp/idlebench-crc32-err.$$)
	rm -f /tmp/idlebench-crc32-err.$$
	[ $rc -eq 1 ] && [ -z "$out" ] || { echo "crc32 DIR: exit $rc, printed '$out'"; return 1; }
	[ "$err" = "idlebench crc32: docs/examples/: a directory; crc32 reads one file (idlebench crc32 docs/examples/FILE.csv)" ] ||
		{ echo "crc32 DIR said: $err"; return 1; }
	err=$("$CLI_BIN" capture --out /nonexistent-idlebench-out docs/examples 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 1 ] && [[ $err == *"idlebench capture: docs/examples: a directory; SOURCE is a serial device, a file"* ]] ||
		{ echo "capture DIR: exit $rc: $err"; return 1; }
	err=$("$CLI_BIN" capture --lava-log docs/examples 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 1 ] && [ "$err" = "idlebench capture: docs/examples: a directory; --lava-log reads one job log file" ] ||
		{ echo "capture --lava-log DIR: exit $rc: $err"; return 1; }
	err=$("$CLI_BIN" inspect "$csv" 2>&1 >/dev/null)
	rc=$?
	[ $rc -eq 1 ] || { echo "inspect on a result CSV exited $rc"; return 1; }
	[[ $err == "idlebench inspect: $csv holds no ACPI table"* ]] || { echo "inspect said: $err"; return 1; }
}

# One rule for unusable inputs in every command that reads result files:
# over a day's directory (the two shipped 2026-12-01 boots and a cut-short
# copy under capture's -INCOMPLETE.csv name) given as files and as the
# directory, each command names the INCOMPLETE file exactly once on stderr
# with its reason, reports the two good boots, and exits 1. Fails on the
# old tools: report and compare printed nothing (exit 1), report DIR and
# export --jsonl DIR said "read error", check DIR "Is a directory", and the
# fleet view exited 0.
stest_host_cli_unusable_file_is_named_once_and_the_rest_reported() {
	local dir out rc err cmd good n
	dir=$(mktemp -d)
	mkdir "$dir/day"
	cp docs/examples/*20261201T*.csv "$dir/day/"
	head -c 20000 docs/examples/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261130T140438Z.csv \
		>"$dir/day/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261202T090000Z-INCOMPLETE.csv"
	local bad="$dir/day/hygongenuine-18h-0h-standard-pc-i440fx-piix-1996-20261202T090000Z-INCOMPLETE.csv"
	local first second
	first=$(ls "$dir"/day/*T032134Z.csv)
	second=$(ls "$dir"/day/*T032201Z.csv)
	while IFS='|' read -r cmd good; do
		for operands in files dir; do
			if [ $operands = files ]; then
				set -- "$dir"/day/*.csv
			else
				set -- "$dir/day"
			fi
			case $cmd in
			compare) out=$("$CLI_BIN" compare "$first" "$bad" -- "$second" 2>"$dir/err") ;;
			"export --sqlite") rm -f "$dir/x.db"; out=$("$CLI_BIN" export --sqlite "$dir/x.db" "$@" 2>"$dir/err") ;;
			*) out=$("$CLI_BIN" $cmd "$@" 2>"$dir/err") ;;
			esac
			rc=$?
			err=$(cat "$dir/err")
			n=$(grep -c -- "$bad" <<<"$err")
			# check names the stream's own fault (truncated), the others skip it as INCOMPLETE
			if [ $rc -ne 1 ] || [ "$n" != 1 ] || ! [[ $err == "idlebench ${cmd%% *}: $bad: "*@(INCOMPLETE|truncated)* ]] ||
				! grep -q -- "$good" <<<"$out"; then
				echo "$cmd ($operands): exit $rc, named $n times; stderr:"; echo "$err"
				echo "stdout:"; head -5 <<<"$out"
				rm -rf "$dir"
				return 1
			fi
		done
	done <<'EOF2'
report|2 boots of one plan on one machine
report --by=machine|fleet by machine: 1 machine
compare|idlebench compare: B against A
export --jsonl|"type":"header"
export --sqlite|2 boots added
check|T032201Z.csv: ok rows=360 status=ok
EOF2
	rm -rf "$dir"
}
