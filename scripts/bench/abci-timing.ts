/**
 * The time an app spends on the block path, as CometBFT itself sees it: the sums of its
 * Prometheus histogram cometbft_abci_connection_method_timing_seconds for PrepareProposal,
 * ProcessProposal, FinalizeBlock and Commit (each from the request written to the response
 * read, over the ABCI socket). The same measure for any app, whatever language it is in.
 */
const BLOCK_METHODS = new Set(["prepare_proposal", "process_proposal", "finalize_block", "commit"]);
const LINE = /^cometbft_abci_connection_method_timing_seconds_sum\{([^}]*)\}\s+(\S+)/;

/** Seconds spent so far in the block-path ABCI calls; NaN when the metrics cannot be read. */
export async function blockPathSeconds(metricsUrl: string): Promise<number> {
  let text: string;
  try {
    const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) });
    text = await res.text();
  } catch {
    return NaN;
  }
  let total = 0;
  let seen = false;
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    const method = m && /method="([^"]+)"/.exec(m[1])?.[1];
    if (!m || !method || !BLOCK_METHODS.has(method)) continue;
    total += Number(m[2]);
    seen = true;
  }
  return seen ? total : NaN;
}
