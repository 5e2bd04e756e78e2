import { bytesKey, type KeyCodec } from "../store/codecs";
import { accAddress, valAddress } from "./address";

/**
 * A bech32 address as a store key part: stored as its bytes (the bytesKey layout: raw when
 * last, one length byte before it otherwise), read back as the canonical bech32 string. Keys
 * never hold an address's spelling, so two spellings of one address are one key, and the
 * order of keys is the order of the address bytes, as in the SDK's sdk.AccAddressKey.
 */
function addressKey(name: string, decode: (address: string) => Uint8Array, encode: (bytes: Uint8Array) => string): KeyCodec<string> {
  return {
    name,
    // The caller copies the parts into the joined key, so the shared decoding needs no copy.
    encodeParts: (address, into) => void into.push(decode(address)),
    encode: (address) => bytesKey.encode(decode(address)),
    decode: (b) => encode(b),
    encodeNonTerminal: (address) => bytesKey.encodeNonTerminal(decode(address)),
    decodeNonTerminal: (b, offset) => {
      const [bytes, next] = bytesKey.decodeNonTerminal(b, offset);
      return [encode(bytes), next];
    },
  };
}

/** An account address (the chain's account prefix) kept as bytes in keys. */
export const accAddressKey: KeyCodec<string> = addressKey("acc-address", accAddress.keyPart, accAddress.encode);

/** A validator operator address (the valoper prefix) kept as bytes in keys. */
export const valAddressKey: KeyCodec<string> = addressKey("val-address", valAddress.decode, valAddress.encode);
