import type { Context } from "../../types/context";
import { denomHash, denomPath, type Denom } from "./denom";
import { goJsonQuote } from "./go-text";

/*
 * ICS-20's events with ibc-go v10's types and attributes (relayers and explorers search them):
 * ibc_transfer on send, fungible_token_packet on receive and acknowledgement, timeout on a
 * timeout refund, denomination when a voucher's trace is first seen; each with a `message`
 * event naming module `transfer`, as ibc-go emits them.
 */

const MODULE = "transfer";

/** The packet fields every event repeats, as the packet carried them. */
export interface PacketFields {
  sender: string;
  receiver: string;
  denom: Denom;
  amountText: string;
  memo: string;
}

const message = (ctx: Context) => ctx.events.emit("message", { module: MODULE });

function upperHex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex").toUpperCase();
}

/** encoding/json of the Go Denom (trace `null` when native, hop fields omitted when empty). */
export function denomJson(d: Denom): string {
  const hops = d.trace.map((h) => {
    const fields: string[] = [];
    if (h.portId !== "") fields.push(`"port_id":${goJsonQuote(h.portId)}`);
    if (h.channelId !== "") fields.push(`"channel_id":${goJsonQuote(h.channelId)}`);
    return `{${fields.join(",")}}`;
  });
  const base = d.base !== "" ? `"base":${goJsonQuote(d.base)},` : "";
  return `{${base}"trace":${d.trace.length === 0 ? "null" : `[${hops.join(",")}]`}}`;
}

/** encoding/json of the Go Token. */
function tokenJson(d: Denom, amount: string): string {
  return `{"denom":${denomJson(d)}${amount !== "" ? `,"amount":${goJsonQuote(amount)}` : ""}}`;
}

/** gogoproto's CompactTextString of an Acknowledgement: `result:"\001" ` or `error:"…" `. */
export function ackText(ack: { result: Uint8Array } | { error: string }): string {
  const bytes = "result" in ack ? ack.result : new TextEncoder().encode(ack.error);
  let s = "";
  for (const b of bytes) {
    if (b === 0x0a) s += "\\n";
    else if (b === 0x0d) s += "\\r";
    else if (b === 0x09) s += "\\t";
    else if (b === 0x22) s += '\\"';
    else if (b === 0x5c) s += "\\\\";
    else if (b >= 0x20 && b < 0x7f) s += String.fromCharCode(b);
    else s += "\\" + b.toString(8).padStart(3, "0");
  }
  return `${"result" in ack ? "result" : "error"}:"${s}" `;
}

export const transferEvents = {
  transfer(ctx: Context, p: PacketFields): void {
    ctx.events.emit("ibc_transfer", {
      sender: p.sender,
      receiver: p.receiver,
      denom: denomPath(p.denom),
      amount: p.amountText,
      memo: p.memo,
    });
    message(ctx);
  },
  /** On receive; `ackError` is the error the acknowledgement stands for, when it is one. */
  recv(ctx: Context, p: PacketFields | undefined, success: boolean, ackError: string | undefined): void {
    const attrs: Record<string, string> = {
      sender: p?.sender ?? "",
      receiver: p?.receiver ?? "",
      denom: p ? denomPath(p.denom) : "",
      amount: p?.amountText ?? "",
      memo: p?.memo ?? "",
      success: String(success),
    };
    if (ackError !== undefined) attrs.error = ackError;
    ctx.events.emit("fungible_token_packet", attrs);
    message(ctx);
  },
  acknowledgement(ctx: Context, p: PacketFields, ack: { result: Uint8Array } | { error: string }): void {
    ctx.events.emit("fungible_token_packet", {
      sender: p.sender,
      receiver: p.receiver,
      denom: denomPath(p.denom),
      amount: p.amountText,
      memo: p.memo,
      acknowledgement: ackText(ack),
    });
    message(ctx);
    if ("result" in ack) ctx.events.emit("fungible_token_packet", { success: new TextDecoder().decode(ack.result) });
    else ctx.events.emit("fungible_token_packet", { error: ack.error });
  },
  /** The refund's receiver is the packet's sender. */
  timeout(ctx: Context, p: PacketFields): void {
    ctx.events.emit("timeout", { receiver: p.sender, refund_tokens: tokenJson(p.denom, p.amountText), memo: p.memo });
    message(ctx);
  },
  denomination(ctx: Context, d: Denom): void {
    ctx.events.emit("denomination", { denom_hash: upperHex(denomHash(d)), denom: denomJson(d) });
  },
};
