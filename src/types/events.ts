/** ABCI event shape (cosmjs-types `Event`), kept local so modules need no ABCI import. */
export interface EventAttribute {
  key: string;
  value: string;
  index: boolean;
}

export interface Event {
  type: string;
  attributes: EventAttribute[];
}

/** A JSON value as a typed-event attribute carries it (64-bit ints as strings, like proto JSON). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

/**
 * Collects the events of one execution scope. A tx's events are discarded with its branch
 * when it fails, so the manager is created per tx (and per message) and merged on success.
 */
export class EventManager {
  readonly events: Event[] = [];

  /**
   * @param recording false for (re)CheckTx, whose events nobody reads (CometBFT's mempool drops
   * them, and the SDK returns none): events are then neither kept nor, where the caller checks,
   * built.
   */
  constructor(readonly recording = true) {}

  /** Plain Cosmos event (e.g. "transfer" with recipient/sender/amount). */
  emit(type: string, attributes: Record<string, string>): void {
    if (!this.recording) return;
    // for-in visits a plain object's keys in Object.entries' order without building the pairs
    // (every tx emits about ten events).
    const list: EventAttribute[] = [];
    for (const key in attributes) list.push({ key, value: attributes[key]!, index: true });
    this.events.push({ type, attributes: list });
  }

  /**
   * Typed event, Cosmos style: type = the proto full name (e.g. "blockchain.netting.v1.EventReserveChanged"),
   * one attribute per field with its JSON encoding as value (strings quoted, 64-bit ints as quoted
   * strings, enums by name), in the order the caller gives (proto field order).
   */
  emitTyped(protoFullName: string, fields: Record<string, JsonValue>): void {
    if (!this.recording) return;
    this.events.push({
      type: protoFullName,
      attributes: Object.entries(fields).map(([key, value]) => ({ key, value: JSON.stringify(value), index: true })),
    });
  }

  append(events: readonly Event[]): void {
    if (!this.recording) return;
    // A loop, not push(...events): spread arguments overflow the stack past ~120k events.
    for (const event of events) this.events.push(event);
  }
}
