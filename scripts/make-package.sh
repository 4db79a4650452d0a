#!/usr/bin/env bash
# scripts/make-package.sh deb|rpm BUILD FULL_VERSION: the Debian package
# (dpkg-buildpackage with debian/) or the RPM (rpmbuild with the
# spec made from rpm/idlebench.spec.in) of this tree, in BUILD/pkg/:
#   idlebench_PKGVERSION_amd64.deb / idlebench-PKGVERSION-1.x86_64.rpm
# PKGVERSION is FULL_VERSION with '-' read as '+' (0.1.0+g89a65f8-dirty ->
# 0.1.0+g89a65f8+dirty): neither a native Debian version nor an RPM version
# may hold a '-'. Each is built from a copy of the tree (the files git
# tracks or would track, as they are now, so a dirty tree's package holds
# what its version says) with .tarball-version written in: the build there
# reads its version from it, not from git. Dates come from SOURCE_DATE_EPOCH
# (default: the commit's time), so a rebuild of one commit says the same.
set -euo pipefail
kind=${1:?deb or rpm} build=${2:?build folder} full_version=${3:?version}
case $kind in deb | rpm) ;; *) echo "make-package: deb or rpm, not '$kind'" >&2; exit 2 ;; esac
case $full_version in *[!A-Za-z0-9.+~-]* | '')
	echo "make-package: version '$full_version' has characters a package version cannot hold" >&2; exit 2 ;;
esac
pkg_version=${full_version//-/+}
root=$(pwd)
out="$root/$build/pkg"
work="$out/$kind-work"
src_name="idlebench-$pkg_version"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
maintainer=$(sed -n 's/^Maintainer: //p' debian/control)
# The build in the copy is a make of its own: none of this make's variables
# (a BUILD= or FULL_VERSION= given to `make deb`) or job server reaches it.
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL

need() { # need COMMAND PACKAGE
	command -v "$1" >/dev/null || { echo "make-package: no $1 (Debian package $2; scripts/install-deps.sh)" >&2; exit 1; }
}

# The tree as it is: git's files (tracked and untracked-not-ignored, those
# that exist) or, without git, everything but the build folder.
copy_tree() { # copy_tree DEST
	mkdir -p "$1"
	if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
		git ls-files -z -co --exclude-standard |
			while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
			tar --null -T - -cf - | tar -xf - -C "$1"
	else
		tar --exclude="./$build" -cf - . | tar -xf - -C "$1"
	fi
	printf '%s\n' "$full_version" >"$1/.tarball-version"
}

rm -rf "$work"
mkdir -p "$work"
case $kind in
deb)
	need dpkg-buildpackage dpkg-dev
	need dh debhelper
	copy_tree "$work/$src_name"
	cat >"$work/$src_name/debian/changelog" <<CHANGELOG
idlebench ($pkg_version) unstable; urgency=medium

  * Built from idlebench $full_version.

 -- $maintainer  $(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")
CHANGELOG
	(cd "$work/$src_name" && DEB_BUILD_OPTIONS="parallel=${JOBS:-2}" dpkg-buildpackage -us -uc -rfakeroot >"$work/build.log" 2>&1) || {
		tail -40 "$work/build.log" >&2
		echo "make-package: dpkg-buildpackage failed (log: $work/build.log)" >&2
		exit 1
	}
	rm -f "$out"/idlebench_*_amd64.deb
	cp "$work/idlebench_${pkg_version}_amd64.deb" "$out/"
	echo "$build/pkg/idlebench_${pkg_version}_amd64.deb"
	;;
rpm)
	need rpmbuild rpm
	copy_tree "$work/$src_name"
	mkdir -p "$work"/{SOURCES,SPECS,BUILD,RPMS,SRPMS,BUILDROOT}
	tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
		-C "$work" -czf "$work/SOURCES/$src_name.tar.gz" "$src_name"
	sed -e "s/@PKG_VERSION@/$pkg_version/g" \
		-e "s/@CHANGELOG_DATE@/$(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH" '+%a %b %d %Y')/g" \
		rpm/idlebench.spec.in >"$work/SPECS/idlebench.spec"
	rpmbuild -ba --nodeps --define "_topdir $work" \
		--define "_smp_mflags -j${JOBS:-2}" --define "use_source_date_epoch_as_buildtime 1" \
		--define "clamp_mtime_to_source_date_epoch 1" \
		"$work/SPECS/idlebench.spec" >"$work/build.log" 2>&1 || {
		tail -40 "$work/build.log" >&2
		echo "make-package: rpmbuild failed (log: $work/build.log)" >&2
		exit 1
	}
	rm -f "$out"/idlebench-*.x86_64.rpm
	cp "$work/RPMS/x86_64/idlebench-$pkg_version-1.x86_64.rpm" "$out/"
	echo "$build/pkg/idlebench-$pkg_version-1.x86_64.rpm"
	;;
esac
