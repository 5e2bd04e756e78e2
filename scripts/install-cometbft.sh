#!/usr/bin/env bash
# Builds the pinned CometBFT from source with `go install` into <repo>/.bin, using go's
# configured module proxy (GOPROXY). Skips the build when .bin/cometbft already reports
# the pinned version. Override the pin with COMETBFT_VERSION=vX.Y.Z.
#
# Pin: v0.38.25, the version the project's ecosystem facts were checked against; its module
# info on the proxy carries the upstream tag origin. See docs/abci.md before moving it.
set -euo pipefail

VERSION="${COMETBFT_VERSION:-v0.38.25}"
MODULE="github.com/cometbft/cometbft"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN_DIR="$ROOT/.bin"
BIN="$BIN_DIR/cometbft"

die() {
  echo "install-cometbft: error: $*" >&2
  exit 1
}

case "$VERSION" in
  v0.38.*) ;;
  *) die "COMETBFT_VERSION=$VERSION is not a v0.38.x release; the node speaks ABCI 2.0 of v0.38" ;;
esac

installed_version() {
  [[ -x "$BIN" ]] || return 0
  "$BIN" version 2>/dev/null | head -n 1 || true
}

if [[ "$(installed_version)" == "${VERSION#v}" ]]; then
  echo "cometbft ${VERSION#v} already installed at $BIN"
  exit 0
fi

# Non-login shells (CI) may lack Go's default install directory on PATH.
if ! command -v go >/dev/null 2>&1 && [[ -x /usr/local/go/bin/go ]]; then
  export PATH="/usr/local/go/bin:$PATH"
fi
command -v go >/dev/null 2>&1 || die "go is not on PATH; install Go >= 1.22.11 to build CometBFT $VERSION"

echo "install-cometbft: building $MODULE/cmd/cometbft@$VERSION with $(go version) (this takes a few minutes)"
mkdir -p "$BIN_DIR"
if ! GOBIN="$BIN_DIR" go install "$MODULE/cmd/cometbft@$VERSION"; then
  die "go install $MODULE/cmd/cometbft@$VERSION failed (see output above)"
fi

got="$(installed_version)"
[[ "$got" == "${VERSION#v}" ]] || die "$BIN reports version '${got}', expected ${VERSION#v}"
echo "cometbft $got installed at $BIN"
