import { maybe, q } from "./api";
import { isAddress, isTxHash } from "./format";

export type SearchTarget = { kind: "account" | "tx" | "block"; path: string } | { kind: "none"; reason: string };

/** What a search term names: address → account, 64 hex → tx, digits → block, otherwise an alias. */
export async function resolveSearch(term: string): Promise<SearchTarget> {
  const t = term.trim();
  if (t === "") return { kind: "none", reason: "Type an address, a tx hash, a block height or an alias." };
  if (isAddress(t.toLowerCase())) return { kind: "account", path: `#/account/${t.toLowerCase()}` };
  if (isTxHash(t)) return { kind: "tx", path: `#/tx/${t.toUpperCase()}` };
  if (/^\d+$/.test(t)) return { kind: "block", path: `#/block/${BigInt(t).toString()}` };
  const found = await maybe<{ alias: { id: string; address: string } }>(`blockchain/alias/v1/alias/${q(t)}`).catch(() => undefined);
  if (found?.alias?.address) return { kind: "account", path: `#/account/${found.alias.address}` };
  return { kind: "none", reason: `Nothing found for “${t}”: not an address, tx hash, height or registered alias.` };
}

/** The search box in the header: every page has it. */
export function wireSearchBox(): void {
  const form = document.getElementById("search") as HTMLFormElement;
  const input = document.getElementById("q") as HTMLInputElement;
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const term = input.value.trim();
    if (term) location.hash = `#/search/${encodeURIComponent(term)}`;
  });
}
