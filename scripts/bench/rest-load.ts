/**
 * Balance reads against a node's REST server, as a read-heavy client (a wallet backend, an
 * explorer) sends them: GET /cosmos/bank/v1beta1/balances/{addr} over keep-alive HTTP/1.1
 * connections, each sending its next request when the last is answered.
 *
 * The client is a few lines over node:net rather than autocannon: it runs in this process on
 * the nodes' two cores, and autocannon spent about as much CPU per request as the node it
 * measured (34 µs against 47 µs), so the figure was half the client's. This one writes
 * prebuilt requests and reads only the status line and the body's length; its CPU per request
 * is reported beside the figures so a client-bound figure shows as one.
 */
import { connect, type Socket } from "node:net";

export interface RestLoadResult {
  reqPerSecond: number;
  p99Ms: number;
  /** Answers that were not 200, connection errors and requests unanswered at the end: should be none. */
  failures: number;
  /** This process's CPU (the load client) per request, µs: near the server's, the figure is the client's. */
  clientCpuPerRequest: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
/** The last chunk of a chunked body; a JSON body holds no raw CR or LF, so it only ends one. */
const CHUNKED_END = Buffer.from("\r\n0\r\n\r\n");
/** An answer slower than this is counted as a failure (autocannon's default timeout). */
const TIMEOUT_MS = 10_000;

/** The length of the response at the start of `buf` (headers and body), or 0 while it is incomplete. */
function responseLength(buf: Buffer): number {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return 0;
  const head = buf.toString("latin1", 0, headerEnd).toLowerCase();
  const at = head.indexOf("\r\ncontent-length:");
  if (at >= 0) {
    const total = headerEnd + 4 + parseInt(head.slice(at + 17), 10);
    return buf.length >= total ? total : 0;
  }
  if (head.includes("\r\ntransfer-encoding: chunked")) {
    const end = buf.indexOf(CHUNKED_END, headerEnd + 4 - 2);
    return end < 0 ? 0 : end + CHUNKED_END.length;
  }
  throw new Error(`response without a length: ${head.slice(0, 200)}`);
}

/** The balance route of each address: reads the node may answer from its cache when they repeat. */
export const balancePaths = (addresses: string[]): string[] => addresses.map((a) => `/cosmos/bank/v1beta1/balances/${a}`);

/**
 * Balance reads no answer cache can serve: each address's route with `?pagination.limit=` from 1
 * to `variants`, a URL each (the same balances), ordered so consecutive reads are of different
 * addresses. With 500 addresses that is 50,000 URLs: with the connections' starting places spread
 * over the list, a URL is read again only after the other 49,999 were, by which time an answer
 * cache of 10,000 has been emptied several times. Each read is computed as a wallet backend's
 * first read of an account is.
 */
export function uncachedBalancePaths(addresses: string[], variants = 100): string[] {
  const routes = balancePaths(addresses);
  return Array.from(
    { length: routes.length * variants },
    (_, i) => `${routes[i % routes.length]}?pagination.limit=${1 + Math.floor(i / routes.length)}`,
  );
}

/**
 * `seconds` of GETs of `paths` over `connections` connections; each connection walks the list in
 * order from its own starting place, spread evenly over it (one path: every request the same).
 */
export async function balanceReads(restUrl: string, paths: string[], connections: number, seconds: number): Promise<RestLoadResult> {
  const url = new URL(restUrl);
  const port = Number(url.port || 80);
  const requests = paths.map((path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`, "latin1"));
  let latencies = new Float64Array(1 << 16);
  let answered = 0;
  let failures = 0;
  let running = true;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;

  const record = (ms: number) => {
    if (answered === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[answered++] = ms;
  };

  const sockets: Socket[] = [];
  const connection = (next: number) =>
    new Promise<void>((resolve) => {
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const socket = connect({ host: url.hostname, port, noDelay: true });
      sockets.push(socket);
      const send = () => {
        sentAt = performance.now();
        socket.write(requests[next]);
        next = (next + 1) % requests.length;
      };
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        const length = responseLength(pending);
        if (length === 0) return;
        // One request at a time per connection: a complete response is this request's answer.
        const now = performance.now();
        if (now <= deadline) {
          record(now - sentAt);
          if (pending.toString("latin1", 9, 12) !== "200") failures++;
        }
        pending = pending.subarray(length);
        if (running && now < deadline) send();
        else {
          socket.destroy();
          resolve();
        }
      });
      const fail = () => {
        if (!running) return resolve();
        failures++;
        socket.destroy();
        // As autocannon: a broken connection is replaced and the load goes on.
        resolve(performance.now() < deadline ? connection(next) : undefined);
      };
      socket.on("error", fail);
      socket.on("end", fail);
    });

  const done = Promise.all(Array.from({ length: connections }, (_, i) => connection(Math.floor((i * requests.length) / connections))));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  // Requests still unanswered a timeout after the end count as failures.
  const late = await Promise.race([done.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), TIMEOUT_MS))]);
  running = false;
  if (late) {
    failures += sockets.filter((s) => !s.destroyed).length;
    for (const s of sockets) s.destroy();
  }
  const cpu = process.cpuUsage(cpu0);
  const sorted = latencies.slice(0, answered).sort();
  return {
    reqPerSecond: answered / seconds,
    p99Ms: answered === 0 ? NaN : sorted[Math.min(answered - 1, Math.floor(0.99 * answered))],
    failures,
    clientCpuPerRequest: answered > 0 ? (cpu.user + cpu.system) / answered : NaN,
  };
}
