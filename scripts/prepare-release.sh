#!/usr/bin/env bash
# Prepares a previous release of this repository to run beside the working tree (the upgrade
# e2e starts a localnet on it, then restarts the nodes on the working tree):
#
#   bash scripts/prepare-release.sh <commit>     prints the release's root directory
#
# The commit's tree is extracted with `git archive` (no checkout: the working tree is left
# alone) into $RELEASE_CACHE_DIR/<full commit id> (default ~/.cache/blockchain-node/releases).
# Its node_modules is a symlink to ours when both package-lock.json files are equal, else its own
# `npm ci` (from npm's local cache when the packages are there). A prepared release is reused:
# the second run costs a `git rev-parse`. A release whose package.json has a build script runs
# compiled JavaScript (its bin runs dist/): it is built here; older ones run from source as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -eq 1 ] || { echo "usage: $0 <commit>" >&2; exit 2; }
commit=$(git rev-parse --verify --quiet "$1^{commit}") || { echo "no commit $1 in $(pwd)" >&2; exit 1; }
cache=${RELEASE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/blockchain-node/releases}
root="$cache/$commit"

# A release linked to another checkout's node_modules that has since gone is prepared again.
if [ -f "$root/.prepared" ] && [ -e "$root/node_modules" ]; then
  echo "$root"
  exit 0
fi

mkdir -p "$cache"
# Built aside and renamed at the end, so an interrupted run never leaves a half release behind.
work=$(mktemp -d "$cache/.$commit.XXXXXX")
trap 'rm -rf "$work"' EXIT
git archive "$commit" | tar -x -C "$work"
if cmp -s "$work/package-lock.json" package-lock.json; then
  ln -s "$(pwd)/node_modules" "$work/node_modules"
else
  echo "prepare-release: ${commit:0:12} has its own package-lock.json: npm ci" >&2
  (cd "$work" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >&2)
fi
if (cd "$work" && node -e 'process.exit(require("./package.json").scripts?.build ? 0 : 1)'); then
  (cd "$work" && npm run -s build >&2)
fi
touch "$work/.prepared"
rm -rf "$root"
mv "$work" "$root"
trap - EXIT
echo "$root"
