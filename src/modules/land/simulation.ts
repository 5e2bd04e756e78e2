import { MsgExec } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { Exec, MsgSubmitProposal } from "cosmjs-types/cosmos/group/v1/tx";
import { Status, type Parcel, type Transfer } from "../../gen/blockchain/land/v1/parcel";
import * as tx from "../../gen/blockchain/land/v1/tx";
import type { AnyMsg } from "../../types/codec";
import type { Context } from "../../types/context";
import {
  otherAccount,
  simMsg,
  type ModuleSimulation,
  type SimState,
  type SimTx,
  sampleById,
  sampleFrom,
  randomId,
} from "../../types/simulation";
import type { LandKeeper } from "./keeper";
import { derivedStatus, forbidsFractionalisation, hasActiveFreeze, isOpen, NO_FRACTIONALISATION } from "./rules";

const T = "/blockchain.land.v1.";
/** Every land message an office sends; the simulation's offices grant their operator each of them. */
export const OFFICE_MSGS = [
  "MsgRegisterParcel",
  "MsgValidateTransfer",
  "MsgAttestTransfer",
  "MsgRecordEncumbrance",
  "MsgFreezeParcel",
  "MsgAttachDeed",
  "MsgSetRestriction",
  "MsgAuthoriseFractionalisation",
];
/** The simulation's challenge window: transfers complete within a run. */
const SIM_CHALLENGE_WINDOW = 120n;

interface Office {
  address: string;
  active: boolean;
  /** The account that acts for it (its group's one member, holding authz grants of the office messages). */
  operator: string;
}

type Codec = { encode(m: any): { finish(): Uint8Array }; fromPartial(o: any): any };
const landMsg = (name: string, codec: Codec, fields: object): AnyMsg => simMsg(T + name, codec, fields);

function offices(k: LandKeeper, s: SimState): Office[] {
  const out: Office[] = [];
  for (const [address, a] of sampleFrom(k.authorities, s.ctx, undefined, 16)) {
    const operator = k.group.policyInfo(s.ctx, address)?.members[0]?.address;
    if (operator && s.accounts.includes(operator)) out.push({ address, active: a.active, operator });
  }
  return out;
}

/** The office's operator sends the office's messages through authz (the policy granted it each one). */
function asOffice(o: Office, msgs: AnyMsg[], expect: SimTx["expect"], involves: string[] = []): SimTx {
  return {
    signer: o.operator,
    msgs: [simMsg("/cosmos.authz.v1beta1.MsgExec", MsgExec, { grantee: o.operator, msgs })],
    expect,
    involves: involves.filter((a) => a !== o.operator),
  };
}

function pickParcel(k: LandKeeper, s: SimState, ok: (p: Parcel) => boolean = () => true): Parcel | undefined {
  const found = sampleById(k.parcels, s.ctx, s.rng, k.nextParcelId.peek(s.ctx) - 1n, 8).filter(ok);
  return found.length === 0 ? undefined : s.rng.pick(found);
}

/** A parcel with the office in charge of it, when that office is one of the simulation's. */
function pickOfficeParcel(
  k: LandKeeper,
  s: SimState,
  ok: (p: Parcel) => boolean = () => true,
): { p: Parcel; office: Office; all: Office[] } | undefined {
  const all = offices(k, s);
  const p = pickParcel(k, s, (x) => ok(x) && all.some((o) => o.address === x.authority));
  return p ? { p, office: all.find((o) => o.address === p.authority)!, all } : undefined;
}

/** An open transfer (from the pending set) with its parcel. */
function pickPending(
  k: LandKeeper,
  s: SimState,
  prefer: (t: Transfer) => boolean = () => true,
): { t: Transfer; p: Parcel; office: Office | undefined; all: Office[] } | undefined {
  const open = sampleFrom(k.pending, s.ctx, randomId(s.rng, k.nextTransferId.peek(s.ctx)), 8).map((id) => k.transfers.get(s.ctx, id)!);
  if (open.length === 0) return undefined;
  // Mostly one at the stage the operation acts on, so transfers go through their whole pipeline.
  const preferred = open.filter(prefer);
  const t = s.rng.pick(preferred.length > 0 && !s.rng.oneIn(4) ? preferred : open);
  const p = k.parcels.get(s.ctx, t.parcelId)!;
  const all = offices(k, s);
  return { t, p, office: all.find((o) => o.address === p.authority), all };
}

/** Accounts whose txs in the same block could change a parcel act's outcome: its holder and its office's operator. */
function parcelParties(p: Parcel, office: Office | undefined): string[] {
  return office ? [p.holder, office.operator] : [p.holder];
}

