import net from "node:net";
import { Request, Response } from "cosmjs-types/tendermint/abci/types";
import type { DeepPartial } from "cosmjs-types/helpers";
import { FrameDecoder, encodeFrame } from "./framing";
import { parseAddress } from "./server";

/** A connected socket to an ABCI address in the server's own form (tcp://host:port or unix://path). */
export async function dialAbci(address: string): Promise<net.Socket> {
  const target = parseAddress(address);
  const socket = target.kind === "unix" ? net.connect(target.path) : net.connect(target.port, target.host || "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return socket;
}

interface Waiter {
  resolve: (res: Response) => void;
  reject: (err: Error) => void;
}

/**
 * The client side of an ABCI socket connection, as CometBFT's socket client drives it:
 * requests pipelined, answered in request order, a Flush closing each batch. The node uses
 * it for its own traffic only (the start-up warm-up); CometBFT is the real client.
 */
export class AbciSocketClient {
  private readonly decoder = new FrameDecoder({ maxFrameBytes: 1 << 30 });
  private readonly waiting: Waiter[] = [];
  private failure: Error | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("error", (err) => this.fail(err));
    socket.on("close", () => this.fail(new Error("ABCI connection closed")));
  }

  static async connect(address: string): Promise<AbciSocketClient> {
    return new AbciSocketClient(await dialAbci(address));
  }

  /** Sends the requests and a Flush in one write; resolves with their responses, in order. */
  async call(requests: DeepPartial<Request>[]): Promise<Response[]> {
    if (this.failure) throw this.failure;
    const frames = [...requests, { flush: {} }].map((r) => encodeFrame(Request.encode(Request.fromPartial(r)).finish()));
    const answers = frames.map(() => new Promise<Response>((resolve, reject) => this.waiting.push({ resolve, reject })));
    this.socket.write(Buffer.concat(frames));
    const responses = await Promise.all(answers);
    return responses.slice(0, requests.length);
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    let frames: Buffer[];
    try {
      frames = this.decoder.push(chunk);
    } catch (err) {
      this.fail(err as Error);
      this.socket.destroy();
      return;
    }
    for (const f of frames) {
      const res = Response.decode(f);
      const waiter = this.waiting.shift();
      if (!waiter) return this.fail(new Error("ABCI response without a request"));
      if (res.exception) waiter.reject(new Error(`ABCI exception: ${res.exception.error}`));
      else waiter.resolve(res);
    }
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const w of this.waiting.splice(0)) w.reject(err);
  }
}
