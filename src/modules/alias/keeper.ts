import {
  Alias,
  AuditorGrant,
  Jurisdiction,
  OfficeShape,
  RegulatorAppointment,
  Role,
  RoleGrant,
  ViewingKey,
} from "../../gen/blockchain/alias/v1/alias";
import { Params } from "../../gen/blockchain/alias/v1/params";
import { PayloadReaderBasis, type AuditorEntitlement, type PayloadReader } from "../../gen/blockchain/alias/v1/query";
import { Schema } from "../../store/collections";
import { int64Key, pairKey, protoValue, stringKey, tripleKey, uint32Key, uint64Key } from "../../store/codecs";
import { multiIndex, uniqueIndex } from "../../store/indexed-map";
import { accAddress, canonicalAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import { deriveAliasId } from "../../types/alias-id";
import { govAuthority } from "../../types/authority";
import type { Context } from "../../types/context";
import { aliasErrors as E } from "./errors";
import { aliasEvents as events } from "./events";
import type { ConstitutionKeeper, GroupKeeper, GroupPolicyView, PaymsgKeeper } from "./expected-keepers";
import { CHAIN_WIDE, parseScope, validateRole } from "./fields";
import { defaultAliasParams } from "./params";
import { scopeIndex } from "./scope-index";

/**
 * Nonces tried per issuance before giving up with ErrExhausted. An account needs one more than
 * the identifiers it has already held under its country, so the bound is never met in use;
 * it only caps the work of a single transaction.
 */
export const MAX_NONCES = 4096;
const ONE = 10n ** 18n;
/** (address, version) of a viewing key. */
export const VK_KEY = pairKey(accAddressKey, uint64Key);
/** (holder, role, jurisdiction) of a role grant. */
const GRANT_KEY = tripleKey(accAddressKey, uint32Key, stringKey);

export interface AliasDeps {
  group: GroupKeeper;
  paymsg: PaymsgKeeper;
  constitution: ConstitutionKeeper;
}

/** A canonical (lower-case bech32) account address; throws ErrInvalidAddress. */
export { canonicalAddress };

function canonicalOrUndefined(address: string): string | undefined {
  return accAddress.isValid(address) ? canonicalAddress(address) : undefined;
}

/**
 * Fewest members, taken in descending weight, whose weight reaches the policy's threshold
 * (undefined when no number of members reaches it). A threshold above the total weight
 * needs every member, as x/group's threshold policy does.
 */
export function signaturesNeeded(view: GroupPolicyView): number | undefined {
  const weights = view.members
    .map((m) => m.weight)
    .filter((w) => w > 0n)
    .sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const total = weights.reduce((s, w) => s + w, 0n);
  if (total === 0n) return undefined;
  const reached = (sum: bigint) =>
    view.decision.kind === "threshold"
      ? sum >= (view.decision.threshold < total ? view.decision.threshold : total)
      : sum * ONE >= view.decision.percentage * total;
  let sum = 0n;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i];
    if (reached(sum)) return i + 1;
  }
  return undefined;
}

/** Throws ErrOfficeShape unless the policy meets both floors of `shape`. */
export function checkOfficeShape(view: GroupPolicyView, shape: OfficeShape, holder: string): void {
  const members = view.members.filter((m) => m.weight > 0n).length;
  if (members < shape.members)
    throw E.ErrOfficeShape.wrap(`${holder} has ${members} members with weight, at least ${shape.members} required`);
  const signatures = signaturesNeeded(view);
  if (signatures === undefined || signatures < shape.signatures) {
    throw E.ErrOfficeShape.wrap(`${holder} can act with ${signatures ?? 0} signatures, at least ${shape.signatures} required`);
  }
}

/** Stateless OfficeShape rules: signatures >= 1 and members >= signatures. */
export function validateOfficeShape(shape: OfficeShape): void {
  if (shape.signatures === 0) throw E.ErrOfficeShape.wrap("required_shape.signatures must be at least 1");
  if (shape.members < shape.signatures) throw E.ErrOfficeShape.wrap("required_shape.members must be at least signatures");
}

