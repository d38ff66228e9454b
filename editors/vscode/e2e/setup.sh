#!/usr/bin/env bash
# Installs what the end-to-end test needs: code-server 4.100.3 and playwright-core from npm,
# using Debian's ripgrep and Chromium instead of downloading prebuilt binaries.
#
# code-server's postinstall runs `npm install` in lib/vscode, where @vscode/ripgrep's postinstall
# would download ripgrep from GitHub. That script skips the download when its cache already holds
# the release archive (os.tmpdir()/vscode-ripgrep-cache-<version>/ripgrep-<tag>-<target>.tar.gz),
# so we build that archive from /usr/bin/rg (Debian's `ripgrep`) in a private TMPDIR first.
# Native modules of VS Code (node-pty, spdlog, ...) are compiled with node-gyp against the
# headers of the installed Node.js (npm_config_nodedir), so nothing is downloaded from nodejs.org;
# node-pty runs `npx node-gyp`, which npm_config_yes lets fetch node-gyp from the npm registry.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

# @vscode/ripgrep as pinned by code-server 4.100.3 (lib/vscode/npm-shrinkwrap.json) and the
# ripgrep release tag its postinstall.js asks for.
RIPGREP_PACKAGE_VERSION=1.15.11
RIPGREP_TAG=v13.0.0-10

for tool in node npm rg chromium g++ make python3; do
  command -v "$tool" >/dev/null || { echo "setup: '$tool' is missing; run editors/install-deps.sh --e2e" >&2; exit 1; }
done
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" = 20 ] || { echo "setup: code-server 4.100.3 needs Node.js 20, found $(node --version)" >&2; exit 1; }

case "$(node -p process.arch)" in
  x64) target=x86_64-unknown-linux-musl ;;
  arm64) target=aarch64-unknown-linux-musl ;;
  *) echo "setup: unsupported architecture $(node -p process.arch)" >&2; exit 1 ;;
esac

work="$here/.work"
mkdir -p "$work/tmp/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION" "$work/rg"
cp "$(command -v rg)" "$work/rg/rg"
tar -czf "$work/tmp/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION/ripgrep-$RIPGREP_TAG-$target.tar.gz" -C "$work/rg" rg

nodedir="$(dirname "$(dirname "$(command -v node)")")"
if [ ! -f "$nodedir/include/node/common.gypi" ]; then
  echo "setup: no Node.js headers under $nodedir/include/node (install Debian's libnode-dev or nodejs with headers)" >&2
  exit 1
fi

# npm >= 11.x runs dependency install scripts only when allowed; code-server's own postinstall
# (which installs VS Code's modules) and the scripts of those modules must run.
TMPDIR="$work/tmp" \
npm_config_nodedir="$nodedir" \
npm_config_unsafe_perm=true \
npm_config_yes=true \
npm_config_dangerously_allow_all_scripts=true \
  npm "$( [ -f package-lock.json ] && echo ci || echo install )" --no-audit --no-fund --foreground-scripts

test -x node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg
echo "setup: code-server $(node -p 'require("code-server/package.json").version') installed with Debian's ripgrep"
