import type { ClassicLevel } from "classic-level";
import { toBin } from "./bytes.js";
import { nsKey, NS } from "./layout.js";
import { NodeSlab } from "./node-slab.js";
import type { PrefetchSource } from "./prefetch.js";
import { decodeNode, type Ref, type TreeNode } from "./smt-node.js";
import type { NodeSource } from "./smt.js";

/** Keys per getMany call; several calls run in parallel on libuv's thread pool. */
const READ_CHUNK = 256;
const PARALLEL_READS = 4;
/** Nodes per round of the breadth-first warm-up. */
const WARM_ROUND = 1024;

/**
 * Synchronous node reads for the tree: cached nodes come from the slab, the rest from
 * LevelDB getSync. Node keys are never reused for different content except after a
 * rollback, which clears the cache (and bumps the epoch, discarding reads in flight).
 *
 * Prefetched nodes are also pinned until the next commit or rollback, so a block whose
 * paths outnumber the slab still finds all of them in memory.
 */
export class NodeCache implements NodeSource, PrefetchSource {
  private readonly cache: NodeSlab;
  private readonly pinned = new Map<string, TreeNode>();
  /** Bumped by clear(): reads started before it may carry content of reused keys. */
  private epoch = 0;
  /** The latest prefetch read; the warm-up waits for it, a block's reads come first. */
  private prefetching: Promise<void> = Promise.resolve();

  constructor(private readonly db: ClassicLevel<Uint8Array, Uint8Array>, capacity: number) {
    this.cache = new NodeSlab(capacity);
  }

  load(nodeKey: Uint8Array): TreeNode {
    const k = toBin(nodeKey);
    const hit = this.pinned.get(k) ?? this.cache.get(k);
    if (hit) return hit;
    const raw = this.db.getSync(nsKey(NS.tree, nodeKey));
    if (!raw) throw new Error(`smt: missing tree node ${Buffer.from(nodeKey).toString("hex")}`);
    this.cache.set(k, raw);
    return decodeNode(raw);
  }

  /** The node if in memory, pinned for the coming update (the slab alone may evict it). */
  peek(ref: Ref): TreeNode | undefined {
    if (ref.node) return ref.node;
    const k = toBin(ref.key!);
    const pinned = this.pinned.get(k);
    if (pinned) return pinned;
    const cached = this.cache.get(k);
    if (cached) this.pinned.set(k, cached);
    return cached;
  }

  loadMany(nodeKeys: Uint8Array[]): Promise<boolean> {
    const reading = this.read(nodeKeys, true, PARALLEL_READS);
    this.prefetching = reading.then(() => undefined, () => undefined);
    return reading;
  }

  /**
   * Loads the tree breadth-first from `root`, top levels first, until `budget` nodes are
   * cached or `stop()` says so. Restarted nodes then find the hot upper paths in memory
   * instead of paying a disk read per level on their first commits.
   */
  async warm(root: Ref | null, budget: number, stop: () => boolean): Promise<void> {
    let queue: Ref[] = root === null ? [] : [root];
    let head = 0;
    let loaded = 0;
    for (;;) {
      await this.prefetching;
      if (head >= queue.length || loaded >= budget || stop()) return;
      const take = queue.slice(head, head + Math.min(WARM_ROUND, budget - loaded));
      head += take.length;
      if (head > 1 << 16) {
        queue = queue.slice(head);
        head = 0;
      }
      const missing = take.filter((r) => r.key && !this.cache.has(toBin(r.key))).map((r) => r.key!);
      // One read at a time: the warm-up must leave the thread pool to prefetches of blocks.
      if (missing.length > 0 && !(await this.read(missing, false, 1))) return;
      loaded += take.length;
      for (const r of take) {
        const node = r.node ?? this.cache.get(toBin(r.key!));
        if (node?.t === "inner") {
          if (node.left) queue.push(node.left);
          if (node.right) queue.push(node.right);
        }
      }
    }
  }

  private async read(nodeKeys: Uint8Array[], pin: boolean, parallel: number): Promise<boolean> {
    const epoch = this.epoch;
    const chunks: Uint8Array[][] = [];
    const size = Math.max(READ_CHUNK, Math.ceil(nodeKeys.length / parallel));
    for (let i = 0; i < nodeKeys.length; i += size) chunks.push(nodeKeys.slice(i, i + size));
    const results = await Promise.all(chunks.map((c) => this.db.getMany(c.map((k) => nsKey(NS.tree, k)))));
    if (epoch !== this.epoch) return false;
    let i = 0;
    for (const raws of results) {
      for (const raw of raws) {
        const k = toBin(nodeKeys[i++]!);
        if (!raw) return false;
        if (pin) this.pinned.set(k, decodeNode(raw));
        this.cache.set(k, raw);
      }
    }
    return true;
  }

  /**
   * A node just written, by its stored encoding. Its key is new: keys of a height are only
   * reused after a rollback of that height, and rollback clears the cache.
   */
  remember(nodeKey: Uint8Array, encoded: Uint8Array): void {
    this.cache.setFresh(toBin(nodeKey), encoded);
  }

  unpin(): void {
    this.pinned.clear();
  }

  clear(): void {
    this.epoch++;
    this.cache.clear();
    this.pinned.clear();
  }
}
