import { TxResponse } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import type { Timestamp } from "../types/codec";
import type { BroadcastOutcome, IndexedTx } from "../node/backend";

/** Go's time.Format(time.RFC3339): whole seconds, "Z". */
export function rfc3339Seconds(t: Timestamp | undefined): string {
  if (!t) return "";
  return new Date(Number(t.seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The SDK's TxResponse (sdk.NewResponseResultTx): data as upper-case hex, logs empty (SDK 0.50
 * no longer parses raw_log), the tx as an Any of cosmos.tx.v1beta1.Tx — TxRaw's bytes are a
 * valid Tx encoding, since both number body, auth info and signatures 1, 2, 3.
 */
export function txResponseOf(tx: IndexedTx): TxResponse {
  const r: ExecTxResult = tx.result;
  return TxResponse.fromPartial({
    height: tx.height,
    txhash: tx.hash.toUpperCase(),
    codespace: r.codespace,
    code: r.code,
    data: Buffer.from(r.data).toString("hex").toUpperCase(),
    rawLog: r.log,
    logs: [],
    info: r.info,
    gasWanted: r.gasWanted,
    gasUsed: r.gasUsed,
    tx: { typeUrl: "/cosmos.tx.v1beta1.Tx", value: tx.tx },
    timestamp: rfc3339Seconds(tx.time),
    events: r.events,
  });
}

/** broadcast_tx_sync/async result as the SDK answers it (no height, no tx). */
export function broadcastResponseOf(b: BroadcastOutcome): TxResponse {
  return TxResponse.fromPartial({ txhash: b.hash.toUpperCase(), codespace: b.codespace, code: b.code, rawLog: b.log });
}
