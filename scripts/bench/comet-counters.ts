/**
 * What CometBFT's own Prometheus metrics say about a run, the same measure for any app
 * whatever language it is in: the time the app spends on the block path (the sums of
 * cometbft_abci_connection_method_timing_seconds for PrepareProposal, ProcessProposal,
 * FinalizeBlock and Commit, each from the request written to the response read over the ABCI
 * socket) and how many mempool txs were sent to the app again after a block (recheck).
 */
const BLOCK_METHODS = new Set(["prepare_proposal", "process_proposal", "finalize_block", "commit"]);
const TIMING = /^cometbft_abci_connection_method_timing_seconds_sum\{([^}]*)\}\s+(\S+)/;
const RECHECKS = /^cometbft_mempool_recheck_times(?:\{[^}]*\})?\s+(\S+)/;

export interface CometCounters {
  /** Seconds spent so far in the block-path ABCI calls. */
  blockPathSeconds: number;
  /** Txs rechecked so far. */
  rechecks: number;
}

/** The counters now; NaN when the metrics cannot be read (block path: or have no timings). */
export async function cometCounters(metricsUrl: string): Promise<CometCounters> {
  let text: string;
  try {
    const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(5_000) });
    text = await res.text();
  } catch {
    return { blockPathSeconds: NaN, rechecks: NaN };
  }
  let blockPathSeconds = NaN;
  // The counter appears with the first recheck: none yet is 0.
  let rechecks = 0;
  for (const line of text.split("\n")) {
    const recheck = RECHECKS.exec(line);
    if (recheck) rechecks += Number(recheck[1]);
    const m = TIMING.exec(line);
    const method = m && /method="([^"]+)"/.exec(m[1])?.[1];
    if (!m || !method || !BLOCK_METHODS.has(method)) continue;
    blockPathSeconds = (Number.isNaN(blockPathSeconds) ? 0 : blockPathSeconds) + Number(m[2]);
  }
  return { blockPathSeconds, rechecks };
}
