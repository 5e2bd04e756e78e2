import { Schema, type StoreCtx } from "../store/collections";
import { bytesKey, bytesValue, stringKey, type KeyCodec, type ValueCodec } from "../store/codecs";
import { accAddress } from "./address";

/**
 * An account address as keys held it before address keys became bytes: its bech32 text
 * (stringKey's layout). Decoding refuses anything that is not a valid account address, so a
 * migration reading the old layout skips entries already in the new one.
 */
export const legacyAccAddressText: KeyCodec<string> = {
  ...stringKey,
  name: "legacy-acc-address-text",
  encodeParts: undefined,
  encodeBin: undefined,
  decode: (b) => checked(stringKey.decode(b)),
  decodeNonTerminal: (b, offset) => {
    const [text, next] = stringKey.decodeNonTerminal(b, offset);
    return [checked(text), next];
  },
};

function checked(text: string): string {
  if (!accAddress.isValid(text)) throw new Error("not a bech32 account address");
  return text;
}

/**
 * Moves the entries a previous consensus version wrote under one prefix byte to the current
 * layout. Each stored key is read with the old codecs (`keys`, `values`); a key they do not
 * decode, or do not encode back to the same bytes, is already in the new layout and stays.
 * The old entries are all read, then removed, then handed to `write`, which stores each under
 * its new encoding (the prefix byte is shared, so no old entry may remain under a new key).
 * The raw view is built when the migration runs, never joining the module's schema.
 */
export function moveOldEntries<K, V>(
  ctx: StoreCtx,
  schemaPrefix: string,
  prefixByte: number,
  keys: KeyCodec<K>,
  values: ValueCodec<V>,
  write: (key: K, value: V) => void,
): void {
  const raw = new Schema(schemaPrefix).map(prefixByte, "legacy", bytesKey, bytesValue);
  const old: Array<[Uint8Array, K, V]> = [];
  for (const [rawKey, rawValue] of raw.iterate(ctx)) {
    const key = decodeExactly(keys, rawKey);
    if (key !== undefined) old.push([rawKey, key, values.decode(rawValue)]);
  }
  for (const [rawKey] of old) raw.remove(ctx, rawKey);
  for (const [, key, value] of old) write(key, value);
}

function decodeExactly<K>(codec: KeyCodec<K>, raw: Uint8Array): K | undefined {
  try {
    const key = codec.decode(raw);
    return Buffer.compare(codec.encode(key), raw) === 0 ? key : undefined;
  } catch {
    return undefined;
  }
}
