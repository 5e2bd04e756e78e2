import { ResponseFinalizeBlock } from "cosmjs-types/tendermint/abci/types";
import type { Event, ExecTxResult, ResponseCheckTx } from "cosmjs-types/tendermint/abci/types";
import { copyAscii } from "../../types/proto-writer";

/**
 * Protobuf encoding of the responses that carry one result per tx — CheckTx (a call per tx) and
 * FinalizeBlock (an entry per tx of the block) — byte for byte what cosmjs-types writes
 * (`Response.encode(Response.fromPartial(...))`, partial objects included). Its writer makes an
 * object per field and a JS UTF-8 loop per string, and the fromPartial before it copies every
 * event: about 220 ms and most of a collection cycle for a 5,000-tx block. This writer fills one
 * growing buffer, strings with Buffer's native UTF-8 encoder. The rest of FinalizeBlock's
 * response (validator and consensus param updates, app hash) still goes through cosmjs-types.
 */

/** `tendermint.abci.Response` oneof tags: field 9 (check_tx) and 21 (finalize_block), length-delimited. */
const RESPONSE_CHECK_TX = 9;
const RESPONSE_FINALIZE_BLOCK = 21;
const LEN = 2;
const VARINT = 0;
const EMPTY = new Uint8Array(0);

function varintSize(n: number): number {
  let size = 1;
  while (n > 127) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

class Writer {
  private buf: Buffer;
  private pos = 0;

  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    // All of it: a string or message being closed may lie past `pos`.
    this.buf.copy(next);
    this.buf = next;
  }

  /** An unsigned varint below 2^53 (lengths, tags, uint32 codes, non-negative int64 below 2^53). */
  private varintAt(at: number, n: number): number {
    const b = this.buf;
    while (n > 127) {
      b[at++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    b[at++] = n;
    return at;
  }

  varint(n: number): void {
    this.ensure(10);
    this.pos = this.varintAt(this.pos, n);
  }

  tag(field: number, wireType: number): void {
    this.varint(field * 8 + wireType);
  }

  /** int64 as protobuf writes it: a negative value as its 64-bit two's complement (10 bytes). */
  int64(v: bigint): void {
    if (v >= 0n && v <= 0x1f_ffff_ffff_ffffn) {
      this.varint(Number(v));
      return;
    }
    let u = BigInt.asUintN(64, v);
    this.ensure(10);
    while (u > 127n) {
      this.buf[this.pos++] = Number(u & 127n) | 128;
      u >>= 7n;
    }
    this.buf[this.pos++] = Number(u);
  }

  bytes(b: Uint8Array): void {
    this.varint(b.length);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  string(s: string): void {
    // Event keys and values are short ASCII (addresses, amounts): copied by char code, which
    // costs less than a call into the native encoder; anything else is left to the encoder.
    const n = s.length;
    if (n < 128) {
      this.ensure(1 + n);
      if (copyAscii(s, this.buf, this.pos + 1)) {
        this.buf[this.pos] = n;
        this.pos += 1 + n;
        return;
      }
    }
    // Encoded in place after a one-byte length, which nearly every string fits; moved if not.
    this.ensure(10 + n * 3);
    const start = this.pos + 1;
    this.closeAt(this.pos, start, this.buf.write(s, start, "utf8"));
  }

  /** Starts a length-delimited field; returns where its length goes, for end(). */
  begin(field: number): number {
    this.tag(field, LEN);
    this.ensure(1);
    return this.pos++;
  }

  end(lengthAt: number): void {
    this.closeAt(lengthAt, lengthAt + 1, this.pos - lengthAt - 1);
  }

  /** Writes the length `n` of the content at [start, start + n) at `at` (= start - 1), moving the content if it needs more bytes. */
  private closeAt(at: number, start: number, n: number): void {
    const size = varintSize(n);
    if (size > 1) {
      this.ensure(size - 1);
      this.buf.copyWithin(at + size, start, start + n);
    }
    this.varintAt(at, n);
    this.pos = at + size + n;
  }

  raw(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

function stringField(w: Writer, field: number, s: string | undefined): void {
  if (s === undefined || s === "") return;
  w.tag(field, LEN);
  w.string(s);
}

function toBigInt(v: bigint | number | string | undefined): bigint {
  return typeof v === "bigint" ? v : BigInt((v ?? 0).toString());
}

function writeEvent(w: Writer, field: number, ev: Partial<Event>): void {
  const at = w.begin(field);
  stringField(w, 1, ev.type);
  for (const a of ev.attributes ?? []) {
    const aAt = w.begin(2);
    stringField(w, 1, a.key);
    stringField(w, 2, a.value);
    if (a.index === true) {
      w.tag(3, VARINT);
      w.varint(1);
    }
    w.end(aAt);
  }
  w.end(at);
}

/** ExecTxResult and ResponseCheckTx share fields 1-8 (code, data, log, info, gas wanted/used, events, codespace). */
function writeTxResult(w: Writer, r: Partial<ExecTxResult | ResponseCheckTx>): void {
  const code = r.code ?? 0;
  if (code !== 0) {
    w.tag(1, VARINT);
    w.varint(code >>> 0);
  }
  const data = r.data ?? EMPTY;
  if (data.length !== 0) {
    w.tag(2, LEN);
    w.bytes(data);
  }
  stringField(w, 3, r.log);
  stringField(w, 4, r.info);
  const gasWanted = toBigInt(r.gasWanted);
  if (gasWanted !== 0n) {
    w.tag(5, VARINT);
    w.int64(gasWanted);
  }
  const gasUsed = toBigInt(r.gasUsed);
  if (gasUsed !== 0n) {
    w.tag(6, VARINT);
    w.int64(gasUsed);
  }
  for (const ev of r.events ?? []) writeEvent(w, 7, ev);
  stringField(w, 8, r.codespace);
}

/** `Response{check_tx}` bytes. */
export function encodeCheckTxResponse(res: Partial<ResponseCheckTx>): Uint8Array {
  const w = new Writer(512);
  const at = w.begin(RESPONSE_CHECK_TX);
  writeTxResult(w, res);
  w.end(at);
  return w.finish();
}

/** `Response{finalize_block}` bytes. */
export function encodeFinalizeBlockResponse(res: Partial<ResponseFinalizeBlock>): Uint8Array {
  const w = new Writer(64 * 1024);
  const at = w.begin(RESPONSE_FINALIZE_BLOCK);
  for (const ev of res.events ?? []) writeEvent(w, 1, ev);
  for (const r of res.txResults ?? []) {
    const rAt = w.begin(2);
    writeTxResult(w, r);
    w.end(rAt);
  }
  // Fields 3-5 follow 1 and 2 in cosmjs-types' field order; they are few, so it encodes them.
  w.raw(ResponseFinalizeBlock.encode(ResponseFinalizeBlock.fromPartial({
    validatorUpdates: res.validatorUpdates,
    consensusParamUpdates: res.consensusParamUpdates,
    appHash: res.appHash,
  })).finish());
  w.end(at);
  return w.finish();
}
