/**
 * Bounded cache with least-recently-used-like eviction at O(1) per hit: entries live in a
 * young and an old generation; a hit in the old one promotes the entry, and when the young
 * generation fills it becomes the old one (the previous old one is dropped). A hit in the young
 * generation is a single Map lookup, which is what the store's hot reads need.
 */
export class LRU<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(private readonly capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) {
      this.old.delete(key);
      this.insert(key, o);
    }
    return o;
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) return;
    this.old.delete(key);
    this.insert(key, value);
  }

  private insert(key: K, value: V): void {
    this.young.set(key, value);
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
  }

  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
