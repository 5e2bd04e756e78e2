/**
 * A lean JSON-RPC-over-HTTP/1.1 client for CometBFT's RPC: keep-alive sockets, one request in
 * flight on each, requests written as one buffer and responses parsed from the raw bytes.
 *
 * Why not node:http: the load client shares the two cores with the node under test, and
 * node:http's request/response machinery (agent bookkeeping, streams, header objects) cost
 * ~90–120 µs of CPU per broadcast here — a fifth of what the machine spends per committed tx.
 * The bytes on the wire are the same POSTs.
 */
import { connect, type Socket } from "node:net";

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

interface Waiter {
  resolve(body: Buffer): void;
  reject(err: Error): void;
  sentAt: number;
}

/** What is known of the response being read: headers parsed, then a body of known length or chunks. */
interface ResponseState {
  bodyStart: number;
  length: number | undefined;
  chunked: boolean;
  close: boolean;
}

const CHUNKED_END = Buffer.from("0\r\n\r\n");

class KeepAliveConnection {
  private socket: Socket | undefined;
  /** The response's bytes so far, joined only when they may be complete (a block is megabytes). */
  private chunks: Buffer[] = [];
  private received = 0;
  private head: ResponseState | undefined;
  waiter: Waiter | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  send(request: Buffer, waiter: Waiter): void {
    this.waiter = waiter;
    this.chunks = [];
    this.received = 0;
    this.head = undefined;
    if (!this.socket || this.socket.destroyed) this.open();
    this.socket!.write(request);
  }

  fail(err: Error): void {
    const w = this.waiter;
    this.waiter = undefined;
    this.socket?.destroy();
    this.socket = undefined;
    w?.reject(err);
  }

  private open(): void {
    const s = connect({ host: this.host, port: this.port, noDelay: true });
    // A failed socket's late events (its close follows the destroy) must not reach the request
    // that a new socket now carries.
    s.on("data", (chunk: Buffer) => this.socket === s && this.onData(chunk));
    s.on("error", (err) => this.socket === s && this.fail(err));
    s.on("close", () => this.socket === s && this.fail(new Error("connection closed before the response")));
    this.socket = s;
  }

  private onData(chunk: Buffer): void {
    if (!this.waiter) return;
    this.chunks.push(chunk);
    this.received += chunk.length;
    if (!this.head) {
      const data = this.joined();
      const end = data.indexOf(HEADER_END);
      if (end < 0) return;
      const lines = data.toString("latin1", 0, end).toLowerCase();
      // Not the status: CometBFT puts JSON-RPC errors in the body (with 200 or 500), which `send` reads.
      const length = /\r\ncontent-length:\s*(\d+)/.exec(lines);
      this.head = {
        bodyStart: end + HEADER_END.length,
        length: length ? Number(length[1]) : undefined,
        chunked: /\r\ntransfer-encoding:\s*chunked/.test(lines),
        close: /\r\nconnection:\s*close/.test(lines),
      };
      if (this.head.length === undefined && !this.head.chunked) return this.fail(new Error("response without length"));
    }
    const { bodyStart, length, chunked, close } = this.head;
    let body: Buffer | undefined;
    if (chunked) {
      // A chunked body ends with the zero-size chunk (CometBFT sends no trailers).
      if (!endsWith(chunk, this.chunks, CHUNKED_END)) return;
      body = dechunk(this.joined(), bodyStart);
    } else {
      if (this.received < bodyStart + length!) return;
      body = this.joined().subarray(bodyStart, bodyStart + length!);
    }
    if (!body) return;
    const w = this.waiter;
    this.waiter = undefined;
    if (close) {
      this.socket?.destroy();
      this.socket = undefined;
    }
    w.resolve(body);
  }

  private joined(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0];
  }
}

/** Whether the bytes received so far (the last being `last`) end with `suffix`. */
function endsWith(last: Buffer, all: Buffer[], suffix: Buffer): boolean {
  if (last.length >= suffix.length) return last.subarray(last.length - suffix.length).equals(suffix);
  const tail = Buffer.concat(all.slice(-suffix.length));
  return tail.length >= suffix.length && tail.subarray(tail.length - suffix.length).equals(suffix);
}

/** The body of a complete chunked message starting at `from`, or undefined while chunks are missing. */
function dechunk(data: Buffer, from: number): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const eol = data.indexOf(CRLF, at);
    if (eol < 0) return undefined;
    const size = parseInt(data.toString("latin1", at, eol), 16);
    if (size === 0) return Buffer.concat(parts);
    if (data.length < eol + 2 + size + 2) return undefined;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

export class RpcClient {
  private readonly idle: KeepAliveConnection[] = [];
  private readonly busy = new Set<KeepAliveConnection>();
  private readonly queue: Array<{ request: Buffer; waiter: Waiter }> = [];
  private readonly host: string;
  private readonly port: number;
  private readonly prefix: string;
  private readonly timer: NodeJS.Timeout;
  private id = 0;

  /** At most `connections` sockets; a request beyond them waits for one to be free. */
  constructor(
    rpcUrl: string,
    private readonly connections: number,
    private readonly timeoutMs = 120_000,
  ) {
    const url = new URL(rpcUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.prefix = `POST / HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n`;
    // One sweep instead of a timer per request.
    this.timer = setInterval(() => this.expire(), 1_000).unref();
  }

  /** The whole request for a JSON-RPC call, built ahead (e.g. before a timed run starts). */
  request(method: string, params: Record<string, string>): Buffer {
    const body = JSON.stringify({ jsonrpc: "2.0", id: ++this.id, method, params });
    return Buffer.from(`${this.prefix}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, "utf8");
  }

  /** Sends a request built by `request`; resolves with the JSON-RPC result, rejects with its error. */
  async send<T>(request: Buffer): Promise<T> {
    const body = await new Promise<Buffer>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, sentAt: Date.now() };
      const conn = this.idle.pop() ?? (this.busy.size < this.connections ? new KeepAliveConnection(this.host, this.port) : undefined);
      if (conn) this.dispatch(conn, request, waiter);
      else this.queue.push({ request, waiter });
    });
    const parsed = JSON.parse(body.toString("utf8")) as { result?: T; error?: { message?: string; data?: string } };
    if (parsed.error) throw new Error(`${parsed.error.message ?? ""} ${parsed.error.data ?? ""}`.trim());
    return parsed.result as T;
  }

  call<T>(method: string, params: Record<string, string> = {}): Promise<T> {
    return this.send<T>(this.request(method, params));
  }

  close(): void {
    clearInterval(this.timer);
    for (const c of [...this.idle, ...this.busy]) c.fail(new Error("client closed"));
    this.idle.length = 0;
    this.busy.clear();
  }

  private dispatch(conn: KeepAliveConnection, request: Buffer, waiter: Waiter): void {
    this.busy.add(conn);
    const release = (): void => {
      this.busy.delete(conn);
      const next = this.queue.shift();
      if (next) this.dispatch(conn, next.request, next.waiter);
      else this.idle.push(conn);
    };
    conn.send(request, {
      sentAt: waiter.sentAt,
      resolve: (b) => {
        release();
        waiter.resolve(b);
      },
      reject: (e) => {
        release();
        waiter.reject(e);
      },
    });
  }

  private expire(): void {
    const limit = Date.now() - this.timeoutMs;
    const late = (): Error => new Error(`no answer within ${this.timeoutMs / 1000} s`);
    for (const c of this.busy) if (c.waiter && c.waiter.sentAt < limit) c.fail(late());
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].waiter.sentAt < limit) this.queue.splice(i, 1)[0].waiter.reject(late());
    }
  }
}
