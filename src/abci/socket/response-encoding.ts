import { ResponseFinalizeBlock } from "cosmjs-types/tendermint/abci/types";
import type { Event, ExecTxResult, ResponseCheckTx } from "cosmjs-types/tendermint/abci/types";
import { ProtoWriter } from "../../types/proto-writer";

/**
 * Protobuf encoding of the responses that carry one result per tx — CheckTx (a call per tx) and
 * FinalizeBlock (an entry per tx of the block) — byte for byte what cosmjs-types writes
 * (`Response.encode(Response.fromPartial(...))`, partial objects included), without the
 * fromPartial before it, which copies every event of the block. The fields are written with the
 * node's proto writer (proto-writer.ts); the rest of FinalizeBlock's response (validator and
 * consensus param updates, app hash) is cosmjs-types' encoder, into the same writer.
 */

/** `tendermint.abci.Response` oneof tags: field 9 (check_tx) and 21 (finalize_block), length-delimited. */
const RESPONSE_CHECK_TX = 9;
const RESPONSE_FINALIZE_BLOCK = 21;
const LEN = 2;
const VARINT = 0;
const EMPTY = new Uint8Array(0);

function stringField(w: ProtoWriter, field: number, s: string | undefined): void {
  if (s === undefined || s === "") return;
  w.tag(field, LEN).string(s);
}

function toBigInt(v: bigint | number | string | undefined): bigint {
  return typeof v === "bigint" ? v : BigInt((v ?? 0).toString());
}

function writeEvent(w: ProtoWriter, field: number, ev: Partial<Event>): void {
  w.tag(field, LEN).fork();
  stringField(w, 1, ev.type);
  for (const a of ev.attributes ?? []) {
    w.tag(2, LEN).fork();
    stringField(w, 1, a.key);
    stringField(w, 2, a.value);
    if (a.index === true) w.tag(3, VARINT).bool(true);
    w.ldelim();
  }
  w.ldelim();
}

/** ExecTxResult and ResponseCheckTx share fields 1-8 (code, data, log, info, gas wanted/used, events, codespace). */
function writeTxResult(w: ProtoWriter, r: Partial<ExecTxResult | ResponseCheckTx>): void {
  const code = r.code ?? 0;
  if (code !== 0) w.tag(1, VARINT).uint32(code);
  const data = r.data ?? EMPTY;
  if (data.length !== 0) w.tag(2, LEN).bytes(data);
  stringField(w, 3, r.log);
  stringField(w, 4, r.info);
  const gasWanted = toBigInt(r.gasWanted);
  if (gasWanted !== 0n) w.tag(5, VARINT).int64(gasWanted);
  const gasUsed = toBigInt(r.gasUsed);
  if (gasUsed !== 0n) w.tag(6, VARINT).int64(gasUsed);
  for (const ev of r.events ?? []) writeEvent(w, 7, ev);
  stringField(w, 8, r.codespace);
}

/** `Response{check_tx}` bytes. */
export function encodeCheckTxResponse(res: Partial<ResponseCheckTx>): Uint8Array {
  const w = ProtoWriter.create();
  w.tag(RESPONSE_CHECK_TX, LEN).fork();
  writeTxResult(w, res);
  return w.ldelim().finish();
}

/** `Response{finalize_block}` bytes. */
export function encodeFinalizeBlockResponse(res: Partial<ResponseFinalizeBlock>): Uint8Array {
  const w = ProtoWriter.create();
  w.tag(RESPONSE_FINALIZE_BLOCK, LEN).fork();
  for (const ev of res.events ?? []) writeEvent(w, 1, ev);
  for (const r of res.txResults ?? []) {
    w.tag(2, LEN).fork();
    writeTxResult(w, r);
    w.ldelim();
  }
  // Fields 3-5 follow 1 and 2 in cosmjs-types' field order; they are few, so its generated
  // encoder writes them, through the writer it is given.
  const rest = ResponseFinalizeBlock.fromPartial({
    validatorUpdates: res.validatorUpdates,
    consensusParamUpdates: res.consensusParamUpdates,
    appHash: res.appHash,
  });
  ResponseFinalizeBlock.encode(rest, w as unknown as Parameters<typeof ResponseFinalizeBlock.encode>[1]);
  return w.ldelim().finish();
}
