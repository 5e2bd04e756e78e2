import { ClassicLevel } from "classic-level";

export type PutOutcome = "stored" | "identical" | "conflict";

/**
 * Envelopes in LevelDB keyed by (instructing participant, end_to_end_id). Every accepted write
 * is synced to disk before the upload is answered, so an accepted envelope survives a crash.
 */
export class EnvelopeStorage {
  private readonly db: ClassicLevel<Uint8Array, Uint8Array>;
  /** Writes to one key run one after another, so "refuse a different envelope" cannot race. */
  private readonly pending = new Map<string, Promise<unknown>>();

  private constructor(db: ClassicLevel<Uint8Array, Uint8Array>) {
    this.db = db;
  }

  static async open(dir: string): Promise<EnvelopeStorage> {
    const db = new ClassicLevel<Uint8Array, Uint8Array>(dir, { keyEncoding: "view", valueEncoding: "view" });
    await db.open();
    return new EnvelopeStorage(db);
  }

  private static key(instructingParticipant: string, endToEndId: string): Uint8Array {
    // JSON of the pair is unambiguous whatever characters the id holds.
    return new TextEncoder().encode(JSON.stringify([instructingParticipant, endToEndId]));
  }

  async get(instructingParticipant: string, endToEndId: string): Promise<Uint8Array | undefined> {
    const value = await this.db.get(EnvelopeStorage.key(instructingParticipant, endToEndId));
    // The binding hands back a Buffer; callers get a plain view of the same bytes.
    return value === undefined ? undefined : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }

  async putOnce(instructingParticipant: string, endToEndId: string, envelope: Uint8Array): Promise<PutOutcome> {
    const id = JSON.stringify([instructingParticipant, endToEndId]);
    const previous = this.pending.get(id) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async (): Promise<PutOutcome> => {
        const key = EnvelopeStorage.key(instructingParticipant, endToEndId);
        const existing = await this.db.get(key);
        if (existing !== undefined) return Buffer.from(existing).equals(Buffer.from(envelope)) ? "identical" : "conflict";
        await this.db.put(key, envelope, { sync: true });
        return "stored";
      });
    this.pending.set(id, run);
    try {
      return await run;
    } finally {
      if (this.pending.get(id) === run) this.pending.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
