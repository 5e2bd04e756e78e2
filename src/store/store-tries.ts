import { commitInfoHash, type StoreRoot } from "./commit-info";
import { EMPTY_ROOT } from "./hash";
import { NodeArena, NONE } from "./node-arena";
import { applyChanges, buildTrie, discardNodes, type KeyChange, type NodeLog, settleNodes } from "./trie";

/**
 * The stores' tries: one per store, the store being what a state key has before its first
 * "/" (`bank/...` is key `...` of store `bank`). The app hash commits to every store's root
 * through the commit info (commit-info.ts).
 *
 * Which stores the app hash names: those of the last commit, the stores the node was opened
 * with (the modules') and every store holding a key. The set only grows, and is kept in the
 * commit record, so a store added by an upgrade joins at its first commit and the app hash of
 * an earlier height is still reproduced. A store without keys has root sha256 of nothing.
 */
export interface TrieState {
  /** Root per store (NONE = empty), for every store the app hash names. */
  roots: Map<string, number>;
}

export interface TrieUpdate extends TrieState, NodeLog {}

const SLASH = 0x2f;

export class StoreTries {
  readonly arena = new NodeArena();

  constructor(
    /** Stores that exist at the next commit even without keys. */
    readonly opened: readonly string[],
  ) {
    for (const name of opened) checkStoreName(name);
  }

  /** The store of a state key: its part before the first "/". */
  static storeOf(key: string): string {
    const slash = key.indexOf("/");
    if (slash <= 0) throw new Error(`state key ${JSON.stringify(key)} has no "<store>/" prefix`);
    return key.slice(0, slash);
  }

  /** Builds tries from keys fed in full-key order (a state scan at open). */
  builder(stores: readonly string[]): TrieBuilder {
    return new TrieBuilder(this.arena, stores);
  }

  /**
   * `base` with `changes` applied (sorted by full key, unique), copy-on-write: `base` stays
   * valid until the update is settled, and the update can be discarded.
   */
  apply(base: TrieState, changes: readonly KeyChange[]): TrieUpdate {
    const roots = new Map(base.roots);
    for (const name of this.opened) if (!roots.has(name)) roots.set(name, NONE);
    const up: TrieUpdate = { roots, created: [], retired: [] };
    for (let lo = 0; lo < changes.length;) {
      const store = StoreTries.storeOf(changes[lo]!.key);
      checkStoreName(store);
      let hi = lo + 1;
      while (hi < changes.length && inStore(changes[hi]!.key, store)) {
        if (changes[hi - 1]!.key >= changes[hi]!.key) throw new Error("store tries: changes must be sorted by key and unique");
        hi++;
      }
      if (hi < changes.length && changes[hi - 1]!.key >= changes[hi]!.key)
        throw new Error("store tries: changes must be sorted by key and unique");
      const root = roots.get(store) ?? NONE;
      const next = applyChanges(this.arena, root, changes, lo, hi, store.length + 1, up);
      if (next !== NONE || roots.has(store)) roots.set(store, next);
      lo = hi;
    }
    return up;
  }

  discard(up: NodeLog): void {
    discardNodes(this.arena, up);
  }

  settle(up: NodeLog): void {
    settleNodes(this.arena, up);
  }

  /** Each store's name and root hash, by name. */
  storeRoots(state: TrieState): StoreRoot[] {
    return [...state.roots.keys()].sort().map((name) => ({ name, root: this.rootHash(state, name) }));
  }

  rootHash(state: TrieState, store: string): Uint8Array {
    const root = state.roots.get(store);
    if (root === undefined) throw new Error(`no store named ${store}`);
    return root === NONE ? EMPTY_ROOT : this.arena.hashOf(root);
  }

  appHash(state: TrieState): Uint8Array {
    return commitInfoHash(this.storeRoots(state));
  }
}

export class TrieBuilder {
  private readonly roots: Map<string, number>;
  private readonly created: number[] = [];
  private store = "";
  private leaves: number[] = [];

  constructor(
    private readonly arena: NodeArena,
    stores: readonly string[],
  ) {
    this.roots = new Map(stores.map((s) => [s, NONE]));
  }

  add(key: string, valueHash: Uint8Array): void {
    if (!inStore(key, this.store)) {
      this.flush();
      this.store = StoreTries.storeOf(key);
      checkStoreName(this.store);
      if ((this.roots.get(this.store) ?? NONE) !== NONE) throw new Error(`state keys of store ${this.store} are not contiguous`);
    }
    this.leaves.push(this.arena.newLeaf(key, this.store.length + 1, valueHash));
  }

  finish(): TrieState {
    this.flush();
    return { roots: this.roots };
  }

  private flush(): void {
    if (this.store !== "") this.roots.set(this.store, buildTrie(this.arena, this.leaves, this.store.length + 1, this.created));
    this.leaves = [];
  }
}

/** True when `key` is a key of `store` (starts with "<store>/"). */
function inStore(key: string, store: string): boolean {
  return store !== "" && key.length > store.length && key.charCodeAt(store.length) === SLASH && key.startsWith(store);
}

/** Store names are printable ASCII without "/": the commit info encodes them as UTF-8. */
function checkStoreName(name: string): void {
  if (!/^[\x21-\x2e\x30-\x7e]+$/.test(name)) throw new Error(`invalid store name ${JSON.stringify(name)}`);
}
