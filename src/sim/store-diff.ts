import type { KVStore } from "../store/types";

const MAX_SHOWN = 6;

function show(key: Uint8Array): string {
  const slash = key.indexOf(0x2f);
  const prefix = slash > 0 ? Buffer.from(key.subarray(0, slash + 1)).toString("latin1") : "";
  return `${prefix}${Buffer.from(key.subarray(prefix.length)).toString("hex")}`;
}

/**
 * Keys whose values differ between two states (missing on one side counts), as text for a
 * failure report: which module's records an export left out or an import rebuilt differently.
 */
export function diffStores(a: KVStore, b: KVStore): string {
  const left = a.iterator();
  const right = b.iterator();
  let l = left.next();
  let r = right.next();
  const diffs: string[] = [];
  let total = 0;
  const note = (what: string) => {
    total++;
    if (diffs.length < MAX_SHOWN) diffs.push(what);
  };
  while (!l.done || !r.done) {
    const cmp = l.done ? 1 : r.done ? -1 : Buffer.compare(l.value[0], r.value[0]);
    if (cmp < 0) {
      note(`only in leader: ${show(l.value[0])}`);
      l = left.next();
    } else if (cmp > 0) {
      note(`only in imported: ${show(r.value[0])}`);
      r = right.next();
    } else {
      if (Buffer.compare(l.value[1], r.value[1]) !== 0) note(`differs: ${show(l.value[0])}`);
      l = left.next();
      r = right.next();
    }
  }
  return total === 0 ? "no key differs" : `${total} keys differ: ${diffs.join("; ")}`;
}
