# tools/build/nasm_comp_dir.c (mk/kernel.mk's NASM_COMP_DIR), sourced by
# tests/run-all.sh after the kernel build: one assembly source in two folders
# of different length assembles to one object once the tool has run; its code
# and relocations are NASM's own, its DWARF names "." as the folder and still
# finds the source line.

stest_nasm_comp_dir_makes_two_folders_give_one_object() {
	local tool=${BUILD:-build}/gen/nasm_comp_dir tmp d
	[ -x "$tool" ] || { echo "$tool missing (make kernel)" >&2; return 1; }
	command -v nasm >/dev/null 2>&1 || { echo "skipped: nasm not installed"; return 0; }
	tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
	tmp=$(mktemp -d)
	for d in a bbbbbbbbbbbbbbbbbbbb; do
		mkdir -p "$tmp/$d/kernel/arch" "$tmp/$d/build/gen"
		cp kernel/arch/exception_stubs.asm "$tmp/$d/kernel/arch/"
		(cd "$tmp/$d" && nasm -f elf64 -g -Ibuild/gen/ -o raw.o kernel/arch/exception_stubs.asm &&
			cp raw.o fixed.o && "$tool" fixed.o) ||
			{ echo "assembling or rewriting in $tmp/$d failed" >&2; rm -rf "$tmp"; return 1; }
	done
	if cmp -s "$tmp/a/raw.o" "$tmp/bbbbbbbbbbbbbbbbbbbb/raw.o"; then
		echo "NASM's own objects are already identical: this test proves nothing here" >&2
		rm -rf "$tmp"
		return 1
	fi
	if ! cmp "$tmp/a/fixed.o" "$tmp/bbbbbbbbbbbbbbbbbbbb/fixed.o" >&2; then
		echo "two folders, two objects after nasm_comp_dir" >&2
		rm -rf "$tmp"
		return 1
	fi
	local f=$tmp/a/fixed.o r=$tmp/a/raw.o
	if ! diff <(objdump -dr "$r" | tail -n +3) <(objdump -dr "$f" | tail -n +3) >&2; then
		echo "the code or its relocations changed" >&2
		rm -rf "$tmp"
		return 1
	fi
	if ! diff <(readelf -r "$r" | grep -v '^Relocation section' | awk '{print $3, $5, $6, $7}') \
		<(readelf -r "$f" | grep -v '^Relocation section' | awk '{print $3, $5, $6, $7}') >&2; then
		echo "a relocation's type, symbol or addend changed" >&2
		rm -rf "$tmp"
		return 1
	fi
	if ! readelf --debug-dump=info "$f" 2>/dev/null | grep -E 'DW_AT_comp_dir +: \.$' >/dev/null ||
		readelf --debug-dump=info "$f" 2>/dev/null | grep -F "$tmp" >&2; then
		echo "DW_AT_comp_dir is not '.', or the folder is still in the DWARF" >&2
		rm -rf "$tmp"
		return 1
	fi
	# linked alone at 1 MiB, an address in exception_common maps to its line
	local line
	ld -Ttext=0x100000 -e 0 --unresolved-symbols=ignore-all -o "$tmp/l.elf" "$f" >&2
	line=$(cd "$tmp" && addr2line -e l.elf "0x$(nm l.elf | awk '$3 == "exception_common" {print $1}')")
	rm -rf "$tmp"
	[[ $line == ./kernel/arch/exception_stubs.asm:[1-9]* ]] ||
		{ echo "addr2line gives '$line', not ./kernel/arch/exception_stubs.asm:LINE" >&2; return 1; }
}
