import * as bank from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as tx from "../../gen/blockchain/builderfee/v1/tx";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, type SimTxResult } from "../../types/simulation";
import { ApplicationStatus, type BuilderfeeKeeper } from "./keeper";
import { BPS_DENOMINATOR } from "./params";

const T = "/blockchain.builderfee.v1.";
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const MULTI_SEND = "/cosmos.bank.v1beta1.MsgMultiSend";
/** Type URLs builders register for: ones the simulation's txs carry, so approved builders get paid. */
const BUILT_TYPES = [
  SEND,
  MULTI_SEND,
  "/cosmos.staking.v1beta1.MsgDelegate",
  "/cosmos.gov.v1.MsgVote",
  "/cosmos.nft.v1beta1.MsgSend",
  "/blockchain.alias.v1.MsgRegisterViewingKey",
];
const FEE_PAID = "builderfee_fee_paid";

const attr = (e: SimTxResult["events"][number], key: string) => e.attributes.find((a) => a.key === key)?.value;

/**
 * What a delivered tx must show of the builder share: exactly one payment of `share` to the
 * builder of the first message type that has one when the tx succeeded and the share is
 * positive; nothing otherwise (post handlers run after successful messages only).
 */
function expectShare(s: SimState, k: BuilderfeeKeeper, types: readonly string[], amount: bigint): (r: SimTxResult) => string | undefined {
  const first = types.find((t) => k.builders.has(s.ctx, t));
  const payout = first === undefined ? undefined : k.approvedBuilder(s.ctx, first);
  const share = (s.txFee * k.getParams(s.ctx).builderFeeShareBps) / BPS_DENOMINATOR;
  return (r) => {
    const paid = r.events.filter((e) => e.type === FEE_PAID);
    const want = r.code === 0 && payout !== undefined && share > 0n && amount > 0n;
    if (!want)
      return paid.length === 0
        ? undefined
        : `builder share paid (${paid.length} events) where none is due (code ${r.code}, builder ${payout ?? "none"}, share ${share})`;
    if (paid.length !== 1) return `${paid.length} builder share payments, expected one of ${share}${s.bondDenom} to ${payout} for ${first}`;
    const e = paid[0];
    const got = `${attr(e, "msg_type_url")} ${attr(e, "payout_address")} ${attr(e, "amount")}`;
    const expected = `${first} ${payout} ${share}${s.bondDenom}`;
    return got === expected ? undefined : `builder share paid as ${got}, expected ${expected}`;
  };
}

function send(from: string, to: string, denom: string, amount: bigint) {
  return simMsg(SEND, bank.MsgSend, { fromAddress: from, toAddress: to, amount: [{ denom, amount: amount.toString() }] });
}

function multiSend(from: string, to: string, denom: string, amount: bigint) {
  const coins = [{ denom, amount: amount.toString() }];
  return simMsg(MULTI_SEND, bank.MsgMultiSend, { inputs: [{ address: from, coins }], outputs: [{ address: to, coins }] });
}

/**
 * Builderfee operations: builder registrations for message types the simulation sends
 * (invalid: a second application for a type, a type the chain does not route), approvals and
 * the fee share through governance (invalid: an approval signed by an account), and the fee
 * path on real txs: bank txs whose messages have approved builders, each checked to pay the
 * share exactly once, to the builder of the first message type that has one, and nothing for
 * a failed tx. Invariant: approved builders and approved applications agree one to one, with
 * the same payout address, and no rejected application is kept.
 */
