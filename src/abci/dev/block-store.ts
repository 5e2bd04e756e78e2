import { createHash } from "node:crypto";
import { ClassicLevel } from "classic-level";
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { RequestFinalizeBlock, ResponseFinalizeBlock, ValidatorUpdate } from "cosmjs-types/tendermint/abci/types";
import { indexedAttributes, type HeightRange, type TxPostings, type TxRef } from "./tx-postings";

const enc = new TextEncoder();
const MAX_HEIGHT = 0xffffffffffffffffn;

function readHeight(raw: Uint8Array): bigint {
  return new DataView(raw.buffer, raw.byteOffset).getBigUint64(0);
}

function heightKey(prefix: string, height: bigint): Uint8Array {
  const key = new Uint8Array(prefix.length + 8);
  key.set(enc.encode(prefix));
  new DataView(key.buffer).setBigUint64(prefix.length, height);
  return key;
}

/** A list of ValidatorUpdates, each length-delimited (as a repeated proto field 1). */
function encodeValidatorSet(set: ValidatorUpdate[]): Uint8Array {
  const w = BinaryWriter.create();
  for (const v of set) ValidatorUpdate.encode(v, w.uint32(10).fork()).ldelim();
  return w.finish();
}

function decodeValidatorSet(raw: Uint8Array): ValidatorUpdate[] {
  const r = new BinaryReader(raw);
  const out: ValidatorUpdate[] = [];
  // Each entry's own bytes go to the codec, not this reader: the codec only continues a reader
  // of the class it was tuned with (types/proto-runtime.ts), which this module may not see.
  while (r.pos < r.len) {
    r.uint32();
    out.push(ValidatorUpdate.decode(r.bytes()));
  }
  return out;
}

/** The validator set in force at a height (as CometBFT's state store keeps it). */
export interface HeightValidators {
  height: bigint;
  validators: ValidatorUpdate[];
}

export type TxLocation = TxRef;

const INDEXED_THROUGH = enc.encode("i");

function refSuffix(prefix: Uint8Array, ref: TxRef): Uint8Array {
  const key = new Uint8Array(prefix.length + 12);
  key.set(prefix);
  const view = new DataView(key.buffer);
  view.setBigUint64(prefix.length, ref.height);
  view.setUint32(prefix.length + 8, ref.index);
  return key;
}

function refOf(key: Uint8Array): TxRef {
  const view = new DataView(key.buffer, key.byteOffset + key.length - 12, 12);
  return { height: view.getBigUint64(0), index: view.getUint32(8) };
}

/** "e", the attribute's length and bytes: a prefix no other attribute's entries share. */
function attributePrefix(attribute: string): Uint8Array {
  const bytes = enc.encode(attribute);
  const prefix = new Uint8Array(5 + bytes.length);
  prefix[0] = 0x65;
  new DataView(prefix.buffer).setUint32(1, bytes.length);
  prefix.set(bytes, 5);
  return prefix;
}

const ALL_TXS = enc.encode("a");
const EMPTY = new Uint8Array();

/**
 * The dev engine's block store, playing CometBFT's part: a block is saved (fsynced) before
 * the app executes it, so after a crash the engine can replay what the app had not committed;
 * results and the tx index are saved after Commit.
 *
 * The tx index is kept as CometBFT's kv indexer keeps it, in the same database and batch as
 * the results: an empty entry per (attribute, tx) and per tx by height, so a search reads key
 * ranges and a start rebuilds nothing.
 */
export class DevBlockStore implements TxPostings {
  private constructor(
    private readonly db: ClassicLevel<Uint8Array, Uint8Array>,
    private saved: bigint,
  ) {}

  static async open(dir: string): Promise<DevBlockStore> {
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    await db.open();
    const last = await db.get(enc.encode("last"));
    const store = new DevBlockStore(db, last ? new DataView(last.buffer, last.byteOffset).getBigUint64(0) : 0n);
    await store.indexMissing();
    return store;
  }

  /** Stores written before the index was persisted: index their results once. */
  private async indexMissing(): Promise<void> {
    const through = await this.db.get(INDEXED_THROUGH);
    for (let h = through ? readHeight(through) + 1n : 1n; h <= this.saved; h++) {
      const [block, results] = await Promise.all([this.block(h), this.results(h)]);
      if (!block || !results) continue;
      await this.saveResults(
        h,
        results,
        block.txs.map((tx) => createHash("sha256").update(tx).digest("hex").toUpperCase()),
      );
    }
  }

