#!/usr/bin/env bash
# Provide a QEMU that emulates x2APIC under TCG, for the x2APIC tests only.
#
# Why: QEMU < 8.1 (Debian 12 ships 7.2) drops `-cpu …,+x2apic` under TCG with
# "TCG doesn't support requested feature: CPUID.01H:ECX.x2apic", so the guest
# never sees CPUID.01H:ECX[21] (see ../shared/HARDWARE.md, "QEMU under TCG").
# Debian's <codename>-backports suite has QEMU 10.0, which does.
#
# How: the backports .debs (qemu-system-x86, -common, -data, the module
# packages, seabios) are fetched with `apt-get download` through a private apt
# state and unpacked with `dpkg -x` under PREFIX/root, and PREFIX/bin/
# qemu-system-x86_64 is a wrapper that points QEMU at that tree. Nothing on
# the system changes: no apt source is added, the system QEMU stays, and every
# other test keeps using it. The backports binary needs only libraries that
# the system qemu-system-x86 already depends on; as root, any missing one is
# installed from the release's own suite.
#
# Usage: scripts/fetch-qemu-x2apic.sh [--force] [PREFIX]
#   PREFIX defaults to /opt/idlebench-qemu; tests find the binary through
#   QEMU_X2APIC_BIN=PREFIX/bin/qemu-system-x86_64.
#   --force re-fetches even when PREFIX already holds a working QEMU.
# Exit status: 0 when PREFIX/bin/qemu-system-x86_64 exists and shows the
# x2APIC bit (or the system QEMU already does: then nothing is fetched);
# 1 when it could not be provided (the reason is on stderr); 2 usage.
set -euo pipefail

PREFIX=/opt/idlebench-qemu
force=0
for a in "$@"; do
	case "$a" in
	--force) force=1 ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "fetch-qemu-x2apic: unknown option '$a'" >&2; exit 2 ;;
	*) PREFIX=$a ;;
	esac
done

# The module packages are fetched too although the tests load no module:
# QEMU looks for a module first in QEMU_MODULE_DIR, then in the system's
# module directory, and a 7.2 module loaded into 10.0 aborts QEMU
# ("Only modules from the same build can be loaded", then an assertion in
# util/module.c). With every 10.0 module present privately, a module whose
# libraries are missing fails to open cleanly instead of falling through.
DEBS=(qemu-system-x86 qemu-system-common qemu-system-data seabios
	qemu-system-gui qemu-system-modules-opengl qemu-system-modules-spice
	qemu-block-extra)

die() { echo "fetch-qemu-x2apic: $*" >&2; exit 1; }

# has_x2apic QEMU [ARGS…]: true when this QEMU keeps +x2apic under TCG. It
# prints the TCG warning while realizing the CPU, before QMP answers "quit".
has_x2apic() {
	local out
	out=$(echo '{"execute":"qmp_capabilities"}{"execute":"quit"}' |
		timeout 30 "$@" -machine pc -accel tcg -cpu qemu64,+x2apic -nodefaults \
			-display none -qmp stdio -S 2>&1 >/dev/null) || return 1
	! grep -q 'CPUID.01H:ECX.x2apic' <<<"$out"
}

bin=$PREFIX/bin/qemu-system-x86_64
if [ $force -eq 0 ] && [ -x "$bin" ] && has_x2apic "$bin"; then
	exit 0
fi
if [ $force -eq 0 ] && command -v qemu-system-x86_64 >/dev/null && has_x2apic qemu-system-x86_64; then
	echo "fetch-qemu-x2apic: the system QEMU already emulates x2APIC; nothing to fetch" >&2
	exit 0
fi

codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || die "no VERSION_CODENAME in /etc/os-release (not Debian?)"
suite=$codename-backports

# The archive this machine already uses for its release (deb822 or one-line
# sources alike), so mirrors and proxies keep working; deb.debian.org if none.
# shellcheck disable=SC2016 # apt expands $(FIELD), not the shell
uri=$(apt-get indextargets --format '$(LABEL) $(RELEASE) $(REPO_URI)' 2>/dev/null |
	awk -v r="$codename" '!found && $1 == "Debian" && $2 == r { print $3; found = 1 }')