/**
 * Identifiers, jurisdictions, viewing keys, regulators, auditors and the role registry.
 * Addresses in keys are their bytes; country codes are the upper-case ISO codes the message
 * and query boundaries produce (parseCountry, parseScope), so lookups take them as stored.
 */
export class AliasKeeper {
  private readonly schema = new Schema("alias/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultAliasParams());
  /** id → Alias (active identifiers only), with each address's active id. */
  readonly aliases = this.schema.indexedMap(2, "aliases", stringKey, protoValue(Alias, "Alias"), {
    byAddress: uniqueIndex(3, accAddressKey, (_id: string, a: Alias) => a.address),
  });
  /** Retired ids: never reissued or re-pointed. */
  readonly retired = this.schema.keySet(4, "retired", stringKey);
  /** address → its recorded country, with each country's perimeter (country, address). */
  readonly jurisdictions = this.schema.indexedMap(5, "jurisdictions", accAddressKey, protoValue(Jurisdiction, "Jurisdiction"), {
    perimeter: multiIndex(6, stringKey, (_address: string, j: Jurisdiction) => j.country),
  });
  /** (address, version) → key; every version kept. */
  readonly viewingKeys = this.schema.map(7, "viewing_keys", VK_KEY, protoValue(ViewingKey, "ViewingKey"));
  readonly regulators = this.schema.map(8, "regulators", stringKey, protoValue(RegulatorAppointment, "RegulatorAppointment"));
  /** address → its auditor grant, with the grants in expiry order (expires_at_height, address) for readers of the schedule. */
  readonly auditors = this.schema.indexedMap(9, "auditor_grants", accAddressKey, protoValue(AuditorGrant, "AuditorGrant"), {
    expiry: multiIndex(12, int64Key, (_address: string, g: AuditorGrant) => g.expiresAtHeight),
  });
  /** (holder, role, jurisdiction) → grant, with the grants by scope (jurisdiction, role, holder). */
  readonly roleGrants = this.schema.indexedMap(10, "role_grants", GRANT_KEY, protoValue(RoleGrant, "RoleGrant"), {
    byScope: scopeIndex(11),
  });
  /** ((holder, role, jurisdiction), granted_at_height) → a revoked grant: revoked grants are kept, never deleted. */
  readonly revokedRoleGrants = this.schema.map(13, "revoked_role_grants", pairKey(GRANT_KEY, int64Key), protoValue(RoleGrant, "RoleGrant"));
  /** (country, appointed_at_height) → an appointment a later one replaced. */
  readonly pastRegulators = this.schema.map(
    14,
    "past_regulators",
    pairKey(stringKey, int64Key),
    protoValue(RegulatorAppointment, "RegulatorAppointment"),
  );
  /** (address, granted_at_height) → an auditor grant a later one replaced. */
  readonly pastAuditors = this.schema.map(
    15,
    "past_auditor_grants",
    pairKey(accAddressKey, int64Key),
    protoValue(AuditorGrant, "AuditorGrant"),
  );

  constructor(private readonly deps: AliasDeps) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  // --- identifiers ------------------------------------------------------------------------

  getAlias(ctx: Context, id: string): Alias | undefined {
    return this.aliases.get(ctx, id);
  }

  /** The address's active id, if it has one. */
  activeIdOf(ctx: Context, address: string): string | undefined {
    return this.aliases.indexes.byAddress.get(ctx, address);
  }

  aliasOfAddress(ctx: Context, address: string): Alias | undefined {
    const id = this.activeIdOf(ctx, address);
    return id === undefined ? undefined : this.aliases.get(ctx, id);
  }

  isRetired(ctx: Context, id: string): boolean {
    return this.retired.has(ctx, id);
  }

  setAlias(ctx: Context, a: Alias): void {
    this.aliases.set(ctx, a.id, a);
  }

  /** Retires the address's active id (kept as retired forever); returns it. */
  retireAliasOf(ctx: Context, address: string): string | undefined {
    const id = this.activeIdOf(ctx, address);
    if (id === undefined) return undefined;
    this.aliases.remove(ctx, id);
    this.retired.set(ctx, id);
    events.aliasRetired(ctx, id, address);
    return id;
  }

  /**
   * Issues a new identifier to `address` under its recorded country: the first nonce whose
   * identifier is neither active nor retired, so the same account, country and history always
   * get the same identifier.
   */
  issueAlias(ctx: Context, address: string): Alias {
    const j = this.jurisdictions.get(ctx, address);
    if (!j) throw E.ErrNoJurisdiction.wrap(`account ${address}`);
    const held = this.activeIdOf(ctx, address);
    if (held !== undefined) throw E.ErrAlreadyRegistered.wrap(`account ${address} has ${held}`);
    const length = this.getParams(ctx).payloadLength;
    for (let nonce = 0n; nonce < BigInt(MAX_NONCES); nonce++) {
      const id = deriveAliasId(j.country, address, nonce, length);
      if (this.aliases.has(ctx, id) || this.retired.has(ctx, id)) continue;
      const alias = { id, address, registeredAtHeight: ctx.height };
      this.setAlias(ctx, alias);
      events.aliasIssued(ctx, alias);
      return alias;
    }
    throw E.ErrExhausted.wrap(`${MAX_NONCES} nonces under ${j.country} with payload_length ${length} were all taken`);
  }

  // --- jurisdictions ----------------------------------------------------------------------

  /** The record of `address` (any bech32 case); undefined for none or a malformed address. */
  getJurisdiction(ctx: Context, address: string): Jurisdiction | undefined {
    const a = canonicalOrUndefined(address);
    return a === undefined ? undefined : this.jurisdictions.get(ctx, a);
  }

  setJurisdiction(ctx: Context, j: Jurisdiction): void {
    this.jurisdictions.set(ctx, j.address, j);
  }

  // --- viewing keys -----------------------------------------------------------------------

  /** Every version of the account's key, newest first. */
  viewingKeysOf(ctx: Context, address: string): ViewingKey[] {
    return [...this.viewingKeys.iterate(ctx, { prefix: VK_KEY.prefix(address), reverse: true })].map(([, v]) => v);
  }

  /** The newest unrevoked version, if any. */
  currentViewingKey(ctx: Context, address: string): ViewingKey | undefined {
    return this.viewingKeysOf(ctx, address).find((k) => !k.revoked);
  }

  /** The current key, or a key record with an empty public_key when none is published. */
  keyOrEmpty(ctx: Context, address: string): ViewingKey {
    return this.currentViewingKey(ctx, address) ?? ViewingKey.fromPartial({ address });
  }

  setViewingKey(ctx: Context, k: ViewingKey): void {
    this.viewingKeys.set(ctx, [k.address, k.version], k);
  }

  // --- regulators and auditors ------------------------------------------------------------

  regulatorOf(ctx: Context, country: string): string | undefined {
    return this.regulators.get(ctx, country)?.address;
  }

  getRegulator(ctx: Context, country: string): RegulatorAppointment | undefined {
    return this.regulators.get(ctx, country);
  }

  /** Appoints `a` for its country; the appointment it replaces is kept as a past one. */
  appointRegulator(ctx: Context, a: RegulatorAppointment): RegulatorAppointment | undefined {
    const old = this.regulators.get(ctx, a.country);
    if (old) this.pastRegulators.set(ctx, [old.country, old.appointedAtHeight], old);
    this.regulators.set(ctx, a.country, a);
    return old;
  }

  /** Grants (or renews) an auditor; the grant it replaces is kept as a past one. */
  grantAuditor(ctx: Context, g: AuditorGrant): void {
    const old = this.auditors.get(ctx, g.address);
    if (old) this.pastAuditors.set(ctx, [old.address, old.grantedAtHeight], old);
    this.setAuditor(ctx, g);
  }

  setAuditor(ctx: Context, g: AuditorGrant): void {
    this.auditors.set(ctx, g.address, g);
  }

  /** A grant holds while the height is below expires_at_height: it lapses with no transaction. */
  isAuditorActive(ctx: Context, address: string): boolean {
    const g = this.auditors.get(ctx, address);
    return g !== undefined && ctx.height < g.expiresAtHeight;
  }

  /** Unexpired auditor grants with each auditor's current key (empty public_key when none). */
  activeAuditors(ctx: Context): AuditorEntitlement[] {
    const out: AuditorEntitlement[] = [];
    for (const [, grant] of this.auditors.iterate(ctx)) {
      if (ctx.height < grant.expiresAtHeight) out.push({ grant, key: this.keyOrEmpty(ctx, grant.address) });
    }
    return out;
  }

  // --- roles ------------------------------------------------------------------------------

  getRoleGrant(ctx: Context, holder: string, role: Role, jurisdiction: string): RoleGrant | undefined {
    return this.roleGrants.get(ctx, [holder, role, jurisdiction]);
  }

  setRoleGrant(ctx: Context, g: RoleGrant): void {
    this.roleGrants.set(ctx, [g.holder, g.role, g.jurisdiction], g);
  }

  /** Ends a grant: it no longer counts and is kept among the revoked ones. */
  revokeRoleGrant(ctx: Context, g: RoleGrant): void {
    this.roleGrants.remove(ctx, [g.holder, g.role, g.jurisdiction]);
    this.revokedRoleGrants.set(ctx, [[g.holder, g.role, g.jurisdiction], g.grantedAtHeight], g);
  }

  grantsOf(ctx: Context, holder: string): RoleGrant[] {
    return [...this.roleGrants.iterate(ctx, { prefix: GRANT_KEY.prefix(holder) })].map(([, v]) => v);
  }

  /** Grants whose scope is `jurisdiction`, optionally of one role, in (role, holder) order. */
  grantsInScope(ctx: Context, jurisdiction: string, role: Role = Role.ROLE_UNSPECIFIED): RoleGrant[] {
    const out: RoleGrant[] = [];
    for (const key of this.roleGrants.indexes.byScope.inScope(ctx, jurisdiction, role)) {
      const g = this.roleGrants.get(ctx, key);
      if (g) out.push(g);
    }
    return out;
  }

  /**
   * True when the grant may be acted on now: no required shape, or the holder is still a
   * group policy meeting it (re-checked on every action).
   */
  grantHolds(ctx: Context, g: RoleGrant): boolean {
    if (!g.requiredShape) return true;
    const view = this.deps.group.policyInfo(ctx, g.holder);
    if (!view) return false;
    try {
      checkOfficeShape(view, g.requiredShape, g.holder);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Does `address` hold `role` over `country` now (a chain-wide grant covers every country)?
   * "*" asks for a chain-wide grant.
   */
  hasRole(ctx: Context, address: string, role: Role, country: string): boolean {
    if (role === Role.ROLE_UNSPECIFIED) return false;
    const holder = canonicalOrUndefined(address);
    if (holder === undefined) return false;
    address = holder;
    for (const scope of country === CHAIN_WIDE ? [CHAIN_WIDE] : [country, CHAIN_WIDE]) {
      const g = this.roleGrants.get(ctx, [address, role, scope]);
      if (g && this.grantHolds(ctx, g)) return true;
    }
    return false;
  }

  /**
   * hasRole as a refusal, for modules that gate an action on a role: ErrOfficeShape when a
   * covering grant exists but its holder no longer meets the required shape, ErrOutOfScope
   * when the address holds the role only over other jurisdictions, ErrGrantNotFound otherwise.
   */
  requireRole(ctx: Context, address: string, role: Role, country: string): void {
    const holder = canonicalOrUndefined(address);
    if (holder === undefined) throw E.ErrGrantNotFound.wrap(`${address} does not hold ${Role[role] ?? role}`);
    address = holder;
    if (this.hasRole(ctx, address, role, country)) return;
    const covering = [country, CHAIN_WIDE].map((s) => this.roleGrants.get(ctx, [address, role, s])).find((g) => g !== undefined);
    if (covering?.requiredShape) {
      const view = this.deps.group.policyInfo(ctx, address);
      if (!view) throw E.ErrHolderNotGroup.wrap(`holder ${address}`);
      checkOfficeShape(view, covering.requiredShape, address);
    }
    if (this.grantsOf(ctx, address).some((g) => g.role === role)) {
      throw E.ErrOutOfScope.wrap(`${address} holds ${Role[role]} but not over ${country}`);
    }
    throw E.ErrGrantNotFound.wrap(`${address} does not hold ${Role[role] ?? role}`);
  }

  /** Governance, or the foundation (the address pinned as enforcement_recovery_destination). */
  isFoundation(ctx: Context, address: string): boolean {
    const f = this.deps.constitution.foundationAddress(ctx);
    return f !== undefined && f !== "" && f === address;
  }

  /** Governance, or the foundation where `foundationAllowed`; ErrInvalidSigner otherwise. */
  requireGovOrFoundation(ctx: Context, authority: string, foundationAllowed: boolean, what: string): void {
    if (this.isGov(authority)) return;
    if (foundationAllowed && this.isFoundation(ctx, authority)) return;
    const who = foundationAllowed ? "governance or the foundation" : "governance alone";
    throw E.ErrInvalidSigner.wrap(`${what} is signed by ${who}, not ${authority}`);
  }

  /**
   * The refusals grant and revoke share, in the order clients branch on: scope, signer (the
   * chain-wide scope is governance's alone), holder address, role. Returns the canonical scope
   * and holder.
   */
  roleGrantTarget(
    ctx: Context,
    m: { authority: string; holder: string; role: Role; jurisdiction: string },
    verb: string,
  ): { scope: string; holder: string } {
    const scope = parseScope(m.jurisdiction);
    const chainWide = scope === CHAIN_WIDE;
    this.requireGovOrFoundation(
      ctx,
      canonicalAddress(m.authority),
      !chainWide,
      chainWide ? `${verb} a chain-wide grant` : `${verb} a role`,
    );
    const holder = canonicalAddress(m.holder);
    validateRole(m.role);
    if (m.role === Role.ROLE_FOUNDATION_ADMINISTRATOR && !chainWide) {
      throw E.ErrInvalidScope.wrap('ROLE_FOUNDATION_ADMINISTRATOR is granted chain-wide ("*") only');
    }
    return { scope, holder };
  }

  /** A role holder is an x/group policy account (M-of-N) meeting the required shape. */
  requireGroupHolder(ctx: Context, holder: string, shape: OfficeShape | undefined): void {
    const view = this.deps.group.policyInfo(ctx, holder);
    if (!view) throw E.ErrHolderNotGroup.wrap(`${holder} is not a group policy account`);
    if (!shape) return;
    validateOfficeShape(shape);
    checkOfficeShape(view, shape, holder);
  }

  isFoundationAdministrator(ctx: Context, address: string): boolean {
    return this.hasRole(ctx, address, Role.ROLE_FOUNDATION_ADMINISTRATOR, CHAIN_WIDE);
  }

  isGov(address: string): boolean {
    return address === govAuthority();
  }

  get group(): GroupKeeper {
    return this.deps.group;
  }

  get paymsg(): PaymsgKeeper {
    return this.deps.paymsg;
  }

  /**
   * Who may read payloads settled in `country`: the appointed regulator, then every holder
   * of ROLE_SUPERVISOR over the country, then chain-wide supervisors; each address once,
   * with its current viewing key. Auditors are not included (see activeAuditors).
   */
  payloadReaders(ctx: Context, country: string): PayloadReader[] {
    const out: PayloadReader[] = [];
    const seen = new Set<string>();
    const add = (address: string, basis: PayloadReaderBasis, scope: string) => {
      if (seen.has(address)) return;
      seen.add(address);
      out.push({ address, basis, scope, key: this.keyOrEmpty(ctx, address) });
    };
    const regulator = this.regulators.get(ctx, country);
    if (regulator) add(regulator.address, PayloadReaderBasis.PAYLOAD_READER_REGULATOR, "");
    for (const scope of [country, CHAIN_WIDE]) {
      for (const g of this.grantsInScope(ctx, scope, Role.ROLE_SUPERVISOR)) {
        if (this.grantHolds(ctx, g)) add(g.holder, PayloadReaderBasis.PAYLOAD_READER_SUPERVISOR, scope);
      }
    }
    return out;
  }
}
