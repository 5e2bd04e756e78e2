import { Role, type RoleGrant } from "../../gen/blockchain/alias/v1/alias";
import type { KeySet, StoreCtx } from "../../store/collections";
import { pairKey, stringKey, uint32Key, type KeyCodec, type PairKeyCodec } from "../../store/codecs";
import { MultiIndex, type IndexSpec } from "../../store/indexed-map";
import type { Page, PageRequest } from "../../store/pagination";

/** A role grant's key: (holder, role, jurisdiction). */
export type GrantKey = [string, Role, string];
/** A grant's scope: (jurisdiction, role). */
type Scope = [string, Role];

const SCOPE = pairKey(stringKey, uint32Key) as KeyCodec<Scope>;

/**
 * Role grants by scope, in (jurisdiction, role, holder) order: a multiIndex of the grants that
 * is also read by jurisdiction alone (every role over a country), which a full reference
 * (jurisdiction and role) cannot express.
 */
export class ScopeIndex extends MultiIndex<Scope, GrantKey, RoleGrant> {
  constructor(scopes: KeySet<[Scope, GrantKey]>, codec: PairKeyCodec<Scope, GrantKey>) {
    super(scopes, codec, (_key, g) => [g.jurisdiction, g.role]);
  }

  /** Keys of the grants over `jurisdiction`: of one role, or of every role for ROLE_UNSPECIFIED. */
  inScope(ctx: StoreCtx, jurisdiction: string, role: Role): IterableIterator<GrantKey> {
    return this.iterateUnder(ctx, scopePrefix(jurisdiction, role));
  }

  /** inScope, one page at a time. */
  paginateScope(ctx: StoreCtx, jurisdiction: string, role: Role, req: PageRequest = {}): Page<GrantKey> {
    return this.paginateUnder(ctx, scopePrefix(jurisdiction, role), req);
  }
}

function scopePrefix(jurisdiction: string, role: Role): Uint8Array {
  return role === Role.ROLE_UNSPECIFIED ? stringKey.encodeNonTerminal(jurisdiction) : SCOPE.encodeNonTerminal([jurisdiction, role]);
}

/** The by-scope index of the role grants, on its own prefix byte. */
export function scopeIndex(prefixByte: number): IndexSpec<GrantKey, RoleGrant, ScopeIndex> {
  return {
    build(schema, mapName, indexName, pk) {
      const codec = pairKey(SCOPE, pk);
      return new ScopeIndex(schema.keySet(prefixByte, `${mapName}.${indexName}`, codec), codec);
    },
  };
}