uri=${uri:-http://deb.debian.org/debian/}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

stage=$PREFIX.new.$$
work=$(mktemp -d)
trap 'rm -rf "$work" "$stage"' EXIT
mkdir -p "$work/sources" "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
{
	echo "Types: deb"
	echo "URIs: $uri"
	echo "Suites: $suite"
	echo "Components: main"
	[ -r "$keyring" ] && echo "Signed-By: $keyring"
} >"$work/sources/backports.sources"
# A private source list, index and cache: the system's apt state is only read
# (Dir::Etc::Parts, i.e. proxy settings, still applies).
cat >"$work/apt.conf" <<EOF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$work/sources";
Dir::State::Lists "$work/lists";
Dir::Cache "$work/cache";
Dir::Cache::Archives "$work/cache/archives";
APT::Sandbox::User "$(id -un)";
EOF
export APT_CONFIG=$work/apt.conf

echo "fetch-qemu-x2apic: fetching QEMU from $uri $suite"
apt-get update -qq --error-on=any >"$work/log" 2>&1 || { cat "$work/log" >&2; die "apt-get update of $suite failed"; }
want=()
for p in "${DEBS[@]}"; do want+=("$p/$suite"); done
(cd "$work/debs" && apt-get download -qq "${want[@]}") >"$work/log" 2>&1 ||
	{ cat "$work/log" >&2; die "apt-get download from $suite failed"; }

mkdir -p "$stage/root" "$stage/bin" 2>/dev/null || die "cannot create $stage (run as root, or give a writable PREFIX)"
for d in "$work"/debs/*.deb; do
	dpkg-deb -x "$d" "$stage/root"
	dpkg-deb -W --showformat='${Package} ${Version}\n' "$d" >>"$stage/VERSIONS"
done
real=$stage/root/usr/bin/qemu-system-x86_64
[ -x "$real" ] || die "no usr/bin/qemu-system-x86_64 in the $suite packages"

# Shared libraries: the Depends of the binary packages, less what is unpacked
# here; all are in the release's own suite.
deps=$(for d in "$work"/debs/qemu-system-x86_*.deb "$work"/debs/qemu-system-common_*.deb; do
	dpkg-deb -f "$d" Depends | tr ',' '\n'
done | sed -E 's/\(.*\)//; s/\|.*//; s/ //g' | grep -vE '^(qemu-|seabios$)' | sort -u)
missing=()
for p in $deps; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep 'install ok installed' >/dev/null || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	[ "$(id -u)" -eq 0 ] || die "missing libraries for QEMU from $suite; run as root:  apt-get install -y ${missing[*]}"
	echo "fetch-qemu-x2apic: installing ${missing[*]}"
	(unset APT_CONFIG; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null)
fi
if ldd "$real" | grep 'not found' >/dev/null; then
	die "QEMU from $suite lacks libraries: $(ldd "$real" | awk '/not found/ { print $1 }' | paste -sd' ')"
fi

# The wrapper: firmware (SeaBIOS 1.16.3, option ROMs) and modules from the
# private tree first; -L adds in front of the compiled-in /usr/share/qemu.
# `-audio none` unless the caller chooses audio: the tests have no sound, and
# probing host audio back ends only loads modules and prints noise.
cat >"$stage/bin/qemu-system-x86_64" <<'EOF'
#!/bin/sh
# QEMU from Debian backports in a private tree (scripts/fetch-qemu-x2apic.sh).
root=$(dirname "$(dirname "$(readlink -f "$0")")")/root
export QEMU_MODULE_DIR="$root/usr/lib/x86_64-linux-gnu/qemu"
audio="-audio none"
for a in "$@"; do
	case "$a" in -audio | -audiodev | --audio | --audiodev) audio= ;; esac
done
# shellcheck disable=SC2086 # $audio is two words or none
exec "$root/usr/bin/qemu-system-x86_64" -L "$root/usr/share/qemu" -L "$root/usr/share/seabios" $audio "$@"
EOF
chmod 755 "$stage/bin/qemu-system-x86_64"
has_x2apic "$stage/bin/qemu-system-x86_64" ||
	die "QEMU from $suite still drops +x2apic under TCG ($("$real" --version | sed -n 1p))"

rm -rf "$PREFIX.old"
[ -e "$PREFIX" ] && mv "$PREFIX" "$PREFIX.old"
mv "$stage" "$PREFIX"
rm -rf "$PREFIX.old"
echo "fetch-qemu-x2apic: $("$bin" --version | sed -n 1p) in $PREFIX; QEMU_X2APIC_BIN=$bin"
