import { Role } from "../../gen/blockchain/alias/v1/alias";
import { GenesisState } from "../../gen/blockchain/alias/v1/genesis";
import { AliasIdError, parseAliasId, parseAliasIdForm } from "../../types/alias-id";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { aliasErrors as E } from "./errors";
import { parseCountry, parseScope, validateRole, CHAIN_WIDE } from "./fields";
import { validateOfficeShape, type AliasKeeper } from "./keeper";
import { VIEWING_KEY_BYTES, validateViewingKey } from "./msgs";
import { defaultAliasParams, validateAliasParams } from "./params";
import { requireCanonical, requireUnique } from "../../types/genesis-checks";

/**
 * A stored identifier, already normalised. An active one has a valid check character; a
 * retired one only the form, since it may have been issued under an earlier check rule.
 */
function normalisedId(id: string, parse: (id: string) => { id: string } = parseAliasId): string {
  try {
    const p = parse(id);
    if (p.id !== id) throw E.ErrMalformedID.wrap(`${JSON.stringify(id.slice(0, 40))} is not in normalised form`);
    return id;
  } catch (e) {
    if (e instanceof AliasIdError) throw E.ErrMalformedID.wrap(`${JSON.stringify(id.slice(0, 40))}: ${e.message}`);
    throw e;
  }
}

function exact(label: string, value: string, parsed: string): void {
  if (value !== parsed) throw E.ErrInvalidCountry.wrap(`${label} ${JSON.stringify(value)} must be upper-case`);
}

export function validateAliasGenesis(g: GenesisState): void {
  validateAliasParams(g.params ?? defaultAliasParams());
  const countries = new Map<string, string>();
  for (const j of g.jurisdictions) {
    if (countries.has(requireCanonical("jurisdiction address", j.address)))
      throw sdkErrors.ErrInvalidRequest.wrap(`duplicate jurisdiction ${j.address}`);
    exact("country", j.country, parseCountry(j.country));
    if (j.recordedBy !== "") requireCanonical("recorded_by", j.recordedBy);
    countries.set(j.address, j.country);
  }
  const ids = new Set<string>();
  const holders = new Set<string>();
  for (const a of g.aliases) {
    requireUnique("alias", ids, normalisedId(a.id));
    requireUnique("alias address", holders, requireCanonical("alias address", a.address));
    const country = countries.get(a.address);
    if (country === undefined) throw E.ErrNoJurisdiction.wrap(`alias ${a.id} of ${a.address}`);
    if (!a.id.startsWith(country)) throw E.ErrMalformedID.wrap(`alias ${a.id} does not carry ${a.address}'s country ${country}`);
  }
  const retired = new Set<string>();
  for (const id of g.retired) {
    requireUnique("retired id", retired, normalisedId(id, parseAliasIdForm));
    if (ids.has(id)) throw E.ErrAlreadyRegistered.wrap(`${id} is both active and retired`);
  }
  const keys = new Set<string>();
  for (const k of g.viewingKeys) {
    requireCanonical("viewing key address", k.address);
    if (k.version === 0n) throw E.ErrInvalidViewingKey.wrap(`version 0 of ${k.address}`);
    requireUnique("viewing key", keys, `${k.address}/${k.version}`);
    if (k.publicKey.length !== VIEWING_KEY_BYTES)
      throw E.ErrInvalidViewingKey.wrap(`key ${k.version} of ${k.address} is not ${VIEWING_KEY_BYTES} bytes`);
    validateViewingKey(k.publicKey);
    if (!k.revoked && k.revokedAtHeight !== 0n)
      throw E.ErrInvalidViewingKey.wrap(`key ${k.version} of ${k.address} has a revocation height but is not revoked`);
  }
  const regulators = new Set<string>();
  for (const r of g.regulators) {
    exact("regulator country", r.country, parseCountry(r.country));
    requireUnique("regulator of", regulators, r.country);
    requireCanonical("regulator", r.address);
    if (r.appointedBy !== "") requireCanonical("appointed_by", r.appointedBy);
  }
  const auditors = new Set<string>();
  for (const a of g.auditorGrants) {
    requireUnique("auditor", auditors, requireCanonical("auditor", a.address));
    if (a.grantedBy !== "") requireCanonical("granted_by", a.grantedBy);
    if (a.expiresAtHeight <= 0n) throw E.ErrInvalidAuditorGrant.wrap(`auditor ${a.address} has no expiry`);
  }
  const grants = new Set<string>();
  for (const r of g.roleGrants) {
    requireCanonical("role holder", r.holder);
    if (r.grantedBy !== "") requireCanonical("granted_by", r.grantedBy);
    validateRole(r.role);
    const scope = parseScope(r.jurisdiction);
    if (scope !== CHAIN_WIDE) exact("role jurisdiction", r.jurisdiction, scope);
    if (r.role === Role.ROLE_FOUNDATION_ADMINISTRATOR && scope !== CHAIN_WIDE)
      throw E.ErrInvalidScope.wrap("ROLE_FOUNDATION_ADMINISTRATOR is chain-wide only");
    if (r.requiredShape) validateOfficeShape(r.requiredShape);
    requireUnique("role grant", grants, `${r.holder}/${r.role}/${r.jurisdiction}`);
  }
  validateHistory(g);
}

