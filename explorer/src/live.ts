/**
 * New blocks and txs as they are committed: the CometBFT JSON-RPC websocket (subscribe to
 * NewBlock and Tx), or, when it cannot be reached, polling the REST latest block.
 */
import { rest } from "./api";

export interface LiveBlock {
  height: string;
  time: string;
  txs: number;
}

export interface LiveTx {
  hash: string;
  height: string;
}

export interface LiveHandlers {
  block(b: LiveBlock): void;
  tx(t: LiveTx): void;
  status(text: string): void;
}

const POLL_MS = 2000;

async function websocketUrl(): Promise<string | undefined> {
  try {
    const res = await fetch("config.json");
    if (!res.ok) return undefined;
    const c = (await res.json()) as { websocket: string | null; wildcardHost: boolean };
    if (!c.websocket) return undefined;
    const url = new URL(c.websocket);
    if (c.wildcardHost) url.hostname = location.hostname;
    return url.toString();
  } catch {
    return undefined;
  }
}

interface BlockEvent {
  block: { header: { height: string; time: string }; data: { txs: string[] | null } };
}

/** Starts following the chain; the returned function stops it. */
export function follow(handlers: LiveHandlers): () => void {
  let stopped = false;
  let socket: WebSocket | undefined;
  let timer: number | undefined;
  let lastHeight = 0;

  const poll = async () => {
    if (stopped) return;
    try {
      const a = await rest<BlockEvent>("cosmos/base/tendermint/v1beta1/blocks/latest");
      if (a.ok) {
        const header = a.data.block.header;
        const height = Number(header.height);
        if (height > lastHeight) {
          if (lastHeight > 0) handlers.block({ height: header.height, time: header.time, txs: a.data.block.data.txs?.length ?? 0 });
          lastHeight = height;
        }
      }
    } catch {
      // The node may be restarting: the next poll tries again.
    }
    if (!stopped) timer = window.setTimeout(poll, POLL_MS);
  };

  const fallBack = () => {
    if (stopped || timer !== undefined) return;
    handlers.status("Live: polling every 2 s.");
    void poll();
  };

  void websocketUrl().then((url) => {
    if (stopped) return;
    if (!url) return fallBack();
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: "blocks", method: "subscribe", params: { query: "tm.event='NewBlock'" } }));
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: "txs", method: "subscribe", params: { query: "tm.event='Tx'" } }));
      handlers.status("Live: subscribed over the RPC websocket.");
    };
    ws.onmessage = (m) => {
      let msg: { result?: { data?: { type: string; value: unknown }; events?: Record<string, string[]> } };
      try {
        msg = JSON.parse(String(m.data));
      } catch {
        return;
      }
      const data = msg.result?.data;
      if (!data) return;
      if (data.type === "tendermint/event/NewBlock") {
        const b = (data.value as BlockEvent).block;
        lastHeight = Math.max(lastHeight, Number(b.header.height));
        handlers.block({ height: b.header.height, time: b.header.time, txs: b.data.txs?.length ?? 0 });
      } else if (data.type === "tendermint/event/Tx") {
        const hash = msg.result?.events?.["tx.hash"]?.[0];
        const height = (data.value as { TxResult: { height: string } }).TxResult.height;
        if (hash) handlers.tx({ hash, height });
      }
    };
    ws.onclose = () => {
      if (!stopped) fallBack();
    };
  });

  return () => {
    stopped = true;
    if (timer !== undefined) window.clearTimeout(timer);
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close();
  };
}
