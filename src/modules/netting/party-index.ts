import type { Obligation } from "../../gen/blockchain/netting/v1/netting";
import type { KeySet, StoreCtx } from "../../store/collections";
import { tripleKey, uint64Key } from "../../store/codecs";
import type { Index, IndexSpec } from "../../store/indexed-map";
import type { Page, PageRequest } from "../../store/pagination";
import { accAddressKey } from "../../types/address-key";

const KEY = tripleKey(accAddressKey, uint64Key, uint64Key);

/**
 * Obligations by party: (participant, cycle, id) for the debtor and for the creditor of each.
 * A multiIndex gives a record one reference; an obligation has two, so this index writes both
 * in step with the obligations map.
 */
export class PartyIndex implements Index<bigint, Obligation> {
  constructor(private readonly set: KeySet<[string, bigint, bigint]>) {}

  onSet(ctx: StoreCtx, id: bigint, o: Obligation, old: Obligation | undefined): void {
    if (old !== undefined) this.onRemove(ctx, id, old);
    this.set.set(ctx, [o.fromParticipant, o.cycleId, id]);
    this.set.set(ctx, [o.toParticipant, o.cycleId, id]);
  }

  onRemove(ctx: StoreCtx, id: bigint, old: Obligation): void {
    this.set.remove(ctx, [old.fromParticipant, old.cycleId, id]);
    this.set.remove(ctx, [old.toParticipant, old.cycleId, id]);
  }

  has(ctx: StoreCtx, participant: string, cycleId: bigint, id: bigint): boolean {
    return this.set.has(ctx, [participant, cycleId, id]);
  }

  /** Ids of the obligations the participant owes or is owed in the cycle, in id order. */
  paginate(ctx: StoreCtx, participant: string, cycleId: bigint, req: PageRequest = {}): Page<bigint> {
    const page = this.set.paginate(ctx, req, { prefix: KEY.prefix2(participant, cycleId) });
    return { items: page.items.map(([, , id]) => id), nextKey: page.nextKey, total: page.total };
  }
}

export function partyIndex(prefixByte: number): IndexSpec<bigint, Obligation, PartyIndex> {
  return { build: (schema, mapName, indexName) => new PartyIndex(schema.keySet(prefixByte, `${mapName}.${indexName}`, KEY)) };
}
