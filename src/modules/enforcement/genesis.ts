import { CaseAction, CaseStatus } from "../../gen/blockchain/enforcement/v1/enforcement";
import { GenesisState } from "../../gen/blockchain/enforcement/v1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { HOLDING, type EnforcementKeeper } from "./keeper";
import { defaultEnforcementParams, resolveGenesisParams, validateEnforcementParams } from "./params";

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`enforcement genesis: ${detail}`);
}

export function validateEnforcementGenesis(g: GenesisState): void {
  validateEnforcementParams(g.params ?? defaultEnforcementParams(), true);
  const ids = new Map<bigint, string>();
  const held = new Map<string, bigint>();
  for (const c of g.cases) {
    if (c.id === 0n || c.id > g.caseCount) invalid(`case id ${c.id} outside 1..case_count ${g.caseCount}`);
    if (ids.has(c.id)) invalid(`case ${c.id} given twice`);
    if (!accAddress.isValid(c.target)) invalid(`case ${c.id} target is not an account address`);
    if (c.status === CaseStatus.CASE_STATUS_UNSPECIFIED || CaseStatus[c.status] === undefined) invalid(`case ${c.id} has no valid status`);
    if (c.action !== CaseAction.CASE_ACTION_FREEZE && c.action !== CaseAction.CASE_ACTION_SEIZE)
      invalid(`case ${c.id} has no valid action`);
    ids.set(c.id, c.target);
    if (HOLDING.has(c.status)) {
      const other = held.get(c.target);
      if (other !== undefined) invalid(`cases ${other} and ${c.id} both hold ${c.target}`);
      held.set(c.target, c.id);
    }
  }
  const voted = new Set<string>();
  for (const v of g.votes) {
    if (!ids.has(v.caseId)) invalid(`vote on unknown case ${v.caseId}`);
    const key = `${v.caseId}/${v.validator}`;
    if (voted.has(key)) invalid(`vote ${key} given twice`);
    voted.add(key);
  }
  const frozen = new Set<bigint>();
  for (const f of g.freezes) {
    if (ids.get(f.caseId) !== f.address) invalid(`freeze of ${f.address} does not match case ${f.caseId}`);
    if (frozen.has(f.caseId)) invalid(`freeze of case ${f.caseId} given twice`);
    frozen.add(f.caseId);
  }
  for (const s of g.seizures) if (!ids.has(s.caseId)) invalid(`seizure of unknown case ${s.caseId}`);
}

export function enforcementGenesis(k: EnforcementKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.enforcement.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ params: defaultEnforcementParams(), cases: [], votes: [], freezes: [], caseCount: 0n, seizures: [] }),
    validate: validateEnforcementGenesis,
    // Runs after constitution (init order): params are checked against its invariants.
    init: (ctx, g) => {
      k.params.set(ctx, resolveGenesisParams(g.params ?? defaultEnforcementParams(), k.deps.constitution.findInvariants(ctx)));
      k.nextCaseId.set(ctx, g.caseCount + 1n);
      for (const c of g.cases) k.cases.set(ctx, c.id, c);
      for (const v of g.votes) k.votes.set(ctx, [v.caseId, v.validator], v);
      for (const f of g.freezes) k.freezes.set(ctx, f.caseId, f);
      for (const s of g.seizures) k.seizures.set(ctx, [s.height, s.caseId], s);
      k.rebuildIndexes(ctx);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      cases: [...k.cases.iterate(ctx)].map(([, v]) => v),
      votes: [...k.votes.iterate(ctx)].map(([, v]) => v),
      freezes: [...k.freezes.iterate(ctx)].map(([, v]) => v),
      caseCount: k.nextCaseId.peek(ctx) - 1n,
      seizures: [...k.seizures.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
