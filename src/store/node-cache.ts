import type { ClassicLevel } from "classic-level";
import { toBin } from "./bytes.js";
import { nsKey, NS } from "./layout.js";
import { LRU } from "./lru.js";
import { decodeNode, type TreeNode } from "./smt-node.js";
import type { NodeSource } from "./smt.js";

/**
 * Synchronous node reads for the tree: the hot top levels stay in the LRU, the rest come
 * from LevelDB getSync. Node keys are never reused for different content except after a
 * rollback, which clears the cache.
 */
export class NodeCache implements NodeSource {
  private readonly cache: LRU<string, TreeNode>;

  constructor(private readonly db: ClassicLevel<Uint8Array, Uint8Array>, capacity: number) {
    this.cache = new LRU(capacity);
  }

  load(nodeKey: Uint8Array): TreeNode {
    const k = toBin(nodeKey);
    const hit = this.cache.get(k);
    if (hit) return hit;
    const raw = this.db.getSync(nsKey(NS.tree, nodeKey));
    if (!raw) throw new Error(`smt: missing tree node ${Buffer.from(nodeKey).toString("hex")}`);
    const node = decodeNode(raw);
    this.cache.set(k, node);
    return node;
  }

  remember(nodeKey: Uint8Array, node: TreeNode): void {
    this.cache.set(toBin(nodeKey), node);
  }

  forget(nodeKey: Uint8Array): void {
    this.cache.delete(toBin(nodeKey));
  }

  clear(): void {
    this.cache.clear();
  }
}