export function builderfeeSimulation(k: BuilderfeeKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "builderfee/register",
        weight: 2,
        build: (s) => {
          const creator = s.rng.pick(s.accounts);
          const msgTypeUrl = s.rng.pick(BUILT_TYPES);
          const msg = simMsg(T + "MsgRegisterBuilder", tx.MsgRegisterBuilder, {
            creator,
            msgTypeUrl,
            payoutAddress: s.rng.pick(s.accounts),
          });
          // A pending or approved application stays so for the whole block (decisions come in end blockers).
          return { signer: creator, msgs: [msg], expect: k.applications.has(s.ctx, msgTypeUrl) ? "fail" : "any" };
        },
      },
      {
        name: "builderfee/register-unrouted-type",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(s.accounts);
          const msgTypeUrl = s.rng.oneIn(2) ? "/blockchain.sim.v1.MsgNotRouted" : "not a type url";
          return {
            signer: creator,
            msgs: [simMsg(T + "MsgRegisterBuilder", tx.MsgRegisterBuilder, { creator, msgTypeUrl, payoutAddress: creator })],
            expect: "fail",
          };
        },
      },
      {
        name: "builderfee/approve-builder",
        weight: 2,
        build: (s) => {
          const pending = [...k.applications.iterate(s.ctx)].filter(([, a]) => a.status === ApplicationStatus.pending);
          if (pending.length === 0) return undefined;
          const [msgTypeUrl] = s.rng.pick(pending);
          const msg = simMsg(T + "MsgApproveBuilder", tx.MsgApproveBuilder, {
            authority: s.govAuthority,
            msgTypeUrl,
            approve: !s.rng.oneIn(4),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "builderfee/approve-by-account",
        weight: 1,
        build: (s) => {
          const signer = s.rng.pick(s.accounts);
          return {
            signer,
            msgs: [
              simMsg(T + "MsgApproveBuilder", tx.MsgApproveBuilder, {
                authority: signer,
                msgTypeUrl: s.rng.pick(BUILT_TYPES),
                approve: true,
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "builderfee/update-params",
        weight: 1,
        build: (s) => {
          // Mostly a real share; sometimes none, or one too small to leave a unit of the fee.
          const bps = s.rng.oneIn(5) ? BigInt(s.rng.int(5)) : BigInt(s.rng.int(Number(BPS_DENOMINATOR) + 1));
          const msg = simMsg(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority: s.govAuthority, params: { builderFeeShareBps: bps } });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "builderfee/bank-tx-pays-first-builder",
        weight: 4,
        build: (s) => {
          const from = s.rng.pick(s.accounts);
          const to = otherAccount(s, from);
          const amount = 1n + s.rng.bigint(1_000_000n);
          const types = s.rng.oneIn(2) ? [SEND, MULTI_SEND] : [MULTI_SEND, SEND];
          const msgs = types.map((t) => (t === SEND ? send(from, to, s.bondDenom, amount) : multiSend(from, to, s.bondDenom, amount)));
          return { signer: from, msgs, expect: "any", checkResult: expectShare(s, k, types, amount) };
        },
      },
      {
        name: "builderfee/failed-tx-pays-nothing",
        weight: 1,
        build: (s) => {
          const from = s.rng.pick(s.accounts);
          // More than the whole supply: refused, so no builder is paid even when MsgSend has one.
          const msg = send(from, otherAccount(s, from), s.bondDenom, 1n << 120n);
          return { signer: from, msgs: [msg], expect: "fail", checkResult: expectShare(s, k, [SEND], 0n) };
        },
      },
    ],
    invariants: [
      {
        name: "builderfee/builders-match-applications",
        check: (ctx) => {
          const bps = k.getParams(ctx).builderFeeShareBps;
          if (bps < 0n || bps > BPS_DENOMINATOR) return `builder_fee_share_bps ${bps}`;
          let approved = 0;
          for (const [url, a] of k.applications.iterate(ctx)) {
            if (a.msgTypeUrl !== url) return `application stored under ${url} is for ${a.msgTypeUrl}`;
            if (a.status === ApplicationStatus.pending) {
              if (k.builders.has(ctx, url)) return `${url} has an approved builder and a pending application`;
              continue;
            }
            if (a.status !== ApplicationStatus.approved) return `application for ${url} kept with status ${a.status}`;
            approved++;
            const b = k.builders.get(ctx, url);
            if (b?.payoutAddress !== a.payoutAddress)
              return `approved application for ${url} pays ${a.payoutAddress}, approved builder ${b?.payoutAddress ?? "missing"}`;
          }
          let builders = 0;
          for (const [url, b] of k.builders.iterate(ctx)) {
            builders++;
            if (b.msgTypeUrl !== url) return `approved builder stored under ${url} is for ${b.msgTypeUrl}`;
          }
          return builders === approved ? undefined : `${builders} approved builders, ${approved} approved applications`;
        },
      },
    ],
  };
}
