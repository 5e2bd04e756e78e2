import net from "node:net";
import type { DeepPartial } from "cosmjs-types/helpers";
import * as abci from "cosmjs-types/tendermint/abci/types";
import { Request, Response } from "cosmjs-types/tendermint/abci/types";
import { dialAbci } from "../../../src/abci/socket/client";
import { FrameDecoder, encodeFrame } from "../../../src/abci/socket/framing";
import type { Logger } from "../../../src/abci/socket/logger";
import type { AbciApplication } from "../../../src/types/abci";

export function reqFrame(req: DeepPartial<Request>): Buffer {
  return encodeFrame(Request.encode(Request.fromPartial(req as Request)).finish());
}

export interface LogLine {
  level: string;
  obj: Record<string, unknown>;
  msg?: string;
}

export function captureLogger(): Logger & { lines: LogLine[]; errors(): LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (obj: object, msg?: string) => {
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  };
  return {
    lines,
    errors: () => lines.filter((l) => l.level === "error"),
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
  };
}

/** Scripted ABCI client: writes raw bytes, collects decoded responses in arrival order. */
export class TestClient {
  readonly responses: Response[] = [];
  readonly closed: Promise<void>;
  private readonly decoder = new FrameDecoder({ maxFrameBytes: 1 << 30 });
  private waiter: (() => void) | undefined;
  private isClosed = false;

  private constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      for (const f of this.decoder.push(chunk)) this.responses.push(Response.decode(f));
      this.waiter?.();
    });
    socket.on("error", () => {});
    this.closed = new Promise((resolve) =>
      socket.on("close", () => {
        this.isClosed = true;
        this.waiter?.();
        resolve();
      }),
    );
  }

  static async connect(address: string): Promise<TestClient> {
    return new TestClient(await dialAbci(address));
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (err) => (err ? reject(err) : resolve())));
  }

  /** Resolves once `n` responses arrived in total; rejects if the server closes first. */
  async waitFor(n: number, timeoutMs = 20_000): Promise<Response[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.responses.length < n) {
      if (this.isClosed) throw new Error(`connection closed after ${this.responses.length}/${n} responses`);
      if (Date.now() > deadline) throw new Error(`timeout after ${this.responses.length}/${n} responses`);
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        setTimeout(resolve, 200);
      });
    }
    return this.responses.slice(0, n);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

export function kindOf(res: Response): string {
  const keys = Object.entries(res).filter(([, v]) => v !== undefined);
  if (keys.length !== 1) throw new Error(`response with ${keys.length} cases`);
  return keys[0]![0];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fake app: async handlers that yield, and a counter proving calls never overlap. */
export class FakeApp implements AbciApplication {
  active = 0;
  maxActive = 0;
  calls: string[] = [];
  delayMs = 0;

  private async enter<T>(name: string, fn: () => T): Promise<T> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    this.calls.push(name);
    try {
      await (this.delayMs > 0 ? sleep(this.delayMs) : Promise.resolve());
      await new Promise((r) => setImmediate(r));
      return fn();
    } finally {
      this.active--;
    }
  }

  echo(req: abci.RequestEcho) {
    return this.enter("echo", () => abci.ResponseEcho.fromPartial({ message: req.message }));
  }
  info(_req: abci.RequestInfo) {
    return this.enter("info", () => abci.ResponseInfo.fromPartial({ data: "fake", version: "1", appVersion: 7n, lastBlockHeight: 42n }));
  }
  initChain() {
    return this.enter("initChain", () => abci.ResponseInitChain.fromPartial({}));
  }
  query() {
    return this.enter("query", () => abci.ResponseQuery.fromPartial({ code: 0 }));
  }
  checkTx(req: abci.RequestCheckTx) {
    return this.enter("checkTx", () => {
      if (Buffer.from(req.tx).toString() === "boom") throw new Error("kaboom");
      return abci.ResponseCheckTx.fromPartial({ code: 0, data: req.tx, gasWanted: BigInt(req.tx.length) });
    });
  }
  prepareProposal() {
    return this.enter("prepareProposal", () => abci.ResponsePrepareProposal.fromPartial({ txs: [] }));
  }
  processProposal() {
    return this.enter("processProposal", () => abci.ResponseProcessProposal.fromPartial({ status: 1 }));
  }
  finalizeBlock() {
    return this.enter("finalizeBlock", () => abci.ResponseFinalizeBlock.fromPartial({ appHash: new Uint8Array([1, 2, 3]) }));
  }
  commit() {
    return this.enter("commit", () => abci.ResponseCommit.fromPartial({ retainHeight: 0n }));
  }
  extendVote() {
    return this.enter("extendVote", () => abci.ResponseExtendVote.fromPartial({ voteExtension: new Uint8Array() }));
  }
  verifyVoteExtension() {
    return this.enter("verifyVoteExtension", () => abci.ResponseVerifyVoteExtension.fromPartial({ status: 1 }));
  }
  listSnapshots() {
    return this.enter("listSnapshots", () => abci.ResponseListSnapshots.fromPartial({ snapshots: [] }));
  }
  offerSnapshot() {
    return this.enter("offerSnapshot", () => abci.ResponseOfferSnapshot.fromPartial({ result: 1 }));
  }
  loadSnapshotChunk() {
    return this.enter("loadSnapshotChunk", () => abci.ResponseLoadSnapshotChunk.fromPartial({ chunk: new Uint8Array([9]) }));
  }
  applySnapshotChunk() {
    return this.enter("applySnapshotChunk", () => abci.ResponseApplySnapshotChunk.fromPartial({ result: 1 }));
  }
}
