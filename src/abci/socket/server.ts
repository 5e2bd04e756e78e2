import { lstat, unlink } from "node:fs/promises";
import net from "node:net";
import type { AbciApplication } from "../../types/abci";
import { AppCallQueue } from "./app-queue";
import { AbciConnection } from "./connection";
import { DEFAULT_MAX_FRAME_BYTES } from "./framing";
import { type Logger, stderrLogger } from "./logger";
import { errorMessage } from "./requests";

export type { Logger } from "./logger";

export interface AbciSocketServerOptions {
  /** `tcp://host:port` (port 0 picks a free one) or `unix:///path/to.sock`; bare `host:port` is tcp. */
  address: string;
  logger?: Logger;
  /** Frames above this close the connection. Default 128 MB. */
  maxFrameBytes?: number;
  /** Bound of a proposal's hold on mempool work (app-queue.ts); 0 never holds. Default DEFAULT_PROPOSAL_HOLD_MS. */
  proposalHoldMs?: number;
}

type ListenTarget = { kind: "tcp"; host: string; port: number } | { kind: "unix"; path: string };

/**
 * ABCI 2.0 socket server for CometBFT v0.38. Each connection answers in order; calls into
 * the app are serialized across connections by one queue (app-queue.ts), as the Go server's
 * global lock does, consensus calls taken before waiting mempool work.
 */
export class AbciSocketServer {
  private readonly target: ListenTarget;
  private readonly logger: Logger;
  private readonly maxFrameBytes: number;
  private readonly conns = new Set<AbciConnection>();
  private server: net.Server | undefined;
  private readonly calls: AppCallQueue;
  private nextConnId = 1;

  constructor(
    private readonly app: AbciApplication,
    opts: AbciSocketServerOptions,
  ) {
    this.target = parseAddress(opts.address);
    this.logger = opts.logger ?? stderrLogger;
    this.maxFrameBytes = opts.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.calls = new AppCallQueue(opts.proposalHoldMs);
  }

  async listen(): Promise<void> {
    if (this.server) throw new Error("ABCI server already listening");
    if (this.target.kind === "unix") await removeStaleSocket(this.target.path);
    const server = net.createServer({ allowHalfOpen: true }, (socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      const ready = (): void => {
        server.off("error", reject);
        resolve();
      };
      if (this.target.kind === "unix") server.listen(this.target.path, ready);
      else server.listen(this.target.port, this.target.host || undefined, ready);
    });
    server.on("error", (err) => this.logger.error({ err: err.message }, "ABCI listener error"));
    this.server = server;
    this.logger.info({ address: this.address() }, "ABCI server listening");
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const conn of this.conns) conn.destroy();
    this.conns.clear();
    await closed;
    this.logger.info({}, "ABCI server closed");
  }

  /** The bound address (with the real port after listening on port 0), in the configured form. */
  address(): string {
    const bound = this.server?.address();
    if (bound && typeof bound === "object") {
      const host = bound.family === "IPv6" ? `[${bound.address}]` : bound.address;
      return `tcp://${host}:${bound.port}`;
    }
    if (this.target.kind === "unix") return `unix://${this.target.path}`;
    return `tcp://${this.target.host}:${this.target.port}`;
  }

  private accept(socket: net.Socket): void {
    const id = this.nextConnId++;
    const conn = new AbciConnection(id, socket, {
      app: this.app,
      logger: this.logger,
      maxFrameBytes: this.maxFrameBytes,
      runExclusive: (fn, cls) => this.calls.run(fn, cls),
      // Without worker threads a precheck has nothing to start ahead: no extra queued step.
      precheckTx: this.app.hasSigPool && this.app.precheckTx ? (tx) => this.precheckTx(tx) : undefined,
      onRequestRead: (kind) => {
        if (kind === "prepareProposal" || kind === "processProposal") this.calls.proposalStarted();
        else if (kind === "finalizeBlock") this.calls.proposalDecided();
      },
      onClosed: (c) => this.conns.delete(c),
    });
    this.conns.add(conn);
    this.logger.debug({ conn: id, remote: socket.remoteAddress ?? "unix" }, "ABCI connection accepted");
  }

  /**
   * The app's precheckTx, queued as a call like any other (it reads the check state); what
   * it then waits for (other threads) does not hold up the queue.
   */
  private precheckTx(tx: Uint8Array): Promise<void> {
    return this.calls
      .run(() => ({ started: this.app.precheckTx?.(tx) }), "mempool")
      .then((r) => r.started)
      .catch((err: unknown) => this.logger.warn({ err: errorMessage(err) }, "precheckTx failed; CheckTx verifies inline"));
  }
}

export function parseAddress(address: string): ListenTarget {
  const sep = address.indexOf("://");
  const proto = sep < 0 ? "tcp" : address.slice(0, sep);
  const rest = sep < 0 ? address : address.slice(sep + 3);
  if (proto === "unix") {
    if (!rest) throw new Error(`invalid ABCI address ${address}: empty socket path`);
    return { kind: "unix", path: rest };
  }
  if (proto !== "tcp") throw new Error(`invalid ABCI address ${address}: protocol must be tcp or unix`);
  const colon = rest.lastIndexOf(":");
  const port = Number(rest.slice(colon + 1));
  if (colon < 0 || !Number.isInteger(port) || port < 0 || port > 65535 || rest.slice(colon + 1) === "") {
    throw new Error(`invalid ABCI address ${address}: expected tcp://host:port`);
  }
  const host = rest.slice(0, colon).replace(/^\[(.*)\]$/, "$1");
  return { kind: "tcp", host, port };
}

/** A socket file left by a crashed run blocks listen; one with a live listener is not ours to take. */
async function removeStaleSocket(path: string): Promise<void> {
  let isSocket: boolean;
  try {
    isSocket = (await lstat(path)).isSocket();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (!isSocket) throw new Error(`${path} exists and is not a socket; refusing to remove it`);
  const live = await new Promise<boolean>((resolve) => {
    const probe = net.connect(path);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (live) throw new Error(`another process is listening on ${path}`);
  await unlink(path);
}
