#!/usr/bin/env bash
# Builds `simd`, the ibc-go v10 testing simapp (the IBC counterparty of the e2e suite), into
# <repo>/.bin/ibc-simd, using go's configured module proxy (GOPROXY). The ibc-go module ships the
# app but no main package: scripts/ibc-simd/main.go is copied into a scratch module, the pinned
# versions are fetched with `go get`, and the binary is built with `go build -mod=mod` (which adds
# the go.sum lines of the packages built, all from modules the pins already select; `go mod tidy`
# would also fetch every dependency's test dependencies). Skips the build when .bin/ibc-simd.stamp
# records the same pins and main.go. Override the pin with IBC_GO_VERSION.
#
# Pins: ibc-go v10.7.0 (which selects Cosmos SDK v0.53.4 and CometBFT v0.38.17); sonic v1.15.5,
# as Go >= 1.26 needs sonic >= v1.15.5 (ibc-go v10.7.0 alone selects an older one).
set -euo pipefail

IBC_GO_VERSION="${IBC_GO_VERSION:-v10.7.0}"
SONIC_VERSION="v1.15.5"
# The SDK's goleveldb fork; a dependency's replace directive does not apply to our module.
GOLEVELDB_REPLACE="github.com/syndtr/goleveldb=github.com/syndtr/goleveldb@v1.0.1-0.20210819022825-2ae1ddf74ef7"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$ROOT/scripts/ibc-simd/main.go"
BIN_DIR="$ROOT/.bin"
BIN="$BIN_DIR/ibc-simd"
STAMP="$BIN_DIR/ibc-simd.stamp"

die() {
  echo "install-ibc-simd: error: $*" >&2
  exit 1
}

case "$IBC_GO_VERSION" in
  v10.*) ;;
  *) die "IBC_GO_VERSION=$IBC_GO_VERSION is not a v10.x release; the e2e speaks ibc-go v10" ;;
esac

want_stamp="ibc-go=$IBC_GO_VERSION sonic=$SONIC_VERSION main.go=$(sha256sum "$SRC" | cut -d' ' -f1)"
if [[ -x "$BIN" && -f "$STAMP" && "$(cat "$STAMP")" == "$want_stamp" ]]; then
  echo "ibc-simd (ibc-go $IBC_GO_VERSION) already installed at $BIN"
  exit 0
fi

# Non-login shells (CI) may lack Go's default install directory on PATH.
if ! command -v go >/dev/null 2>&1 && [[ -x /usr/local/go/bin/go ]]; then
  export PATH="/usr/local/go/bin:$PATH"
fi
command -v go >/dev/null 2>&1 || die "go is not on PATH; install Go >= 1.23.8 to build ibc-go $IBC_GO_VERSION"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$SRC" "$work/main.go"
cd "$work"

echo "install-ibc-simd: building the ibc-go $IBC_GO_VERSION simapp with $(go version) (this takes several minutes)"
go mod init ibcsimd >/dev/null 2>&1
go mod edit -replace "$GOLEVELDB_REPLACE"
go get "github.com/cosmos/ibc-go/v10@$IBC_GO_VERSION" "github.com/bytedance/sonic@$SONIC_VERSION" \
  || die "go get of the pinned modules failed (see output above)"
mkdir -p "$BIN_DIR"
go build -mod=mod -trimpath -o "$BIN.tmp" . || die "go build failed (see output above)"
mv "$BIN.tmp" "$BIN"
echo "$want_stamp" >"$STAMP"

"$BIN" version >/dev/null 2>&1 || die "$BIN does not run"
echo "ibc-simd (ibc-go $IBC_GO_VERSION) installed at $BIN"
