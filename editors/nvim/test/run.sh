#!/usr/bin/env bash
# Headless test of the Neovim plugin: filetype detection and buffer settings, and — when $MDIP
# names an mdip binary — the language server: a diagnostic for an unknown province, a hover, a
# completion item, and an edit that clears the diagnostic.
#
#   editors/nvim/test/run.sh                      # without the server: LSP part skipped
#   MDIP=target/debug/mdip editors/nvim/test/run.sh
#   NVIM=/path/to/nvim editors/nvim/test/run.sh    # another Neovim than the one on PATH
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
plugin="$(dirname "$here")"

nvim="${NVIM:-nvim}"
command -v "$nvim" >/dev/null || { echo "nvim test: $nvim is not installed (editors/install-deps.sh)" >&2; exit 1; }
echo "nvim test: $("$nvim" --version | head -1)"
if [ -n "${MDIP:-}" ]; then
  MDIP="$(cd "$(dirname "$MDIP")" && pwd)/$(basename "$MDIP")"
  export MDIP
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/sample.mdip" "$work/sample.mdip"

# The tree-sitter parser, compiled from the checked-in sources, where Neovim looks for it
# (parser/mdip.so on 'runtimepath'), to check the queries with Neovim's own tree-sitter.
grammar="$plugin/../../grammar/tree-sitter-mdip/src"
site="$work/site"
if command -v cc >/dev/null && [ -f "$grammar/parser.c" ]; then
  mkdir -p "$site/parser"
  cc -shared -fPIC -O1 -I"$grammar" "$grammar/parser.c" "$grammar/scanner.c" -o "$site/parser/mdip.so"
  export MDIP_NVIM_PARSER="$site/parser/mdip.so"
fi

export MDIP_NVIM_PLUGIN="$plugin" MDIP_NVIM_SAMPLE="$work/sample.mdip"
# XDG dirs in the temporary folder keep the user's configuration, state and logs out of it.
XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" \
  timeout 60 "$nvim" --headless -n -i NONE -u NONE \
  --cmd "set rtp^=$plugin" --cmd "set rtp+=$site" \
  -c "luafile $here/test.lua"
