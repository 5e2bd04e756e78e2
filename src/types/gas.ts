import type { BinKVStore, Branch, KVStore } from "../store/types";
import { sdkErrors } from "./errors";

/** The SDK's KVGasConfig (store/types/gas.go). */
export const KV_GAS = {
  has: 1000n,
  delete: 1000n,
  readFlat: 1000n,
  readPerByte: 3n,
  writeFlat: 2000n,
  writePerByte: 30n,
  iterNextFlat: 30n,
} as const;

export class OutOfGasError extends Error {
  constructor(readonly descriptor: string) {
    super(`out of gas in location: ${descriptor}`);
  }
}

/**
 * Counts gas against a limit (the tx's gas limit; unlimited for block hooks and queries).
 * Throws OutOfGasError (mapped to sdk code 11) when the limit is crossed; consumption is
 * still recorded so gas_used reports what was attempted, as the SDK does.
 */
export class GasMeter {
  // Counted in a double: exact for integers below 2^53, far above any gas a tx can burn
  // (a 1 MB tx costs ~10^7), and much cheaper than bigint arithmetic on every store access.
  private used = 0;
  private readonly cap: number;

  constructor(readonly limit: bigint | undefined) {
    this.cap = limit === undefined ? Number.POSITIVE_INFINITY : Number(limit);
  }

  static infinite(): GasMeter {
    return new GasMeter(undefined);
  }

  get consumed(): bigint {
    return BigInt(this.used);
  }

  consume(amount: bigint | number, descriptor: string): void {
    this.used += Number(amount);
    if (this.used > this.cap) throw new OutOfGasError(descriptor);
  }

  isPastLimit(): boolean {
    return this.used > this.cap;
  }
}

export function outOfGasToAppError(e: OutOfGasError, meter: GasMeter) {
  return sdkErrors.ErrOutOfGas.wrap(`${e.message}; gasWanted: ${meter.limit ?? 0n}, gasUsed: ${meter.consumed}`);
}

const G = {
  has: Number(KV_GAS.has),
  delete: Number(KV_GAS.delete),
  readFlat: Number(KV_GAS.readFlat),
  readPerByte: Number(KV_GAS.readPerByte),
  writeFlat: Number(KV_GAS.writeFlat),
  writePerByte: Number(KV_GAS.writePerByte),
  iterNextFlat: Number(KV_GAS.iterNextFlat),
};

/**
 * A KV view that charges the SDK's KV costs to a meter for every access. Keys in binary-string
 * form (the *Bin methods) cost the same: one char per byte.
 */
export class GasKVStore implements KVStore, BinKVStore {
  constructor(
    private readonly parent: Branch,
    private readonly meter: GasMeter,
  ) {}

  getBin(key: string): Uint8Array | undefined {
    this.meter.consume(G.readFlat, "ReadFlat");
    const value = this.parent.getBin(key);
    this.meter.consume(G.readPerByte * (key.length + (value?.length ?? 0)), "ReadPerByte");
    return value;
  }

  hasBin(key: string): boolean {
    this.meter.consume(G.has, "Has");
    return this.parent.hasBin(key);
  }

  setBin(key: string, value: Uint8Array): void {
    this.meter.consume(G.writeFlat, "WriteFlat");
    this.meter.consume(G.writePerByte * (key.length + value.length), "WritePerByte");
    this.parent.setBin(key, value);
  }

  deleteBin(key: string): void {
    this.meter.consume(G.delete, "Delete");
    this.parent.deleteBin(key);
  }

  get(key: Uint8Array): Uint8Array | undefined {
    this.meter.consume(G.readFlat, "ReadFlat");
    const value = this.parent.get(key);
    this.meter.consume(G.readPerByte * (key.length + (value?.length ?? 0)), "ReadPerByte");
    return value;
  }

  has(key: Uint8Array): boolean {
    this.meter.consume(G.has, "Has");
    return this.parent.has(key);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.meter.consume(G.writeFlat, "WriteFlat");
    this.meter.consume(G.writePerByte * (key.length + value.length), "WritePerByte");
    this.parent.set(key, value);
  }

  delete(key: Uint8Array): void {
    this.meter.consume(G.delete, "Delete");
    this.parent.delete(key);
  }

  *iterator(start?: Uint8Array, end?: Uint8Array, reverse?: boolean): IterableIterator<[Uint8Array, Uint8Array]> {
    for (const entry of this.parent.iterator(start, end, reverse)) {
      this.meter.consume(G.iterNextFlat, "IterNextFlat");
      this.meter.consume(G.readPerByte * (entry[0].length + entry[1].length), "ValuePerByte");
      yield entry;
    }
  }
}
