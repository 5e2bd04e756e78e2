#!/usr/bin/env bash
# Regenerates src/gen from proto/ offline: TypeScript types via ts-proto (our protos and ibc-go's,
# proto/ibc-go-v10), and one binary descriptor set (those plus the Cosmos SDK protos clients read)
# that the REST layer, the CLI and amino JSON use for reflection. With --check, fails when src/gen
# is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
buf=node_modules/.bin/buf

# Always generate into a scratch directory: src/gen is replaced only when everything built,
# so one broken proto never wipes the generated code of the others.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/gen
mkdir -p "$out"
$buf generate --path proto/blockchain --path proto/ibc-go-v10/ibc --output "$out/.." --template buf.gen.yaml >/dev/null

# Cosmos SDK packages whose messages and queries clients reach through our REST and CLI.
cosmos=node_modules/@protobufs/cosmos
paths=(--path proto/blockchain)
# A directory restated in the SDK 0.50 overlay (proto/cosmos-sdk-0.50, excluded from @protobufs in
# buf.yaml) is taken from there; the rest of each package from @protobufs.
overlay=proto/cosmos-sdk-0.50/cosmos
for p in auth bank base crypto tx staking slashing distribution evidence gov group authz feegrant upgrade consensus nft; do
  while IFS= read -r dir; do
    rel=${dir#"$cosmos"/}
    [ -d "$overlay/$rel" ] || paths+=(--path "$dir")
  done < <([ -d "$cosmos/$p" ] && find "$cosmos/$p" -name '*.proto' -exec dirname {} \; | LC_ALL=C sort -u)
  if [ -d "$overlay/$p" ]; then paths+=(--path "$overlay/$p"); fi
done
# ibc-go v10's IBC packages (proto/ibc-go-v10, see its README.md).
paths+=(--path proto/ibc-go-v10/ibc)
$buf build "${paths[@]}" -o "$out/descriptors.binpb"

if [ "${1:-}" != "--check" ]; then
  rm -rf src/gen.old
  if [ -d src/gen ]; then mv src/gen src/gen.old; fi
  mv "$out" src/gen
  rm -rf src/gen.old
else
  if ! diff -r "$out" src/gen >/dev/null; then
    diff -r "$out" src/gen | head -40
    echo "src/gen is stale: run npm run gen and commit the result" >&2
    exit 1
  fi
  echo "src/gen is up to date"
fi
