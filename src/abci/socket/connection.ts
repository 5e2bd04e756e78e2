import type { Socket } from "node:net";
import type { AbciApplication } from "../../types/abci";
import { FrameDecoder, FrameError, encodeFrameParts } from "./framing";
import type { CallClass } from "./app-queue";
import type { Logger } from "./logger";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { callApp, decodeRequest, encodeException, encodeResponse, errorMessage, type DecodedRequest, type RequestKind } from "./requests";

export interface ConnectionContext {
  app: AbciApplication;
  logger: Logger;
  maxFrameBytes: number;
  /** The server-wide queue: the app sees one call at a time across all connections. */
  runExclusive<T>(fn: () => T | Promise<T>, cls: CallClass): Promise<T>;
  /** Starts a NEW CheckTx's work ahead of its turn (the app's precheckTx); settles, never rejects. */
  precheckTx?(tx: Uint8Array): Promise<void> | undefined;
  /** A request was read (before its turn): what the server's queue learns from its kind. */
  onRequestRead?(kind: RequestKind): void;
  onClosed(conn: AbciConnection): void;
}

// Stop reading while this much decoded-but-unanswered input waits, so a client that
// pipelines faster than the app answers cannot grow our memory without bound.
const PAUSE_BYTES = 64 * 1024 * 1024;
const PAUSE_FRAMES = 4096;
// After a fatal reply, give the peer this long to read it before we drop the socket.
const FATAL_LINGER_MS = 5_000;

/** A request read off the socket, with the work started for it ahead of its turn. */
interface Incoming {
  bytes: number;
  req: DecodedRequest;
  ready: Promise<void> | undefined;
}

/**
 * One accepted connection. Requests are handled strictly one after another, so responses
 * leave in request order and a Flush is answered only after every earlier response. What a
 * NEW CheckTx can do before its turn (signature verification on other threads) starts as
 * soon as it is read, so a pipelined burst verifies in parallel and is still answered in order.
 */
export class AbciConnection {
  private readonly decoder: FrameDecoder;
  private pending: Incoming[] = [];
  private pendingBytes = 0;
  private paused = false;
  private running = false;
  private corked = false;
  /** A Flush was answered into the corked socket while more requests waited. */
  private flushOwed = false;
  private readEnded = false;
  private done = false;

  constructor(
    readonly id: number,
    private readonly socket: Socket,
    private readonly ctx: ConnectionContext,
  ) {
    this.decoder = new FrameDecoder({ maxFrameBytes: ctx.maxFrameBytes });
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("end", () => this.onEnd());
    socket.on("error", (err: NodeJS.ErrnoException) => this.onError(err));
    socket.on("close", () => this.onClose());
  }

  destroy(): void {
    this.stop();
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    if (this.done) return;
    let frames: Buffer[];
    try {
      frames = this.decoder.push(chunk);
    } catch (err) {
      const reason = err instanceof FrameError ? err.message : `decoder bug: ${errorMessage(err)}`;
      this.ctx.logger.error({ conn: this.id, err: reason }, "ABCI framing error; closing connection");
      this.destroy();
      return;
    }
    for (const f of frames) {
      const req = decodeRequest(f);
      if (req.ok) this.ctx.onRequestRead?.(req.kind);
      const ready =
        req.ok && req.kind === "checkTx" && req.value.type === CheckTxType.NEW ? this.ctx.precheckTx?.(req.value.tx) : undefined;
      this.pending.push({ bytes: f.length, req, ready });
      this.pendingBytes += f.length;
    }
    if (!this.paused && (this.pendingBytes > PAUSE_BYTES || this.pending.length > PAUSE_FRAMES)) {
      this.paused = true;
      this.socket.pause();
    }
    this.kick();
  }

  private kick(): void {
    if (this.running || this.done || this.pending.length === 0) return;
    this.running = true;
    this.pump()
      .catch((err: unknown) => {
        this.ctx.logger.error({ conn: this.id, err: errorMessage(err) }, "ABCI connection failed");
        this.destroy();
      })
      .finally(() => {
        this.running = false;
        this.afterPump();
      });
  }

