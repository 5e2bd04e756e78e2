import binaryModule from "cosmjs-types/binary";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { utf8Read } from "cosmjs-types/utf8";
import { ProtoWriter } from "./proto-writer";

/**
 * cosmjs-types' binary runtime has costs that dominate a block of thousands of txs: its
 * `BinaryWriter` queues an object per field and builds a fresh 8 KiB pool for every
 * `finish()`, and `BinaryReader` copies its whole input before decoding. Both are replaced:
 * a writer that writes in place (proto-writer.ts), and a reader that views the caller's bytes
 * (decoders never write to their input). Generated decoders look the classes up on the
 * module's exports at call time, so replacing the exports reaches every message type.
 *
 * The default import is that exports object itself (a CommonJS module's `module.exports`, in
 * Node and in the esbuild bundle alike), so the bundle patches the copy its generated code
 * uses; a `createRequire` lookup would patch the package in node_modules instead.
 */
const binary = binaryModule as unknown as {
  BinaryWriter: { create(): unknown };
  BinaryReader: new (buf?: ArrayLike<number>) => {
    buf: Uint8Array;
    pos: number;
    type: number;
    len: number;
    bytes(): Uint8Array;
    string(): string;
  };
};
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice(this: Uint8Array, start: number, end: number): string }).latin1Slice;

/**
 * A proto string field: ASCII (addresses, type URLs, denoms — nearly every string in a tx) by
 * the native latin1 slice, identical for bytes below 0x80; anything else by cosmjs-types' own
 * UTF-8 reader, so its handling of every other byte sequence is unchanged. The JS reader built
 * a char-code array per string: a quarter of a CheckTx's allocation.
 */
function readString(bytes: Uint8Array): string {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return utf8Read(bytes, 0, bytes.length);
  return latin1Slice.call(bytes, 0, bytes.length);
}

/** cosmjs-types' own writer, as it was before tuning (the reference of the writer's tests). */
export const CosmjsBinaryWriter = binary.BinaryWriter;

let patched = false;

export function tuneProtoRuntime(): void {
  if (patched) return;
  patched = true;
  binary.BinaryWriter = ProtoWriter;
  const Base = binary.BinaryReader;
  type Reader = InstanceType<typeof Base>;
  // A constructor function rather than a subclass: `super()` would allocate an empty array per
  // reader (one per nested message decoded). Same fields, in the same order, as Base's.
  function ViewingReader(this: Reader, buf?: ArrayLike<number>): void {
    const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf ?? []);
    this.buf = bytes;
    this.pos = 0;
    this.type = 0;
    this.len = bytes.length;
  }
  ViewingReader.prototype = Object.create(Base.prototype, { constructor: { value: ViewingReader, writable: true, configurable: true } });
  ViewingReader.prototype.string = function string(this: Reader): string {
    return readString(this.bytes());
  };
  binary.BinaryReader = ViewingReader as unknown as typeof Base;
  // The tuned writer's bytes differ from cosmjs-types' for some 64-bit values (proto-writer.ts):
  // a generated codec that missed the patch (another copy of the package in a bundle) stops
  // the node here rather than run beside a second encoder.
  if (!(Coin.encode(Coin.fromPartial({})) instanceof ProtoWriter))
    throw new Error("cosmjs-types' generated codecs do not use the tuned proto writer");
}

tuneProtoRuntime();
