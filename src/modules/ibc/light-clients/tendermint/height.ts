import type { Height } from "../../../../gen/ibc/core/client/v1/client";

export const ZERO_HEIGHT: Height = { revisionNumber: 0n, revisionHeight: 0n };

export function heightOf(h: Height | undefined): Height {
  return h ?? ZERO_HEIGHT;
}

/** Orders heights by revision number, then revision height. */
export function compareHeight(a: Height | undefined, b: Height | undefined): number {
  const x = heightOf(a);
  const y = heightOf(b);
  if (x.revisionNumber !== y.revisionNumber) return x.revisionNumber < y.revisionNumber ? -1 : 1;
  if (x.revisionHeight !== y.revisionHeight) return x.revisionHeight < y.revisionHeight ? -1 : 1;
  return 0;
}

export function isZeroHeight(h: Height | undefined): boolean {
  return compareHeight(h, ZERO_HEIGHT) === 0;
}

export function formatHeight(h: Height | undefined): string {
  const x = heightOf(h);
  return `${x.revisionNumber}-${x.revisionHeight}`;
}

const REVISION_FORMAT = /^.*[^\n-]-{1}[1-9][0-9]*$/;
const MAX_UINT64 = 2n ** 64n - 1n;

/** ibc-go's IsRevisionFormat: `{name}-{revision}` with a revision that has no leading zero. */
export function isRevisionFormat(chainId: string): boolean {
  return REVISION_FORMAT.test(chainId);
}

/** ibc-go's ParseChainID: the revision of a `{name}-{N}` chain id, 0 for any other chain id. */
export function revisionOf(chainId: string): bigint {
  if (!isRevisionFormat(chainId)) return 0n;
  const n = BigInt(chainId.slice(chainId.lastIndexOf("-") + 1));
  // ibc-go panics on a revision beyond uint64; treating it as unparseable refuses the header instead.
  return n > MAX_UINT64 ? 0n : n;
}

/** ibc-go's SetRevisionNumber for a chain id already in revision format. */
export function withRevision(chainId: string, revision: bigint): string {
  return `${chainId.slice(0, chainId.lastIndexOf("-"))}-${revision}`;
}