const uniq = (s: SimState) => `${s.ctx.height}-${s.rng.int(1_000_000_000)}`;

/**
 * Land operations. Offices (genesis: one-member group policies admitted by governance, whose
 * operators hold authz grants of the office messages) register parcels, attach deeds, record
 * and release encumbrances, impose and lift restrictions, freeze and unfreeze, validate and
 * attest transfers and grant or withdraw fractionalisation permission; holders propose
 * transfers, anyone objects or completes them; governance deactivates and reactivates offices;
 * an office also acts through a group proposal. Invalid ones: a non-office registering, a
 * duplicate geometry, another office acting on a parcel, the parcel's own office attesting,
 * a non-holder proposing, releasing a missing encumbrance, unfreezing a parcel not frozen,
 * completing a missing transfer, and completions before validation or quorum. Invariants:
 * every parcel's stored status is the one its freezes and latest transfer imply; the pending
 * set is exactly the open transfers, at most one per parcel, proposed by the current holder;
 * the geometry, reference, holder and by-parcel indexes agree with the records; ids stay
 * below the next ids; permissions name existing parcels; every office is a group policy.
 */
export function landSimulation(k: LandKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "land/register-parcel",
        weight: 3,
        build: (s) => {
          const all = offices(k, s);
          if (all.length === 0) return undefined;
          const o = s.rng.pick(all);
          const id = uniq(s);
          return asOffice(
            o,
            [
              landMsg("MsgRegisterParcel", tx.MsgRegisterParcel, {
                creator: o.address,
                geometryHash: `sim-geo-${id}`,
                cadastralRef: `SIM/${id}`,
                holder: s.rng.pick(s.accounts),
              }),
            ],
            o.active ? "ok" : "fail",
          );
        },
      },
      {
        name: "land/register-parcel-titled-geometry",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          return asOffice(
            x.office,
            [
              landMsg("MsgRegisterParcel", tx.MsgRegisterParcel, {
                creator: x.office.address,
                geometryHash: x.p.geometryHash,
                cadastralRef: `SIM/${uniq(s)}`,
                holder: x.p.holder,
              }),
            ],
            "fail",
          );
        },
      },
      {
        name: "land/register-parcel-not-office",
        weight: 1,
        build: (s) => {
          const who = s.rng.pick(s.accounts);
          const id = uniq(s);
          return {
            signer: who,
            msgs: [
              landMsg("MsgRegisterParcel", tx.MsgRegisterParcel, {
                creator: who,
                geometryHash: `sim-geo-${id}`,
                cadastralRef: `SIM/${id}`,
                holder: who,
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "land/attach-deed",
        weight: 2,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const deed = landMsg("MsgAttachDeed", tx.MsgAttachDeed, {
            creator: x.office.address,
            parcelId: x.p.id,
            kind: "survey",
            documentHash: `sha256:${uniq(s)}`,
            uri: "ipfs://sim",
            reference: "S-1",
            issuedOn: "2026-01-01",
          });
          return asOffice(x.office, [deed], x.office.active ? "ok" : "fail", parcelParties(x.p, x.office));
        },
      },
      {
        name: "land/deed-by-another-office",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          const other = x?.all.find((o) => o.address !== x.p.authority);
          if (!x || !other) return undefined;
          const deed = landMsg("MsgAttachDeed", tx.MsgAttachDeed, {
            creator: other.address,
            parcelId: x.p.id,
            kind: "survey",
            documentHash: "sha256:forged",
          });
          return asOffice(other, [deed], "fail", parcelParties(x.p, x.office));
        },
      },
      {
        name: "land/encumbrance",
        weight: 2,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const open = x.p.encumbrances.map((e, i) => ({ e, i })).filter(({ e }) => !e.released);
          const msg =
            open.length > 0 && s.rng.oneIn(2)
              ? { creator: x.office.address, parcelId: x.p.id, release: true, index: s.rng.pick(open).i }
              : {
                  creator: x.office.address,
                  parcelId: x.p.id,
                  kind: "mortgage",
                  holder: s.rng.oneIn(3) ? "" : s.rng.pick(s.accounts),
                  detail: "sim charge",
                };
          return asOffice(
            x.office,
            [landMsg("MsgRecordEncumbrance", tx.MsgRecordEncumbrance, msg)],
            x.office.active ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/release-missing-encumbrance",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const msg = { creator: x.office.address, parcelId: x.p.id, release: true, index: x.p.encumbrances.length };
          return asOffice(x.office, [landMsg("MsgRecordEncumbrance", tx.MsgRecordEncumbrance, msg)], "fail", parcelParties(x.p, x.office));
        },
      },
      {
        name: "land/restriction",
        weight: 2,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const inForce = x.p.restrictions.map((r, i) => ({ r, i })).filter(({ r }) => !r.lifted);
          const msg =
            inForce.length > 0 && s.rng.oneIn(2)
              ? { creator: x.office.address, parcelId: x.p.id, lift: true, index: s.rng.pick(inForce).i }
              : {
                  creator: x.office.address,
                  parcelId: x.p.id,
                  kind: s.rng.oneIn(4) ? NO_FRACTIONALISATION : "agricultural_use_only",
                  value: "",
                  detail: "sim",
                };
          return asOffice(
            x.office,
            [landMsg("MsgSetRestriction", tx.MsgSetRestriction, msg)],
            x.office.active ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/freeze-or-unfreeze",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const unfreeze = hasActiveFreeze(x.p) && !s.rng.oneIn(4);
          const msg = { creator: x.office.address, parcelId: x.p.id, reason: unfreeze ? "order discharged" : "sim court order", unfreeze };
          return asOffice(
            x.office,
            [landMsg("MsgFreezeParcel", tx.MsgFreezeParcel, msg)],
            x.office.active ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/unfreeze-not-frozen",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s, (p) => !hasActiveFreeze(p));
          if (!x) return undefined;
          return asOffice(
            x.office,
            [landMsg("MsgFreezeParcel", tx.MsgFreezeParcel, { creator: x.office.address, parcelId: x.p.id, reason: "", unfreeze: true })],
            "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/propose-transfer",
        weight: 3,
        build: (s) => {
          const x = pickOfficeParcel(k, s, (p) => s.accounts.includes(p.holder));
          if (!x) return undefined;
          const msg = landMsg("MsgProposeTransfer", tx.MsgProposeTransfer, {
            creator: x.p.holder,
            parcelId: x.p.id,
            to: otherAccount(s, x.p.holder),
            price: `KES ${1 + s.rng.int(1_000_000)}`,
          });
          return {
            signer: x.p.holder,
            msgs: [msg],
            expect: x.p.status === Status.STATUS_REGISTERED ? "ok" : "fail",
            involves: parcelParties(x.p, x.office),
          };
        },
      },
      {
        name: "land/propose-not-holder",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const who = otherAccount(s, x.p.holder);
          const msg = landMsg("MsgProposeTransfer", tx.MsgProposeTransfer, { creator: who, parcelId: x.p.id, to: who, price: "KES 1" });
          return { signer: who, msgs: [msg], expect: "fail", involves: parcelParties(x.p, x.office) };
        },
      },
      {
        name: "land/validate-transfer",
        weight: 2,
        build: (s) => {
          const x = pickPending(k, s, (t) => !t.validated);
          if (!x?.office) return undefined;
          return asOffice(
            x.office,
            [landMsg("MsgValidateTransfer", tx.MsgValidateTransfer, { creator: x.office.address, transferId: x.t.id })],
            x.office.active && !x.t.validated ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/attest-transfer",
        weight: 3,
        build: (s) => {
          const x = pickPending(k, s, (t) => t.quorumAt === 0n);
          const others = x?.all.filter((o) => o.address !== x.p.authority) ?? [];
          if (!x || others.length === 0) return undefined;
          const fresh = others.filter((c) => c.active && !x.t.attestors.includes(c.address));
          const o = fresh.length > 0 && !s.rng.oneIn(4) ? s.rng.pick(fresh) : s.rng.pick(others);
          const ok = o.active && !x.t.attestors.includes(o.address);
          return asOffice(
            o,
            [landMsg("MsgAttestTransfer", tx.MsgAttestTransfer, { creator: o.address, transferId: x.t.id })],
            ok ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/attest-by-own-office",
        weight: 1,
        build: (s) => {
          const x = pickPending(k, s);
          if (!x?.office) return undefined;
          return asOffice(
            x.office,
            [landMsg("MsgAttestTransfer", tx.MsgAttestTransfer, { creator: x.office.address, transferId: x.t.id })],
            "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/object",
        weight: 1,
        build: (s) => {
          const x = pickPending(k, s);
          if (!x) return undefined;
          const who = s.rng.pick(s.accounts);
          const msg = landMsg("MsgObject", tx.MsgObject, { creator: who, transferId: x.t.id, reason: "sim objection" });
          return { signer: who, msgs: [msg], expect: "ok", involves: parcelParties(x.p, x.office) };
        },
      },
      {
        name: "land/complete-transfer",
        weight: 3,
        build: (s) => {
          const x = pickPending(k, s, (t) => t.validated && t.quorumAt !== 0n);
          if (!x) return undefined;
          const params = k.getParams(s.ctx);
          const who = s.rng.pick(s.accounts);
          const quorum = x.t.quorumAt !== 0n && x.t.attestors.length >= params.attestationQuorum;
          // The next block is at least a second later: a window closing by then is certainly closed.
          const closed = quorum && s.ctx.unixSeconds + 1n >= x.t.quorumAt + params.challengeWindow;
          const expect = !x.t.validated || !quorum || hasActiveFreeze(x.p) ? "fail" : closed ? "ok" : "any";
          return {
            signer: who,
            msgs: [landMsg("MsgCompleteTransfer", tx.MsgCompleteTransfer, { creator: who, transferId: x.t.id })],
            expect,
            involves: parcelParties(x.p, x.office),
          };
        },
      },
      {
        name: "land/complete-missing-transfer",
        weight: 1,
        build: (s) => {
          const who = s.rng.pick(s.accounts);
          return {
            signer: who,
            msgs: [
              landMsg("MsgCompleteTransfer", tx.MsgCompleteTransfer, { creator: who, transferId: k.nextTransferId.peek(s.ctx) + 100n }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "land/fractionalisation-permission",
        weight: 2,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          const current = k.fractionalisation.get(s.ctx, x.p.id);
          // Granted or withdrawn only while the parcel is REGISTERED.
          const registered = x.office.active && x.p.status === Status.STATUS_REGISTERED;
          if (current && !current.withdrawn && s.rng.oneIn(4)) {
            return asOffice(
              x.office,
              [
                landMsg("MsgAuthoriseFractionalisation", tx.MsgAuthoriseFractionalisation, {
                  creator: x.office.address,
                  parcelId: x.p.id,
                  withdraw: true,
                }),
              ],
              registered ? "ok" : "fail",
              parcelParties(x.p, x.office),
            );
          }
          const msg = {
            creator: x.office.address,
            parcelId: x.p.id,
            right: "revenue share",
            maxShareBps: 1 + s.rng.int(10_000),
            expiresAt: s.ctx.unixSeconds + 86_400n + BigInt(s.rng.int(30 * 86_400)),
          };
          const ok = registered && !forbidsFractionalisation(x.p);
          return asOffice(
            x.office,
            [landMsg("MsgAuthoriseFractionalisation", tx.MsgAuthoriseFractionalisation, msg)],
            ok ? "ok" : "fail",
            parcelParties(x.p, x.office),
          );
        },
      },
      {
        name: "land/office-acts-by-group-proposal",
        weight: 1,
        build: (s) => {
          const x = pickOfficeParcel(k, s);
          if (!x) return undefined;
          // Submitted with EXEC_TRY: the one-member policy passes and runs the deed at once (a refused deed is recorded on the proposal, the tx succeeds).
          const deed = landMsg("MsgAttachDeed", tx.MsgAttachDeed, {
            creator: x.office.address,
            parcelId: x.p.id,
            kind: "grant",
            documentHash: `sha256:${uniq(s)}`,
          });
          const submit = simMsg("/cosmos.group.v1.MsgSubmitProposal", MsgSubmitProposal, {
            groupPolicyAddress: x.office.address,
            proposers: [x.office.operator],
            messages: [deed],
            exec: Exec.EXEC_TRY,
            title: "sim deed",
            summary: "",
            metadata: "",
          });
          return { signer: x.office.operator, msgs: [submit], expect: "ok", involves: parcelParties(x.p, x.office) };
        },
      },
      {
        name: "land/set-office-active",
        weight: 1,
        build: (s) => {
          const all = offices(k, s);
          if (all.length === 0) return undefined;
          const o = s.rng.pick(all);
          // Mostly reactivations: an inactive office's acts are refused, so deactivations stay rare.
          if (o.active && !s.rng.oneIn(12)) return undefined;
          const a = k.authorities.get(s.ctx, o.address)!;
          const msg = landMsg("MsgRegisterAuthority", tx.MsgRegisterAuthority, {
            authority: s.govAuthority,
            office: o.address,
            name: a.name,
            jurisdiction: a.jurisdiction,
            active: !o.active,
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "ok" };
        },
      },
    ],
    invariants: [{ name: "land/parcels-transfers-indexes", check: (ctx) => landInvariant(k, ctx) }],
  };
}

function landInvariant(k: LandKeeper, ctx: Context): string | undefined {
  const nextParcel = k.nextParcelId.peek(ctx);
  const nextTransfer = k.nextTransferId.peek(ctx);
  for (const [address] of k.authorities.iterate(ctx))
    if (!k.group.isGroupPolicy(ctx, address)) return `office ${address} is not a group policy`;
  const latest = new Map<bigint, Transfer>();
  const openByParcel = new Map<bigint, Transfer>();
  let transfers = 0;
  for (const [id, t] of k.transfers.iterate(ctx)) {
    if (id >= nextTransfer) return `transfer ${id} at or beyond next_transfer_id ${nextTransfer}`;
    if (!k.transfers.indexes.byParcel.has(ctx, t.parcelId, id)) return `transfer ${id} missing from the by-parcel index`;
    if (isOpen(t) !== k.pending.has(ctx, id)) return `transfer ${id} is ${isOpen(t) ? "open but not" : "closed but"} in the pending set`;
    if (isOpen(t)) {
      if (openByParcel.has(t.parcelId)) return `parcel ${t.parcelId} has two open transfers`;
      openByParcel.set(t.parcelId, t);
    }
    latest.set(t.parcelId, t);
    transfers++;
  }
  let n = 0;
  for (const [parcelId, id] of k.transfers.indexes.byParcel.entries(ctx)) {
    if (k.transfers.get(ctx, id)?.parcelId !== parcelId) return `by-parcel index names transfer ${id} under parcel ${parcelId}`;
    n++;
  }
  if (n !== transfers) return `by-parcel index has ${n} entries for ${transfers} transfers`;
  for (const id of k.pending.iterate(ctx)) if (!k.transfers.has(ctx, id)) return `pending set names missing transfer ${id}`;
  let parcels = 0;
  for (const [id, p] of k.parcels.iterate(ctx)) {
    if (id >= nextParcel) return `parcel ${id} at or beyond next_parcel_id ${nextParcel}`;
    const want = derivedStatus(p, latest.get(id));
    if (p.status !== want) return `parcel ${id} stored as ${Status[p.status]}, its freezes and transfers say ${Status[want]}`;
    const open = openByParcel.get(id);
    if (open && open.from !== p.holder) return `open transfer ${open.id} of parcel ${id} is from ${open.from}, the holder is ${p.holder}`;
    if (k.parcels.indexes.byGeometry.get(ctx, p.geometryHash) !== id) return `geometry index does not name parcel ${id}`;
    if (k.parcels.indexes.byRef.get(ctx, p.cadastralRef) !== id) return `reference index does not name parcel ${id}`;
    if (!k.parcels.indexes.byHolder.has(ctx, p.holder, id)) return `holder index misses parcel ${id} under ${p.holder}`;
    parcels++;
  }
  for (const [name, index] of [
    ["geometry", k.parcels.indexes.byGeometry],
    ["reference", k.parcels.indexes.byRef],
    ["holder", k.parcels.indexes.byHolder],
  ] as const) {
    let entries = 0;
    for (const _ of index.entries(ctx)) entries++;
    if (entries !== parcels) return `${name} index has ${entries} entries for ${parcels} parcels`;
  }
  for (const [parcelId, a] of k.fractionalisation.iterate(ctx)) {
    if (!k.parcels.has(ctx, parcelId) || a.parcelId !== parcelId)
      return `fractionalisation permission ${parcelId} names parcel ${a.parcelId}`;
  }
  return undefined;
}

/**
 * Genesis for the simulation: the group policies `offices` (one operator each) are admitted as
 * registry offices in Kenya, each granting its operator authz for every office message; the
 * challenge window is two minutes so transfers complete within a run.
 */
export function addSimOffices(appState: Record<string, any>, offices: ReadonlyArray<{ policy: string; operator: string }>): void {
  const land = appState.land;
  land.params.challenge_window = SIM_CHALLENGE_WINDOW.toString();
  appState.authz.authorization ??= [];
  offices.forEach(({ policy, operator }, i) => {
    land.authorities.push({ address: policy, name: `sim office ${i + 1}`, jurisdiction: "KE", active: true });
    for (const name of OFFICE_MSGS) {
      appState.authz.authorization.push({
        granter: policy,
        grantee: operator,
        authorization: { "@type": "/cosmos.authz.v1beta1.GenericAuthorization", msg: T + name },
      });
    }
  });
}
