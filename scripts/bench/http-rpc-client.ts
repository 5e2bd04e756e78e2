/**
 * The client an ordinary user's program is: JSON-RPC POSTs to CometBFT through node:http, each
 * caller on its own keep-alive Agent holding one socket, so a caller's requests go one after
 * another on its connection. The cold mode of bench:vs-sdk broadcasts with it; the warm mode
 * keeps the leaner rpc-client.ts, whose own CPU is lower on the cores it shares with the nodes.
 */
import http from "node:http";

/** What bench:vs-sdk's load needs of a client: requests built ahead, then sent by caller. */
export interface Broadcaster {
  /** The request of a JSON-RPC call, built before the clock starts. */
  request(method: string, params: Record<string, string>): Buffer;
  /** Sends it on `caller`'s connection; resolves with the JSON-RPC result, rejects with its error. */
  send<T>(request: Buffer, caller?: number): Promise<T>;
  close(): void;
}

export class HttpRpcClient implements Broadcaster {
  private readonly agents = new Map<number, http.Agent>();
  private readonly host: string;
  private readonly port: number;
  private id = 0;

  constructor(
    rpcUrl: string,
    private readonly timeoutMs = 120_000,
  ) {
    const url = new URL(rpcUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** The POST body; node:http writes the request line and headers when it is sent. */
  request(method: string, params: Record<string, string>): Buffer {
    return Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: ++this.id, method, params }), "utf8");
  }

  send<T>(body: Buffer, caller = 0): Promise<T> {
    let agent = this.agents.get(caller);
    if (!agent) this.agents.set(caller, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
    return new Promise<T>((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method: "POST",
          path: "/",
          agent,
          headers: { "content-type": "application/json", "content-length": body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
                result?: T;
                error?: { message?: string; data?: string };
              };
              if (parsed.error) reject(new Error(`${parsed.error.message ?? ""} ${parsed.error.data ?? ""}`.trim()));
              else resolve(parsed.result as T);
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        },
      );
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`no answer within ${this.timeoutMs / 1000} s`)));
      req.on("error", reject);
      req.end(body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
