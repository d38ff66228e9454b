#!/usr/bin/env bash
# Builds the platform .vsix files of the extension from per-target mdip binaries:
#
#   scripts/package-all.sh [--skip-missing] [TARGET=BINARY ...]      (or: npm run package:all -- ...)
#
# For each target (default: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64, or the
# space-separated list in $MDIP_TARGETS) the binary is, in order:
#   - the one given as TARGET=BINARY (e.g. darwin-arm64=dist/mdip-macos-arm64);
#   - $MDIP_BINARIES/<target>/mdip (mdip.exe for win32-*), when MDIP_BINARIES names a directory;
#   - the workspace's cross build target/<rust-triple>/release/mdip[.exe], built with e.g.
#       cargo build --release --locked -p mdip-cli --target aarch64-apple-darwin
#     (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, x86_64-apple-darwin,
#     aarch64-apple-darwin, x86_64-pc-windows-msvc);
#   - for this machine's own target, also target/release/mdip.
# Each is packaged by scripts/package.js into mdip-<target>.vsix next to package.json. A missing
# binary is an error, unless --skip-missing. Paths are taken from the current directory.
# Build the binaries with CARGO_PROFILE_RELEASE_STRIP=symbols: the script strips Linux binaries
# itself (strip / llvm-strip) but leaves Mach-O and PE binaries as they are.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$here/../.." && pwd)"
cwd="${INIT_CWD:-$PWD}"

skip_missing=false
declare -A given=()
targets=(${MDIP_TARGETS:-linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64})
for arg in "$@"; do
  case "$arg" in
    --skip-missing) skip_missing=true ;;
    -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *=*)
      t="${arg%%=*}" b="${arg#*=}"
      case "$b" in /*) ;; *) b="$cwd/$b" ;; esac
      given[$t]="$b"
      [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t")
      ;;
    *) echo "package-all: unknown argument '$arg' (usage: package-all.sh [--skip-missing] [TARGET=BINARY ...])" >&2; exit 2 ;;
  esac
done

host="$(cd "$here" && node -p 'require("./scripts/targets").hostTarget()' 2>/dev/null || true)"
triple() { (cd "$here" && node -p "(require('./scripts/targets').TARGETS['$1'] || {}).triple || ''"); }

built=() skipped=()
for t in "${targets[@]}"; do
  tr="$(triple "$t")"
  [ -n "$tr" ] || { echo "package-all: unknown target '$t'" >&2; exit 2; }
  exe=mdip
  [[ "$t" == win32-* ]] && exe=mdip.exe
  candidates=()
  [ -n "${given[$t]:-}" ] && candidates+=("${given[$t]}")
  if [ -z "${given[$t]:-}" ]; then
    if [ -n "${MDIP_BINARIES:-}" ]; then
      case "$MDIP_BINARIES" in /*) dir="$MDIP_BINARIES" ;; *) dir="$cwd/$MDIP_BINARIES" ;; esac
      candidates+=("$dir/$t/$exe")
    fi
    candidates+=("$repo/target/$tr/release/$exe")
    [ "$t" = "$host" ] && candidates+=("$repo/target/release/$exe")
  fi
  binary=""
  for c in "${candidates[@]}"; do
    if [ -f "$c" ]; then binary="$c"; break; fi
  done
  if [ -z "$binary" ]; then
    msg="no mdip binary for $t (looked at: ${candidates[*]}); build it with: cargo build --release --locked -p mdip-cli --target $tr"
    if $skip_missing; then
      echo "package-all: skipping $t: $msg" >&2
      skipped+=("$t")
      continue
    fi
    echo "package-all: $msg" >&2
    exit 1
  fi
  echo "== $t: $binary"
  (cd "$here" && INIT_CWD="$here" node scripts/package.js --target "$t" --binary "$binary")
  built+=("$here/mdip-$t.vsix")
done

echo
echo "package-all: built ${#built[@]} package(s):"
for f in "${built[@]}"; do
  printf '  %s\n' "${f#"$cwd/"}"
done
[ "${#skipped[@]}" -eq 0 ] || echo "package-all: skipped (no binary): ${skipped[*]}"
