import * as tx from "../../gen/blockchain/paymsg/v1/tx";
import { ApplicationStatus } from "../../types/applications";
import { newestRecords, otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { PaymsgKeeper } from "./keeper";

const T = "/blockchain.paymsg.v1.";

function participants(k: PaymsgKeeper, s: SimState): string[] {
  return [...k.participants.iterate(s.ctx)].map(([, p]) => p.participant).filter((p) => s.accounts.includes(p));
}

/**
 * Paymsg operations (participant applications, approval through governance, payments a
 * participant instructs from its own balance to any creditor; invalid: a payment instructed
 * by an account that is no participant, a payment id used twice) and the invariant that every
 * approved participant has an approved application of its own.
 */
export function paymsgSimulation(k: PaymsgKeeper): ModuleSimulation {
  const payment = (s: SimState, debtor: string, instructed: string, endToEndId: string) =>
    simMsg(T + "MsgSendPayment", tx.MsgSendPayment, {
      debtor,
      endToEndId,
      instructingParticipant: debtor,
      instructedParticipant: instructed,
      creditor: otherAccount(s, debtor),
      denom: s.bondDenom,
      amount: (1n + s.rng.bigint(1_000_000n)).toString(),
      purposeCode: "",
      remittanceInformation: "",
      settlementJurisdiction: "",
    });
  return {
    operations: [
      {
        name: "paymsg/apply-participant",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(s.accounts.slice(10, 30));
          return {
            signer: creator,
            msgs: [
              simMsg(T + "MsgApplyParticipant", tx.MsgApplyParticipant, {
                creator,
                code: `SIM${s.rng.int(1000)}`,
                name: "Simulated participant",
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "paymsg/approve-participant",
        weight: 1,
        build: (s) => {
          const pending = [...k.applications.iterate(s.ctx)].filter(([, a]) => a.status === ApplicationStatus.pending);
          if (pending.length === 0) return undefined;
          const [, app] = s.rng.pick(pending);
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              simMsg(T + "MsgApproveParticipant", tx.MsgApproveParticipant, {
                authority: s.govAuthority,
                participant: app.creator,
                approve: !s.rng.oneIn(5),
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "paymsg/send-payment",
        weight: 4,
        build: (s) => {
          const ps = participants(k, s);
          if (ps.length < 2) return undefined;
          const debtor = s.rng.pick(ps);
          const instructed = s.rng.pick(ps.filter((p) => p !== debtor));
          return {
            signer: debtor,
            msgs: [payment(s, debtor, instructed, `E2E-${s.ctx.height}-${s.rng.int(1_000_000_000)}`)],
            expect: "any",
          };
        },
      },
      {
        name: "paymsg/send-payment-not-participant",
        weight: 1,
        build: (s) => {
          const ps = participants(k, s);
          const outsider = s.rng.pick(s.accounts);
          if (ps.length === 0 || k.isApprovedParticipant(s.ctx, outsider)) return undefined;
          return { signer: outsider, msgs: [payment(s, outsider, s.rng.pick(ps), `E2E-out-${s.rng.int(1_000_000_000)}`)], expect: "fail" };
        },
      },
      {
        name: "paymsg/send-payment-duplicate-id",
        weight: 1,
        build: (s) => {
          // A bounded read of one participant's records (payment records are kept for good).
          const ps = participants(k, s);
          if (ps.length === 0) return undefined;
          const records = newestRecords(k.payments, s.ctx, 16, () => true, k.paymentKey.prefix(s.rng.pick(ps)));
          if (records.length === 0) return undefined;
          const r = s.rng.pick(records);
          return {
            signer: r.instructingParticipant,
            msgs: [payment(s, r.instructingParticipant, r.instructedParticipant, r.endToEndId)],
            expect: "fail",
          };
        },
      },
    ],
    invariants: [
      {
        name: "paymsg/participants-approved",
        check: (ctx) => {
          for (const [addr, p] of k.participants.iterate(ctx)) {
            if (addr !== p.participant) return `participant record ${p.participant} stored under another address`;
            const app = k.applications.get(ctx, addr);
            if (app?.status !== ApplicationStatus.approved) return `participant ${p.participant} has no approved application`;
          }
          return undefined;
        },
      },
    ],
  };
}
