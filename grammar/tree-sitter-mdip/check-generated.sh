#!/usr/bin/env bash
# Checks that the checked-in parser (src/parser.c, src/grammar.json, src/node-types.json,
# src/tree_sitter/*.h) is what `tree-sitter generate` makes of grammar.js, then runs
# `tree-sitter test` (corpus, highlight tests). Needs the tree-sitter CLI on PATH
# (`cargo install tree-sitter-cli --locked`); without it, says so and exits 0.
#
# The files are generated with tree-sitter CLI $EXPECTED_VERSION; another version may generate
# different (equally valid) C, so the comparison is skipped, with a note, for other versions.
set -euo pipefail

EXPECTED_VERSION=0.27.1
# ABI 14 keeps the parser loadable by older tree-sitter runtimes (Neovim 0.7-0.10, nvim-treesitter
# on them, editors still on tree-sitter 0.20-0.24); the tree-sitter crate reads ABI 13 to 15.
ABI=14
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v tree-sitter >/dev/null 2>&1; then
  echo "check-generated: skipped (no tree-sitter CLI on PATH)"
  exit 0
fi

version="$(tree-sitter --version | awk '{print $2}')"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cp -r "$here/grammar.js" "$here/tree-sitter.json" "$here/src" "$tmp/"
rm -f "$tmp/src/parser.c" "$tmp/src/grammar.json" "$tmp/src/node-types.json" "$tmp/src/tree_sitter/"*.h
(cd "$tmp" && tree-sitter generate --abi "$ABI" >/dev/null)

if [ "$version" != "$EXPECTED_VERSION" ]; then
  echo "check-generated: tree-sitter CLI $version is not $EXPECTED_VERSION: comparison skipped"
else
  status=0
  for f in src/parser.c src/grammar.json src/node-types.json src/tree_sitter/parser.h \
           src/tree_sitter/alloc.h src/tree_sitter/array.h; do
    if ! cmp -s "$here/$f" "$tmp/$f"; then
      echo "check-generated: $f is stale; run 'tree-sitter generate --abi $ABI' in $here" >&2
      status=1
    fi
  done
  [ "$status" -eq 0 ] || exit "$status"
  echo "check-generated: generated files are fresh"
fi

(cd "$here" && tree-sitter test)