  get lastSavedHeight(): bigint {
    return this.saved;
  }

  async saveBlock(block: RequestFinalizeBlock): Promise<void> {
    const last = new Uint8Array(8);
    new DataView(last.buffer).setBigUint64(0, block.height);
    await this.db.batch(
      [
        { type: "put", key: heightKey("b", block.height), value: RequestFinalizeBlock.encode(block).finish() },
        { type: "put", key: enc.encode("last"), value: last },
      ],
      { sync: true },
    );
    this.saved = block.height;
  }

  async block(height: bigint): Promise<RequestFinalizeBlock | undefined> {
    const raw = await this.db.get(heightKey("b", height));
    return raw ? RequestFinalizeBlock.decode(raw) : undefined;
  }

  /** Saves a block's results and, when known, the validator set its updates lead to (in force two heights on). */
  async saveResults(height: bigint, response: ResponseFinalizeBlock, txHashes: string[], nextSet?: HeightValidators): Promise<void> {
    const ops: Array<{ type: "put"; key: Uint8Array; value: Uint8Array }> = [
      { type: "put", key: heightKey("r", height), value: ResponseFinalizeBlock.encode(response).finish() },
    ];
    if (nextSet) ops.push({ type: "put", key: heightKey("v", nextSet.height), value: encodeValidatorSet(nextSet.validators) });
    txHashes.forEach((hash, index) => {
      const ref = { height, index };
      ops.push({ type: "put", key: enc.encode(`t${hash}`), value: refSuffix(EMPTY, ref) });
      ops.push({ type: "put", key: refSuffix(ALL_TXS, ref), value: EMPTY });
      for (const attribute of indexedAttributes(response.txResults[index]))
        ops.push({ type: "put", key: refSuffix(attributePrefix(attribute), ref), value: EMPTY });
    });
    ops.push({ type: "put", key: INDEXED_THROUGH, value: heightKey("", height) });
    await this.db.batch(ops, { sync: true });
  }

  async results(height: bigint): Promise<ResponseFinalizeBlock | undefined> {
    const raw = await this.db.get(heightKey("r", height));
    return raw ? ResponseFinalizeBlock.decode(raw) : undefined;
  }

  /** Records the sets of the first heights (InitChain's answer, in force at the initial height and the next). */
  async saveValidatorSets(sets: HeightValidators[]): Promise<void> {
    await this.db.batch(
      sets.map((s) => ({ type: "put" as const, key: heightKey("v", s.height), value: encodeValidatorSet(s.validators) })),
      { sync: true },
    );
  }

  /** The validator set in force at a height; undefined for heights not recorded (stores older than the record). */
  async validatorSet(height: bigint): Promise<ValidatorUpdate[] | undefined> {
    const raw = await this.db.get(heightKey("v", height));
    return raw ? decodeValidatorSet(raw) : undefined;
  }

  async txLocation(hash: string): Promise<TxLocation | undefined> {
    const raw = await this.db.get(enc.encode(`t${hash.toUpperCase()}`));
    return raw ? refOf(raw) : undefined;
  }

  refByHash(hash: string): Promise<TxRef | undefined> {
    return this.txLocation(hash);
  }

  private async refsIn(gte: Uint8Array, lte: Uint8Array): Promise<TxRef[]> {
    const refs: TxRef[] = [];
    for await (const key of this.db.keys({ gte, lte })) refs.push(refOf(key));
    return refs;
  }

  refsByAttribute(attribute: string): Promise<TxRef[]> {
    const prefix = attributePrefix(attribute);
    return this.refsIn(refSuffix(prefix, { height: 0n, index: 0 }), refSuffix(prefix, { height: MAX_HEIGHT, index: 0xffffffff }));
  }

  async refsByHeight({ from = 0n, to = MAX_HEIGHT }: HeightRange): Promise<TxRef[]> {
    // Bounds outside uint64 (tx.height<0, tx.height>2^64-1) match nothing.
    if (to < 0n || from > MAX_HEIGHT || from > to) return [];
    return this.refsIn(
      refSuffix(ALL_TXS, { height: from, index: 0 }),
      refSuffix(ALL_TXS, { height: to > MAX_HEIGHT ? MAX_HEIGHT : to, index: 0xffffffff }),
    );
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
