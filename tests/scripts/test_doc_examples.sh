# The pictures and names the docs show are what the code makes (sourced by
# tests/run-all.sh; each stest_* is one test, run from the repository root):
# the GOP screenshot names a result file as lib/result_name.h names them, the
# docs name result files only that way, and the HTML screenshot's caption
# counts the example files the page was made from.

# A result file name (lib/result_name.h):
# <vendor>-<family>h-<model>h-<product>[-<label>]-<time>[-N][-INCOMPLETE].csv,
# <time> YYYYMMDDTHHMMSS[Z] or notime.
DOC_RESULT_NAME='^[a-z0-9]+-[0-9a-f]+h-[0-9a-f]+h-[a-z0-9._-]+-([0-9]{8}T[0-9]{6}Z?|notime)(-[0-9]+)?(-INCOMPLETE)?\.csv$'

# The GOP screenshot in docs/examples, read back cell by cell against the
# console font (tests/qemu/screen_tool.py, as tests/qemu/test_screen.sh reads
# the guest's screen), names the file the app saved, and that name is one the
# code writes today. Fails on the old screenshot, which showed
# 20261201-104430.csv, a name the code no longer writes.
stest_doc_examples_gop_screenshot_names_a_file_the_code_writes() {
	local font="${BUILD:-build}/gen/font_glyphs.h" text names name
	[ -f "$font" ] || { echo "no $font (make all builds it)"; return 1; }
	text=$(python3 tests/qemu/screen_tool.py ppm docs/examples/screen-efi-gop-quick.png "$font") ||
		{ echo "screen_tool.py could not read the screenshot"; return 1; }
	grep -q "PRIMARY RESULT" <<<"$text" || { echo "the screenshot does not read as the result page"; return 1; }
	names=$(grep -oE '[^ \\]+\.csv' <<<"$text")
	[ -n "$names" ] || { echo "the screenshot names no result file"; return 1; }
	for name in $names; do
		[[ $name =~ $DOC_RESULT_NAME ]] || { echo "the screenshot shows '$name', not a name lib/result_name writes"; return 1; }
	done
}

# Every result file named in README.md and docs/*.md (a .csv name with a
# date in it) is named as the code names them today.
stest_doc_examples_result_names_in_the_docs_are_the_codes() {
	local name bad=""
	while read -r name; do
		[[ $name =~ $DOC_RESULT_NAME ]] || bad+=" $name"
	done < <(grep -ohE '[A-Za-z0-9_.…-]*20[0-9]{6}[A-Za-z0-9_.-]*\.csv' README.md docs/*.md | grep -v '^…' | sort -u)
	[ -z "$bad" ] || { echo "names the code does not write:$bad"; return 1; }
}

# The HTML screenshot is made from docs/examples/*.csv (tests/host/test_html.sh):
# its captions count those files and their sets. Fails on the old caption,
# "the two example boots", over three files in two sets.
stest_doc_examples_html_screenshot_caption_counts_the_files() {
	local files words=(zero one two three four five six seven eight nine) alt
	files=$(find docs/examples -maxdepth 1 -name '*.csv' | wc -l)
	[ "$files" -lt 10 ] || { echo "$files example files: extend the words"; return 1; }
	for doc in README.md docs/cli.md; do
		alt=$(grep -oE '!\[[^]]*\]\([^)]*report-html[^)]*\.png\)' "$doc")
		[ -n "$alt" ] || { echo "$doc shows no HTML screenshot"; return 1; }
		[[ $alt == *"${words[$files]} example result files in two sets"* ]] ||
			{ echo "$doc's caption does not say ${words[$files]} files in two sets: $alt"; return 1; }
	done
}
