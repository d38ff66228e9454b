#!/usr/bin/env bash
# Runs the editor tests that CI should run (the tree-sitter crate's tests run under cargo):
#   - the TextMate grammar's scope tests (grammar/textmate),
#   - the VS Code extension (editors/vscode): type-check and bundle, unit tests, the platform
#     .vsix for this machine bundling the mdip server ($MDIP_BINARY, else $MDIP, else the release
#     build target/release/mdip; CI sets MDIP_BINARY=target/debug/mdip), and the test of that
#     package (the server inside, executable, runs; no node_modules),
#   - the Neovim plugin's headless test, once without a server (LSP part skipped, or run against
#     $MDIP when it is set) and once against editors/testing/fake-mdip (the LSP plumbing),
#   - that the Neovim plugin's query copies match the tree-sitter grammar's queries.
# Assumes the tools of editors/install-deps.sh are installed. Takes about a minute.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

section() { printf '\n== %s\n' "$*"; }

section "tree-sitter queries copied into editors/nvim"
for f in highlights folds indents; do
  cmp "grammar/tree-sitter-mdip/queries/$f.scm" "editors/nvim/queries/mdip/$f.scm" || {
    echo "editors/nvim/queries/mdip/$f.scm differs from grammar/tree-sitter-mdip/queries/$f.scm; copy it" >&2
    exit 1
  }
done
echo "queries in sync"

section "TextMate grammar (grammar/textmate)"
(cd grammar/textmate && npm ci --silent && npm test)

section "VS Code extension (editors/vscode)"
vscode_server="${MDIP_BINARY:-${MDIP:-}}"
if [ -n "$vscode_server" ]; then
  case "$vscode_server" in
    /*) ;;
    */*) vscode_server="$root/$vscode_server" ;;
    *) vscode_server="$(command -v "$vscode_server" || echo "$vscode_server")" ;;
  esac
fi
(
  cd editors/vscode
  npm ci --silent
  npm run compile
  npm test
  MDIP_BINARY="$vscode_server" npm run package
  npm run test:package
)

section "Neovim plugin (editors/nvim)"
editors/nvim/test/run.sh
MDIP="$root/editors/testing/fake-mdip" editors/nvim/test/run.sh

echo
echo "editors: all tests passed"
