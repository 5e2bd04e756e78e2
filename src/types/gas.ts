import type { KVStore } from "../store/types";
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
  private used = 0n;

  constructor(readonly limit: bigint | undefined) {}

  static infinite(): GasMeter {
    return new GasMeter(undefined);
  }

  get consumed(): bigint {
    return this.used;
  }

  consume(amount: bigint, descriptor: string): void {
    this.used += amount;
    if (this.limit !== undefined && this.used > this.limit) throw new OutOfGasError(descriptor);
  }

  /** Refunds are not part of the SDK model; kept absent on purpose. */
  isPastLimit(): boolean {
    return this.limit !== undefined && this.used > this.limit;
  }
}

export function outOfGasToAppError(e: OutOfGasError, meter: GasMeter) {
  return sdkErrors.ErrOutOfGas.wrap(`${e.message}; gasWanted: ${meter.limit ?? 0n}, gasUsed: ${meter.consumed}`);
}

/** A KV view that charges the SDK's KV costs to a meter for every access. */
export class GasKVStore implements KVStore {
  constructor(
    private readonly parent: KVStore,
    private readonly meter: GasMeter,
  ) {}

  get(key: Uint8Array): Uint8Array | undefined {
    this.meter.consume(KV_GAS.readFlat, "ReadFlat");
    const value = this.parent.get(key);
    this.meter.consume(KV_GAS.readPerByte * BigInt(key.length + (value?.length ?? 0)), "ReadPerByte");
    return value;
  }

  has(key: Uint8Array): boolean {
    this.meter.consume(KV_GAS.has, "Has");
    return this.parent.has(key);
  }

  set(key: Uint8Array, value: Uint8Array): void {
    this.meter.consume(KV_GAS.writeFlat, "WriteFlat");
    this.meter.consume(KV_GAS.writePerByte * BigInt(key.length + value.length), "WritePerByte");
    this.parent.set(key, value);
  }

  delete(key: Uint8Array): void {
    this.meter.consume(KV_GAS.delete, "Delete");
    this.parent.delete(key);
  }

  *iterator(start?: Uint8Array, end?: Uint8Array, reverse?: boolean): IterableIterator<[Uint8Array, Uint8Array]> {
    for (const entry of this.parent.iterator(start, end, reverse)) {
      this.meter.consume(KV_GAS.iterNextFlat, "IterNextFlat");
      this.meter.consume(KV_GAS.readPerByte * BigInt(entry[0].length + entry[1].length), "ValuePerByte");
      yield entry;
    }
  }
}
