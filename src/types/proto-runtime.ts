import { createRequire } from "node:module";

/**
 * cosmjs-types' binary runtime has two costs that dominate a block of thousands of txs:
 * `BinaryWriter.alloc` builds a fresh 8 KiB pool for every `finish()` (one slab per encoded
 * message), and `BinaryReader` copies its whole input before decoding. Both are behaviour-
 * preserving to replace: exact-size allocation, and a reader that views the caller's bytes
 * (decoders never write to their input). Generated decoders look the classes up on the
 * module's exports at call time, so replacing the exports reaches every message type.
 */
const require = createRequire(import.meta.url);
const binary = require("cosmjs-types/binary") as {
  BinaryWriter: { alloc(size: number): Uint8Array };
  BinaryReader: new (buf?: ArrayLike<number>) => { buf: Uint8Array; pos: number; type: number; len: number };
};

let patched = false;

export function tuneProtoRuntime(): void {
  if (patched) return;
  patched = true;
  binary.BinaryWriter.alloc = (size: number) => new Uint8Array(size);
  const Base = binary.BinaryReader;
  class ViewingReader extends Base {
    constructor(buf?: ArrayLike<number>) {
      super();
      const bytes = buf instanceof Uint8Array ? buf : new Uint8Array(buf ?? []);
      this.buf = bytes;
      this.pos = 0;
      this.type = 0;
      this.len = bytes.length;
    }
  }
  binary.BinaryReader = ViewingReader;
}

tuneProtoRuntime();