/** The kept history: well-formed addresses and one entry per stored key. */
function validateHistory(g: GenesisState): void {
  const revoked = new Set<string>();
  for (const r of g.revokedRoleGrants) {
    requireCanonical("revoked role holder", r.holder);
    validateRole(r.role);
    requireUnique("revoked role grant", revoked, `${r.holder}/${r.role}/${r.jurisdiction}/${r.grantedAtHeight}`);
  }
  const regulators = new Set<string>();
  for (const r of g.pastRegulators) {
    requireCanonical("past regulator", r.address);
    requireUnique("past regulator of", regulators, `${r.country}/${r.appointedAtHeight}`);
  }
  const auditors = new Set<string>();
  for (const a of g.pastAuditorGrants) {
    requireUnique("past auditor grant", auditors, `${requireCanonical("past auditor", a.address)}/${a.grantedAtHeight}`);
  }
}

export function aliasGenesis(k: AliasKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.alias.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultAliasParams() }),
    validate: validateAliasGenesis,
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultAliasParams());
      for (const j of g.jurisdictions) k.setJurisdiction(ctx, j);
      for (const a of g.aliases) k.setAlias(ctx, a);
      for (const id of g.retired) k.retired.set(ctx, id);
      for (const v of g.viewingKeys) k.setViewingKey(ctx, v);
      for (const r of g.regulators) k.regulators.set(ctx, r.country, r);
      for (const a of g.auditorGrants) k.setAuditor(ctx, a);
      for (const r of g.roleGrants) k.setRoleGrant(ctx, r);
      for (const r of g.revokedRoleGrants) k.revokedRoleGrants.set(ctx, [[r.holder, r.role, r.jurisdiction], r.grantedAtHeight], r);
      for (const r of g.pastRegulators) k.pastRegulators.set(ctx, [r.country, r.appointedAtHeight], r);
      for (const a of g.pastAuditorGrants) k.pastAuditors.set(ctx, [a.address, a.grantedAtHeight], a);
    },
    export: (ctx) =>
      GenesisState.fromPartial({
        params: k.getParams(ctx),
        aliases: [...k.aliases.iterate(ctx)].map(([, v]) => v),
        retired: [...k.retired.iterate(ctx)],
        jurisdictions: [...k.jurisdictions.iterate(ctx)].map(([, v]) => v),
        viewingKeys: [...k.viewingKeys.iterate(ctx)].map(([, v]) => v),
        regulators: [...k.regulators.iterate(ctx)].map(([, v]) => v),
        auditorGrants: [...k.auditors.iterate(ctx)].map(([, v]) => v),
        roleGrants: [...k.roleGrants.iterate(ctx)].map(([, v]) => v),
        revokedRoleGrants: [...k.revokedRoleGrants.iterate(ctx)].map(([, v]) => v),
        pastRegulators: [...k.pastRegulators.iterate(ctx)].map(([, v]) => v),
        pastAuditorGrants: [...k.pastAuditors.iterate(ctx)].map(([, v]) => v),
      }),
  };
}
