#!/usr/bin/env bash
# Installs what editors/test.sh needs on a fresh Debian machine: neovim, Node.js (>= 20, for
# @vscode/vsce 3) with npm, python3 (for editors/testing/fake-mdip), python3-venv (for
# scripts/test-packages) and chromium (the playground's browser tests, web/).
#   --e2e  also what the on-demand VS Code end-to-end test needs (editors/vscode/e2e):
#          ripgrep, and the tool chain that code-server's native modules are compiled with.
set -euo pipefail

packages=()
command -v nvim >/dev/null || packages+=(neovim)
command -v python3 >/dev/null || packages+=(python3)
# The Neovim test parses editors/nvim/mason/package.yaml with Python's yaml module.
python3 -c 'import yaml' 2>/dev/null || packages+=(python3-yaml)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
# scripts/test-packages installs the PyPI wheel into a fresh venv (Debian splits venv out).
python3 -c 'import ensurepip' 2>/dev/null || packages+=(python3-venv)
# The playground's browser tests (web/, scripts/test-all) drive Debian's Chromium.
command -v chromium >/dev/null || packages+=(chromium)
if [ "${1:-}" = "--e2e" ]; then
  command -v rg >/dev/null || packages+=(ripgrep)
  packages+=(build-essential pkg-config python3 libkrb5-dev)
fi

if [ "${#packages[@]}" -gt 0 ]; then
  command -v apt-get >/dev/null || {
    echo "install-deps: missing ${packages[*]}, and this is not a Debian/Ubuntu machine (no apt-get); install them by hand" >&2
    exit 1
  }
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: installing ${packages[*]} needs root or sudo" >&2; exit 1; }
    sudo=(sudo)
  fi
  echo "install-deps: apt-get install ${packages[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "install-deps: Node.js $(node --version) is too old; @vscode/vsce 3 needs Node.js 20 or newer" >&2
  echo "(Debian 12 ships 18; install Node.js 20, e.g. from the nodesource packages)" >&2
  exit 1
fi
echo "install-deps: nvim $(nvim --version | head -1 | awk '{print $2}'), node $(node --version), npm $(npm --version)"
