import { DepositStatus, RedemptionStatus } from "../../gen/blockchain/custody/v1/custody";
import { GenesisState } from "../../gen/blockchain/custody/v1/genesis";
import { accAddress } from "../../types/address";
import { isValidDenom } from "../../types/coins";
import type { GenesisDef } from "../../types/module";
import { custodyErrors as E } from "./errors";
import type { BankKeeper } from "./expected-keepers";
import { parseAmount } from "./fields";
import { claimMetadata, depositId, redemptionSeq, type CustodyKeeper } from "./keeper";
import { defaultCustodyParams, validateCustodyParams } from "./params";

const invalid = (detail: string) => E.ErrInvalidParams.wrap(`genesis: ${detail}`);

export function custodyGenesis(
  k: CustodyKeeper,
  bank: Pick<BankKeeper, "getDenomMetadata" | "setDenomMetadata">,
): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.custody.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultCustodyParams(),
      assets: [],
      attestors: [],
      deposits: [],
      redemptions: [],
      reserveReports: [],
      publishedReserves: [],
      nextDeposit: 1n,
      nextRedemption: 1n,
      attestations: [],
    }),
    validate: (g) => {
      validateCustodyParams(g.params ?? defaultCustodyParams());
      const assets = new Set<string>();
      for (const a of g.assets) {
        if (!isValidDenom(a.denom)) throw invalid(`asset denom ${JSON.stringify(a.denom.slice(0, 140))}`);
        if (assets.has(a.denom)) throw invalid(`asset ${a.denom} given twice`);
        assets.add(a.denom);
      }
      const attestors = new Set<string>();
      for (const a of g.attestors) {
        accAddress.validate(a);
        if (attestors.has(a)) throw invalid(`attestor ${a} given twice`);
        attestors.add(a);
      }
      const deposits = new Set<string>();
      for (const d of g.deposits) {
        if (!assets.has(d.denom)) throw invalid(`deposit ${d.id} of unknown asset ${d.denom}`);
        if (d.id !== depositId(d.denom, d.externalRef) || d.externalRef === "" || d.externalRef.includes(":"))
          throw invalid(`deposit id ${d.id} is not denom:external_ref`);
        if (deposits.has(d.id)) throw invalid(`deposit ${d.id} given twice`);
        deposits.add(d.id);
        accAddress.validate(d.recipient);
        parseAmount(d.amount, `deposit ${d.id} amount`);
        if (
          ![DepositStatus.DEPOSIT_STATUS_PENDING, DepositStatus.DEPOSIT_STATUS_CREDITED, DepositStatus.DEPOSIT_STATUS_REJECTED].includes(
            d.status,
          )
        )
          throw invalid(`deposit ${d.id} has no valid status`);
      }
      const attested = new Set<string>();
      for (const a of g.attestations) {
        if (!deposits.has(a.depositId)) throw invalid(`attestation of ${a.depositId}, which is not a deposit`);
        accAddress.validate(a.attestor);
        const key = JSON.stringify([a.depositId, a.attestor]);
        if (attested.has(key)) throw invalid(`attestation of ${a.depositId} by ${a.attestor} given twice`);
        attested.add(key);
      }
      const redemptions = new Set<bigint>();
      for (const r of g.redemptions) {
        const seq = redemptionSeq(r.id);
        if (seq === undefined || seq >= g.nextRedemption) throw invalid(`redemption id ${r.id} must be r<n> with n below next_redemption`);
        if (redemptions.has(seq)) throw invalid(`redemption ${r.id} given twice`);
        redemptions.add(seq);
        if (!assets.has(r.denom)) throw invalid(`redemption ${r.id} of unknown asset ${r.denom}`);
        accAddress.validate(r.redeemer);
        // Zero when the fee took the whole amount.
        parseAmount(r.amount, `redemption ${r.id} amount`, true);
        if (
          ![
            RedemptionStatus.REDEMPTION_STATUS_PENDING,
            RedemptionStatus.REDEMPTION_STATUS_SETTLED,
            RedemptionStatus.REDEMPTION_STATUS_CANCELLED,
          ].includes(r.status)
        ) {
          throw invalid(`redemption ${r.id} has no valid status`);
        }
      }
      const reports = new Set<string>();
      for (const r of g.reserveReports) {
        if (!assets.has(r.denom)) throw invalid(`reserve report of unknown asset ${r.denom}`);
        accAddress.validate(r.attestor);
        parseAmount(r.held, `reserve of ${r.denom}`, true);
        const key = JSON.stringify([r.denom, r.attestor]);
        if (reports.has(key)) throw invalid(`reserve report of ${r.denom} by ${r.attestor} given twice`);
        reports.add(key);
      }
      const published = new Set<string>();
      for (const r of g.publishedReserves) {
        if (!assets.has(r.denom)) throw invalid(`published reserve of unknown asset ${r.denom}`);
        if (published.has(r.denom)) throw invalid(`published reserve of ${r.denom} given twice`);
        published.add(r.denom);
        accAddress.validate(r.attestor);
        parseAmount(r.held, `published reserve of ${r.denom}`, true);
      }
      if (g.nextRedemption < 1n || g.nextDeposit < 1n) throw invalid("next_deposit and next_redemption start at 1");
    },
    // Runs after bank (init order): metadata of a claim is published when genesis lacks it. The
    // published reserves are taken as exported, not derived again from the reports: attestors
    // or params may have changed since the last report, which alone recomputes them.
    init: (ctx, g) => {
      k.params.set(ctx, validateCustodyParams(g.params ?? defaultCustodyParams()));
      for (const a of g.assets) {
        k.assets.set(ctx, a.denom, a);
        if (!bank.getDenomMetadata(ctx, a.denom)) bank.setDenomMetadata(ctx, claimMetadata(a));
      }
      for (const a of g.attestors) k.attestors.set(ctx, a);
      for (const d of g.deposits) k.deposits.set(ctx, [d.denom, d.externalRef], d);
      const byId = new Map(g.deposits.map((d) => [d.id, d]));
      for (const a of g.attestations) {
        const d = byId.get(a.depositId)!;
        k.attestations.set(ctx, [d.denom, d.externalRef, a.attestor], a);
      }
      for (const r of g.redemptions) k.redemptions.set(ctx, redemptionSeq(r.id)!, r);
      for (const r of g.reserveReports) k.reserveReports.set(ctx, [r.denom, r.attestor], r);
      for (const r of g.publishedReserves) k.reserves.set(ctx, r.denom, r);
      k.nextDeposit.set(ctx, g.nextDeposit);
      k.nextRedemption.set(ctx, g.nextRedemption);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      assets: [...k.assets.iterate(ctx)].map(([, v]) => v),
      attestors: [...k.attestors.iterate(ctx)],
      deposits: [...k.deposits.iterate(ctx)].map(([, v]) => v),
      redemptions: [...k.redemptions.iterate(ctx)].map(([, v]) => v),
      reserveReports: [...k.reserveReports.iterate(ctx)].map(([, v]) => v),
      nextDeposit: k.nextDeposit.peek(ctx),
      nextRedemption: k.nextRedemption.peek(ctx),
      attestations: [...k.attestations.iterate(ctx)].map(([, v]) => v),
      publishedReserves: [...k.reserves.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
