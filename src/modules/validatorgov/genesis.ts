import { GenesisState } from "../../gen/blockchain/validatorgov/v1/genesis";
import { ConcentrationCap } from "../../gen/blockchain/validatorgov/v1/concentration";
import { RotationKind, RotationStatus } from "../../gen/blockchain/validatorgov/v1/rotation";
import { accAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { APPROVED, ApplicationStatus, type ValidatorgovKeeper } from "./keeper";
import { validateStoredDeclaration } from "./msgs";
import { defaultValidatorgovParams, validateValidatorgovParams } from "./params";

export function defaultValidatorgovGenesis(): GenesisState {
  return {
    params: defaultValidatorgovParams(),
    validatorApplicationMap: [],
    approvedValidatorMap: [],
    operatorRotations: [],
    rotationCount: 0n,
    demotions: [],
  };
}

const invalid = (detail: string) => sdkErrors.ErrInvalidRequest.wrap(`validatorgov genesis: ${detail}`);

const NO_DECLARATION = { legalEntityId: "", beneficialOwnerId: "", jurisdiction: "" };

/**
 * What apply and decide keep: one application per candidate with a known status, an approval
 * record for each approved application, and every approval record beside an application that
 * is approved, or pending or rejected again (a re-application leaves the approval in force).
 */
function validateApplications(g: GenesisState): void {
  const statuses = new Map<string, string>();
  for (const a of g.validatorApplicationMap) {
    accAddress.validate(a.candidate);
    if (!(Object.values(ApplicationStatus) as string[]).includes(a.status))
      throw invalid(`application of ${a.candidate}: unknown status ${JSON.stringify(a.status)}`);
    validateStoredDeclaration(a.declaration ?? NO_DECLARATION);
    if (statuses.has(a.candidate)) throw invalid(`duplicate application of ${a.candidate}`);
    statuses.set(a.candidate, a.status);
  }
  const approved = new Set<string>();
  for (const v of g.approvedValidatorMap) {
    accAddress.validate(v.candidate);
    if (v.approved !== APPROVED) throw invalid(`approved validator ${v.candidate}: approved must be "${APPROVED}"`);
    validateStoredDeclaration(v.declaration ?? NO_DECLARATION);
    if (approved.has(v.candidate)) throw invalid(`duplicate approved validator ${v.candidate}`);
    approved.add(v.candidate);
    const status = statuses.get(v.candidate);
    if (status !== ApplicationStatus.approved && status !== ApplicationStatus.pending && status !== ApplicationStatus.rejected) {
      throw invalid(`approved validator ${v.candidate} has no approved, pending or rejected application`);
    }
  }
  for (const [candidate, status] of statuses) {
    if (status === ApplicationStatus.approved && !approved.has(candidate))
      throw invalid(`approved application ${candidate} has no approved validator`);
  }
}

export function validateValidatorgovGenesis(g: GenesisState): void {
  validateValidatorgovParams(g.params ?? defaultValidatorgovParams());
  validateApplications(g);
  const approved = new Set(g.approvedValidatorMap.map((v) => v.candidate));
  const ids = new Set<bigint>();
  const pending = new Set<string>();
  for (const r of g.operatorRotations) {
    if (r.id === 0n || r.id > g.rotationCount) throw invalid(`rotation id ${r.id} outside 1..rotation_count (${g.rotationCount})`);
    if (ids.has(r.id)) throw invalid(`duplicate rotation ${r.id}`);
    ids.add(r.id);
    accAddress.validate(r.currentOperator);
    accAddress.validate(r.newOperator);
    if (r.kind !== RotationKind.ROTATION_KIND_PLANNED && r.kind !== RotationKind.ROTATION_KIND_RECOVERY)
      throw invalid(`rotation ${r.id}: unknown kind`);
    if (r.status < RotationStatus.ROTATION_STATUS_PENDING || r.status > RotationStatus.ROTATION_STATUS_REJECTED)
      throw invalid(`rotation ${r.id}: unknown status`);
    if (r.status === RotationStatus.ROTATION_STATUS_PENDING) {
      if (pending.has(r.currentOperator)) throw invalid(`two pending rotations of ${r.currentOperator}`);
      pending.add(r.currentOperator);
      if (r.approved !== r.completesAtHeight > 0n) throw invalid(`rotation ${r.id}: a clock runs exactly when it is approved`);
    }
  }
  const demoted = new Set<string>();
  for (const d of g.demotions) {
    if (!approved.has(d.operator)) throw invalid(`demotion of ${d.operator}, which is not an approved validator`);
    if (demoted.has(d.operator)) throw invalid(`duplicate demotion of ${d.operator}`);
    demoted.add(d.operator);
    if (d.cap < ConcentrationCap.CONCENTRATION_CAP_ENTITY || d.cap > ConcentrationCap.CONCENTRATION_CAP_JURISDICTION)
      throw invalid(`demotion of ${d.operator}: unknown cap`);
  }
}

export function validatorgovGenesis(k: ValidatorgovKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.validatorgov.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: defaultValidatorgovGenesis,
    validate: validateValidatorgovGenesis,
    init: (ctx, g) => {
      k.params.set(ctx, validateValidatorgovParams(g.params ?? defaultValidatorgovParams()));
      for (const a of g.validatorApplicationMap) k.applications.set(ctx, a.candidate, a);
      for (const v of g.approvedValidatorMap) k.approved.set(ctx, v.candidate, v);
      for (const r of g.operatorRotations) k.rotations.set(ctx, r.id, r);
      k.nextRotationId.set(ctx, g.rotationCount + 1n);
      for (const d of g.demotions) k.demotions.set(ctx, d.operator, d);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      validatorApplicationMap: [...k.applications.iterate(ctx)].map(([, v]) => v),
      approvedValidatorMap: [...k.approved.iterate(ctx)].map(([, v]) => v),
      operatorRotations: [...k.rotations.iterate(ctx)].map(([, v]) => v),
      rotationCount: k.nextRotationId.peek(ctx) - 1n,
      demotions: [...k.demotions.iterate(ctx)].map(([, v]) => v),
    }),
  };
}

/** The declaration a genesis validator gets when the genesis file names none (see docs/modules/validatorgov.md). */
export const GENESIS_PLACEHOLDER_JURISDICTION = "CH";

/**
 * Admits `operator` (account form) in a genesis file's app_state (JSON form), unless the
 * validatorgov section already holds an application for it: an approved application and
 * ApprovedValidator, declaring the operator as its own legal entity and beneficial owner,
 * attested at height 0 so the first epoch after the attestation interval reports it stale
 * until the operator signs its real declaration (MsgAttestOwnership).
 */
export function admitInGenesisJson(appState: Record<string, any>, operator: string, jurisdiction = GENESIS_PLACEHOLDER_JURISDICTION): void {
  const section = appState[VALIDATORGOV_SECTION];
  if (!section) return;
  section.validator_application_map ??= [];
  section.approved_validator_map ??= [];
  if (section.validator_application_map.some((a: { candidate?: string }) => a.candidate === operator)) return;
  const declaration = { legal_entity_id: operator, beneficial_owner_id: operator, jurisdiction, attested_at_height: "0" };
  section.validator_application_map.push({ candidate: operator, status: ApplicationStatus.approved, declaration });
  section.approved_validator_map.push({ candidate: operator, approved: APPROVED, declaration });
}

const VALIDATORGOV_SECTION = "validatorgov";
