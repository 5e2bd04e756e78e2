#!/usr/bin/env bash
# Regenerates src/gen from proto/ offline: TypeScript types via ts-proto, and one binary
# descriptor set (our protos plus the Cosmos SDK protos clients read) that the REST layer,
# the CLI and amino JSON use for reflection. With --check, fails when src/gen is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
buf=node_modules/.bin/buf

out=src/gen
if [ "${1:-}" = "--check" ]; then
  out=$(mktemp -d)/gen
  trap 'rm -rf "$(dirname "$out")"' EXIT
fi

rm -rf "$out"
mkdir -p "$out"
$buf generate --path proto/blockchain --output "$out/.." --template buf.gen.yaml >/dev/null

# Cosmos SDK packages whose messages and queries clients reach through our REST and CLI.
cosmos=node_modules/@protobufs/cosmos
paths=(--path proto/blockchain)
for p in auth bank base crypto tx staking slashing gov group authz feegrant upgrade; do
  paths+=(--path "$cosmos/$p")
done
$buf build "${paths[@]}" -o "$out/descriptors.binpb"

if [ "${1:-}" = "--check" ]; then
  if ! diff -r "$out" src/gen >/dev/null; then
    diff -r "$out" src/gen | head -40
    echo "src/gen is stale: run npm run gen and commit the result" >&2
    exit 1
  fi
  echo "src/gen is up to date"
fi
