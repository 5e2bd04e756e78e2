import { AmendmentStatus } from "../../gen/blockchain/constitution/v1/constitution";
import { GenesisState } from "../../gen/blockchain/constitution/v1/genesis";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { defaultInvariants, validateInvariants } from "./invariants";
import type { ConstitutionKeeper } from "./keeper";

const KNOWN_STATUSES = new Set([
  AmendmentStatus.AMENDMENT_STATUS_PENDING,
  AmendmentStatus.AMENDMENT_STATUS_ENACTED,
  AmendmentStatus.AMENDMENT_STATUS_LAPSED,
  AmendmentStatus.AMENDMENT_STATUS_WITHDRAWN,
]);

function invalid(detail: string): never {
  throw sdkErrors.ErrInvalidRequest.wrap(`constitution genesis: ${detail}`);
}

/** Stateless checks: the invariants complete (a zero is refused), amendments and ratifications consistent. */
export function validateConstitutionGenesis(g: GenesisState): void {
  validateInvariants(g.invariants);
  const ratified = new Map<bigint, bigint>();
  const ids = new Set<bigint>();
  for (const a of g.amendments) {
    if (a.id === 0n || a.id > g.amendmentCount) invalid(`amendment id ${a.id} must be between 1 and amendment_count ${g.amendmentCount}`);
    if (ids.has(a.id)) invalid(`amendment ${a.id} given twice`);
    ids.add(a.id);
    if (!KNOWN_STATUSES.has(a.status)) invalid(`amendment ${a.id} has status ${a.status}`);
    validateInvariants(a.proposed);
    if (a.reason.trim() === "") invalid(`amendment ${a.id} has no reason`);
    if (a.snapshotPower < 0n || a.ratifiedPower < 0n) invalid(`amendment ${a.id} has negative power`);
    if (a.effectiveAtHeight < a.proposedAtHeight) invalid(`amendment ${a.id} takes effect before it was proposed`);
    const pending = a.status === AmendmentStatus.AMENDMENT_STATUS_PENDING;
    if (pending !== (a.resolvedAtHeight === 0n)) invalid(`amendment ${a.id}: resolved_at_height must be set exactly when it is resolved`);
    ratified.set(a.id, 0n);
  }
  const seen = new Set<string>();
  for (const r of g.ratifications) {
    const sum = ratified.get(r.amendmentId);
    if (sum === undefined) invalid(`ratification of unknown amendment ${r.amendmentId}`);
    accAddress.validate(r.validator);
    const key = `${r.amendmentId}/${r.validator}`;
    if (seen.has(key)) invalid(`${r.validator} ratified amendment ${r.amendmentId} twice`);
    seen.add(key);
    if (r.power <= 0n) invalid(`ratification of amendment ${r.amendmentId} by ${r.validator} has no power`);
    ratified.set(r.amendmentId, sum + r.power);
  }
  for (const a of g.amendments) {
    if (ratified.get(a.id) !== a.ratifiedPower)
      invalid(`amendment ${a.id}: ratified_power ${a.ratifiedPower} is not the sum of its ratifications`);
  }
}

export function constitutionGenesis(k: ConstitutionKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.constitution.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ invariants: defaultInvariants(), amendments: [], ratifications: [], amendmentCount: 0n }),
    validate: validateConstitutionGenesis,
    // Runs after group (init order): the recovery destination must already be a group policy account.
    init: (ctx, g) => {
      validateConstitutionGenesis(g);
      const inv = g.invariants!;
      k.assertFoundation(ctx, inv);
      k.invariants.set(ctx, inv);
      k.nextAmendmentId.set(ctx, g.amendmentCount + 1n);
      for (const a of g.amendments) {
        k.amendments.set(ctx, a.id, a);
        if (a.status === AmendmentStatus.AMENDMENT_STATUS_PENDING) k.pendingByHeight.set(ctx, [a.effectiveAtHeight, a.id]);
      }
      for (const r of g.ratifications) k.ratifications.set(ctx, [r.amendmentId, accAddress.decode(r.validator)], r);
    },
    export: (ctx) => ({
      invariants: k.getInvariants(ctx),
      amendments: [...k.amendments.iterate(ctx)].map(([, a]) => a),
      ratifications: [...k.ratifications.iterate(ctx)].map(([, r]) => r),
      amendmentCount: k.nextAmendmentId.peek(ctx) - 1n,
    }),
  };
}
