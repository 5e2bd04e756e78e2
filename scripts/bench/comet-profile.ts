/**
 * CometBFT's own CPU profile during a run (its pprof server, `rpc.pprof_laddr`), and where
 * that CPU went, by part of CometBFT: the shares come from `go tool pprof -top -focus=<part>`
 * (the samples whose stack passes through the part), so a sample counts once per part.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

/** The parts of CometBFT a tx passes through, as stack patterns of its Go packages. */
export const COMET_PARTS: Array<[name: string, focus: string]> = [
  // abci/client/socket_client.go passes flushThrottleMS = 20 as a time.Duration: a 20 ns
  // throttle timer that re-arms itself (a new goroutine each time) while the request writer is busy.
  ["ABCI socket client's flush timer", "ThrottleTimer|time\\.goFunc|timers\\.\\(\\*timers\\)\\.(check|run)"],
  ["JSON-RPC server (broadcast_tx_sync, block reads)", "net/http\\.\\(\\*conn\\)\\.serve"],
  ["tx indexer (events)", "state/txindex"],
  ["consensus, block and state stores", "cometbft/consensus|cometbft/state\\.|cometbft/store"],
  ["ABCI client and mempool", "cometbft/abci/client|cometbft/proxy|cometbft/mempool"],
  ["Go GC", "gcBgMarkWorker|bgsweep|bgscavenge"],
];

/** Writes CometBFT's CPU profile of the next `seconds` to `file`. */
export async function fetchCpuProfile(pprofUrl: string, seconds: number, file: string): Promise<void> {
  const res = await fetch(`${pprofUrl}/debug/pprof/profile?seconds=${seconds}`);
  if (!res.ok) throw new Error(`CometBFT pprof answered ${res.status}`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

const SHOWING = /Showing nodes accounting for \S+, ([\d.]+)% of/;

/** Each part's share (0–1) of the profile's samples, by `go tool pprof`. */
export function profileShares(file: string): Record<string, number> {
  const shares: Record<string, number> = {};
  for (const [name, focus] of COMET_PARTS) {
    // Every node shown (no count or fraction cut): "accounting for" is then all focused samples.
    const out = execFileSync("go", ["tool", "pprof", "-top", "-nodecount=1000000", "-nodefraction=0", `-focus=${focus}`, file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    const m = SHOWING.exec(out);
    shares[name] = m ? Number(m[1]) / 100 : 0;
  }
  return shares;
}