  private async pump(): Promise<void> {
    while (!this.done && this.pending.length > 0) {
      const next = this.pending.shift()!;
      this.pendingBytes -= next.bytes;
      if (this.paused && this.pendingBytes <= PAUSE_BYTES / 2 && this.pending.length <= PAUSE_FRAMES / 2) {
        this.paused = false;
        this.socket.resume();
      }
      if (next.ready) {
        // Answers owed to a Flush go out before a wait on other threads.
        if (this.flushOwed) this.uncork();
        await next.ready;
      }
      await this.handle(next.req);
    }
  }

  private afterPump(): void {
    if (this.done) return;
    this.uncork();
    if (this.pending.length > 0) this.kick();
    else if (this.readEnded) this.socket.end();
  }

  private async handle(req: DecodedRequest): Promise<void> {
    if (!req.ok) {
      this.ctx.logger.error({ conn: this.id, err: req.error }, "bad ABCI request; closing connection");
      return this.fatal(req.error);
    }
    if (req.kind === "flush") {
      await this.write(encodeResponse("flush", {}));
      // CometBFT's client sends a Flush after nearly every CheckTx: with more requests already
      // read, their answers join this write (the queue running dry, a wait on the signature
      // workers, or the next turn of the event loop uncorks).
      if (this.pending.length === 0) this.uncork();
      else if (!this.flushOwed) {
        this.flushOwed = true;
        // Bounded to the work already running: a wait (another connection's Commit on disk)
        // lets the owed answers out.
        setImmediate(() => {
          if (this.flushOwed && !this.done) this.uncork();
        });
      }
      return;
    }
    const method = req.kind;
    let body: Uint8Array;
    try {
      const res = await this.ctx.runExclusive(() => callApp(this.ctx.app, req), method === "checkTx" ? "mempool" : "consensus");
      if (res === undefined || res === null) throw new Error("handler returned no response");
      body = encodeResponse(method, res);
    } catch (err) {
      this.ctx.logger.error({ conn: this.id, method, err }, `ABCI ${method} handler threw; closing connection`);
      return this.fatal(`${method}: ${errorMessage(err)}`);
    }
    await this.write(body);
  }

  /** ResponseException, then close: the client treats it as fatal anyway. */
  private async fatal(error: string): Promise<void> {
    await this.write(encodeException(error));
    this.stop();
    this.socket.end();
    setTimeout(() => this.socket.destroy(), FATAL_LINGER_MS).unref();
  }

  private async write(body: Uint8Array): Promise<void> {
    const s = this.socket;
    if (s.destroyed || !s.writable) return;
    // Coalesce replies to a pipelined burst into fewer syscalls; Flush or an idle queue uncorks.
    if (!this.corked && this.pending.length > 0) {
      s.cork();
      this.corked = true;
    }
    const [prefix, payload] = encodeFrameParts(body);
    s.write(prefix);
    if (s.write(payload)) return;
    // A corked socket never drains, so release it before waiting.
    this.uncork();
    await new Promise<void>((resolve) => {
      const settle = (): void => {
        s.off("drain", settle);
        s.off("close", settle);
        resolve();
      };
      s.on("drain", settle);
      s.on("close", settle);
    });
  }

  private uncork(): void {
    this.flushOwed = false;
    if (!this.corked) return;
    this.corked = false;
    this.socket.uncork();
  }

  private stop(): void {
    this.done = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.uncork();
  }

  private onEnd(): void {
    // allowHalfOpen: a client may half-close after its last request and still read replies.
    this.readEnded = true;
    if (!this.running && !this.done) this.socket.end();
  }

  private onError(err: NodeJS.ErrnoException): void {
    const gone = err.code === "EPIPE" || err.code === "ECONNRESET";
    const log = gone ? this.ctx.logger.debug : this.ctx.logger.warn;
    log.call(this.ctx.logger, { conn: this.id, code: err.code, err: err.message }, "ABCI connection error");
  }

  private onClose(): void {
    this.stop();
    this.ctx.onClosed(this);
    this.ctx.logger.debug({ conn: this.id }, "ABCI connection closed");
  }
}
