/**
 * Balance reads against a node's REST server, as a read-heavy client (a wallet backend, an
 * explorer) sends them: GET /cosmos/bank/v1beta1/balances/{addr} on keep-alive connections,
 * each sending its next request when the last is answered (autocannon).
 */
import { createRequire } from "node:module";

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships no type declarations.
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: Record<string, unknown>) => Promise<AutocannonResult>;

export interface RestLoadResult {
  reqPerSecond: number;
  p99Ms: number;
  /** Answers that were not 200, connection errors and timeouts: should be none. */
  failures: number;
}

/**
 * `seconds` of balance reads over `connections` connections; each connection walks `addresses`
 * in order (one address: every request the same).
 */
export async function balanceReads(restUrl: string, addresses: string[], connections: number, seconds: number): Promise<RestLoadResult> {
  const r = await autocannon({
    url: restUrl,
    connections,
    duration: seconds,
    requests: addresses.map((a) => ({ method: "GET", path: `/cosmos/bank/v1beta1/balances/${a}` })),
  });
  return { reqPerSecond: r.requests.average, p99Ms: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}
