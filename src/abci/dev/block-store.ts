import { ClassicLevel } from "classic-level";
import { RequestFinalizeBlock, ResponseFinalizeBlock } from "cosmjs-types/tendermint/abci/types";

const enc = new TextEncoder();

function heightKey(prefix: string, height: bigint): Uint8Array {
  const key = new Uint8Array(prefix.length + 8);
  key.set(enc.encode(prefix));
  new DataView(key.buffer).setBigUint64(prefix.length, height);
  return key;
}

export interface TxLocation {
  height: bigint;
  index: number;
}

/**
 * The dev engine's block store, playing CometBFT's part: a block is saved (fsynced) before
 * the app executes it, so after a crash the engine can replay what the app had not committed;
 * results and the tx index are saved after Commit.
 */
export class DevBlockStore {
  private constructor(
    private readonly db: ClassicLevel<Uint8Array, Uint8Array>,
    private saved: bigint,
  ) {}

  static async open(dir: string): Promise<DevBlockStore> {
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    await db.open();
    const last = await db.get(enc.encode("last"));
    return new DevBlockStore(db, last ? new DataView(last.buffer, last.byteOffset).getBigUint64(0) : 0n);
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

  async saveResults(height: bigint, response: ResponseFinalizeBlock, txHashes: string[]): Promise<void> {
    const ops: Array<{ type: "put"; key: Uint8Array; value: Uint8Array }> = [
      { type: "put", key: heightKey("r", height), value: ResponseFinalizeBlock.encode(response).finish() },
    ];
    txHashes.forEach((hash, index) => {
      const loc = new Uint8Array(12);
      const view = new DataView(loc.buffer);
      view.setBigUint64(0, height);
      view.setUint32(8, index);
      ops.push({ type: "put", key: enc.encode(`t${hash}`), value: loc });
    });
    await this.db.batch(ops, { sync: true });
  }

  async results(height: bigint): Promise<ResponseFinalizeBlock | undefined> {
    const raw = await this.db.get(heightKey("r", height));
    return raw ? ResponseFinalizeBlock.decode(raw) : undefined;
  }

  async txLocation(hash: string): Promise<TxLocation | undefined> {
    const raw = await this.db.get(enc.encode(`t${hash.toUpperCase()}`));
    if (!raw) return undefined;
    const view = new DataView(raw.buffer, raw.byteOffset);
    return { height: view.getBigUint64(0), index: view.getUint32(8) };
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
