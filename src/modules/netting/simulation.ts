import { CycleStatus, DenomStatus } from "../../gen/blockchain/netting/v1/netting";
import * as tx from "../../gen/blockchain/netting/v1/tx";
import { moduleAddress } from "../../types/address";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { PaymsgKeeper } from "./expected-keepers";
import { NETTING_MODULE, type NettingKeeper } from "./keeper";
import { BATCH_HASH_BYTES } from "./msgs";
import { denomPolicy } from "./params";

const T = "/blockchain.netting.v1.";
/** The accounts paymsg's simulation lets apply as participants (and the genesis participants among them). */
const CANDIDATES = [10, 30] as const;
/** Obligations whose participant index entries the invariant checks each block (the newest; the log only grows). */
const RECENT_OBLIGATIONS = 64n;

function participants(paymsg: PaymsgKeeper, s: SimState): string[] {
  return s.accounts.slice(...CANDIDATES).filter((a) => paymsg.isApprovedParticipant(s.ctx, a));
}

function batchHash(s: SimState, bytes = BATCH_HASH_BYTES): Uint8Array {
  return Uint8Array.from({ length: bytes }, () => s.rng.int(256));
}

const coins = (denom: string, amount: bigint) => [{ denom, amount: amount.toString() }];

/**
 * Netting operations: approved participants (paymsg) post and withdraw reserve and submit
 * obligations that net within a cycle (up to their uncommitted reserve) or settle gross (at or
 * above the currency's gross threshold); governance changes the cycle and the policies and
 * abandons held slices. Invalid: reserve or obligations from a non-participant, an obligation
 * signed by someone else, to a non-participant, of a zero amount, with a short batch hash,
 * beyond the net debit cap; a withdrawal of committed reserve. Invariants: nothing lost,
 * nothing created — the module account holds exactly the reserves, settlement only moves
 * reserve between participants; every unsettled slice's positions sum to zero and its debits
 * are the committed (locked) reserve, never above the reserve; the held list and the open cycle
 * agree with the cycle records; the newest obligations are in the participant index.
 */
export function nettingSimulation(k: NettingKeeper, paymsg: PaymsgKeeper): ModuleSimulation {
  const available = (s: SimState, p: string, denom: string) => k.reserveOf(s.ctx, p, denom) - k.lockedOf(s.ctx, p, denom);
  const obligation = (s: SimState, from: string, to: string, amount: bigint, hash = batchHash(s)) =>
    simMsg(T + "MsgSubmitObligation", tx.MsgSubmitObligation, {
      fromParticipant: from,
      toParticipant: to,
      denom: s.bondDenom,
      amount: amount.toString(),
      batchHash: hash,
    });
  /** Two distinct participants, or undefined. */
  const pair = (s: SimState): [string, string] | undefined => {
    const ps = participants(paymsg, s);
    if (ps.length < 2) return undefined;
    const from = s.rng.pick(ps);
    return [from, s.rng.pick(ps.filter((p) => p !== from))];
  };
  /** The per-obligation gross threshold when obligations in the bond denom net (no aggregate cap), else undefined. */
  const netBelow = (s: SimState): bigint | undefined => {
    const p = k.getParams(s.ctx);
    const policy = denomPolicy(p, s.bondDenom);
    return p.cycleBlocks === 0n || k.currentCycle.get(s.ctx) === 0n || policy === undefined || policy.aggregate > 0n
      ? undefined
      : policy.gross;
  };
  /** The smallest amount that settles gross whatever else the block holds. */
  const grossFrom = (s: SimState): bigint => {
    const p = k.getParams(s.ctx);
    const policy = denomPolicy(p, s.bondDenom);
    return p.cycleBlocks === 0n || policy === undefined || policy.gross === 0n ? 1n : policy.gross;
  };
  /**
   * More than the debtor can owe in this block: its free reserve, plus its credit in the open
   * cycle, plus every credit other participants' txs of the same block could still give it
   * (each bounded by that debtor's own free reserve).
   */
  const beyondCap = (s: SimState, from: string): bigint => {
    const pos = k.positionOf(s.ctx, k.currentCycle.get(s.ctx), s.bondDenom, from);
    const incoming = participants(paymsg, s)
      .filter((p) => p !== from)
      .reduce((sum, p) => sum + available(s, p, s.bondDenom), 0n);
    return available(s, from, s.bondDenom) + (pos > 0n ? pos : 0n) + incoming + 1n;
  };
  return {
    operations: [
      {
        name: "netting/post-reserve",
        weight: 3,
        build: (s) => {
          const ps = participants(paymsg, s);
          if (ps.length === 0) return undefined;
          const p = s.rng.pick(ps);
          return {
            signer: p,
            msgs: [
              simMsg(T + "MsgPostReserve", tx.MsgPostReserve, {
                participant: p,
                amount: coins(s.bondDenom, 1n + s.rng.bigint(5_000_000_000n)),
              }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "netting/post-reserve-not-participant",
        weight: 1,
        build: (s) => {
          const who = s.rng.pick(s.accounts.slice(40));
          if (paymsg.isApprovedParticipant(s.ctx, who)) return undefined;
          return {
            signer: who,
            msgs: [simMsg(T + "MsgPostReserve", tx.MsgPostReserve, { participant: who, amount: coins(s.bondDenom, 1000n) })],
            expect: "fail",
          };
        },
      },
      {
        name: "netting/withdraw-reserve",
        weight: 2,
        build: (s) => {
          const ps = participants(paymsg, s).filter((p) => available(s, p, s.bondDenom) > 0n);
          if (ps.length === 0) return undefined;
          const p = s.rng.pick(ps);
          const amount = 1n + s.rng.bigint(available(s, p, s.bondDenom));
          return {
            signer: p,
            msgs: [simMsg(T + "MsgWithdrawReserve", tx.MsgWithdrawReserve, { participant: p, amount: coins(s.bondDenom, amount) })],
            expect: "ok",
          };
        },
      },
      {
        name: "netting/withdraw-committed-reserve",
        weight: 1,
        build: (s) => {
          const ps = participants(paymsg, s);
          if (ps.length === 0) return undefined;
          const p = s.rng.pick(ps);
          const reserve = k.reserveOf(s.ctx, p, s.bondDenom);
          // The whole reserve while more of it is committed than the block's other txs could free
          // (ErrReserveCommitted), else more than the reserve (ErrInsufficientReserve).
          const stuck = k.lockedOf(s.ctx, p, s.bondDenom) >= beyondCap(s, p) - available(s, p, s.bondDenom);
          const amount = reserve > 0n && stuck ? reserve : reserve + 1n;
          return {
            signer: p,
            msgs: [simMsg(T + "MsgWithdrawReserve", tx.MsgWithdrawReserve, { participant: p, amount: coins(s.bondDenom, amount) })],
            expect: "fail",
          };
        },
      },
      {
        name: "netting/submit-net-obligation",
        weight: 8,
        build: (s) => {
          const gross = netBelow(s);
          const p = pair(s);
          if (gross === undefined || gross <= 1n || !p) return undefined;
          const free = available(s, p[0], s.bondDenom);
          if (free <= 0n) return undefined;
          const cap = free < gross - 1n ? free : gross - 1n;
          return { signer: p[0], msgs: [obligation(s, p[0], p[1], 1n + s.rng.bigint(cap))], expect: "ok" };
        },
      },
      {
        name: "netting/submit-gross-obligation",
        weight: 2,
        build: (s) => {
          const p = pair(s);
          if (!p) return undefined;
          return { signer: p[0], msgs: [obligation(s, p[0], p[1], grossFrom(s) + s.rng.bigint(1_000_000n))], expect: "ok" };
        },
      },
      {
        name: "netting/obligation-over-cap",
        weight: 1,
        build: (s) => {
          const gross = netBelow(s);
          const p = pair(s);
          if (gross === undefined || !p) return undefined;
          const over = beyondCap(s, p[0]);
          if (over >= gross) return undefined;
          return { signer: p[0], msgs: [obligation(s, p[0], p[1], over)], expect: "fail" };
        },
      },
      {
        name: "netting/obligation-invalid",
        weight: 2,
        build: (s) => {
          const p = pair(s);
          if (!p) return undefined;
          const [from, to] = p;
          const outsider = s.rng.pick(s.accounts.slice(40));
          const kind = s.rng.int(4);
          if (kind === 0) return { signer: from, signWith: otherAccount(s, from), msgs: [obligation(s, from, to, 10n)], expect: "fail" };
          if (kind === 1)
            return paymsg.isApprovedParticipant(s.ctx, outsider)
              ? undefined
              : { signer: from, msgs: [obligation(s, from, outsider, 10n)], expect: "fail" };
          if (kind === 2)
            return {
              signer: from,
              msgs: [
                simMsg(T + "MsgSubmitObligation", tx.MsgSubmitObligation, {
                  fromParticipant: from,
                  toParticipant: to,
                  denom: s.bondDenom,
                  amount: "0",
                  batchHash: batchHash(s),
                }),
              ],
              expect: "fail",
            };
          return { signer: from, msgs: [obligation(s, from, to, 10n, batchHash(s, BATCH_HASH_BYTES - 1))], expect: "fail" };
        },
      },
      {
        // Authority: cycle length (sometimes netting off), the bond denom's thresholds.
        name: "netting/update-params",
        weight: 1,
        build: (s) => {
          const cycleBlocks = s.rng.oneIn(8) ? 0n : BigInt(3 + s.rng.int(12));
          const denomPolicies = s.rng.oneIn(6)
            ? []
            : [
                {
                  denom: s.bondDenom,
                  grossThreshold: (1n + s.rng.bigint(10_000_000_000n)).toString(),
                  aggregateGrossThreshold: s.rng.oneIn(4) ? (1n + s.rng.bigint(50_000_000_000n)).toString() : "0",
                },
              ];
          const params = { cycleBlocks, denomPolicies, maxHoldCycles: BigInt(s.rng.int(5)) };
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [simMsg(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority: s.govAuthority, params })],
            expect: "any",
          };
        },
      },
      {
        name: "netting/abandon-held-slice",
        weight: 1,
        build: (s) => {
          let slice: { cycleId: bigint; denom: string } | undefined;
          for (const [, h] of k.held.iterate(s.ctx)) {
            slice = h;
            break;
          }
          // Without a held slice, now and then an unknown one, which fails inside the proposal (so "any").
          if (!slice && !s.rng.oneIn(10)) return undefined;
          const target = slice ?? { cycleId: k.nextCycleId.peek(s.ctx) + 100n, denom: s.bondDenom };
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              simMsg(T + "MsgAbandonHeldSlice", tx.MsgAbandonHeldSlice, {
                authority: s.govAuthority,
                cycleId: target.cycleId,
                denom: target.denom,
                reason: "simulated",
              }),
            ],
            expect: "any",
          };
        },
      },
    ],
    invariants: [
      {
        name: "netting/module-account-holds-reserves",
        check: (ctx) => {
          const reserves = new Map<string, bigint>();
          for (const [, r] of k.reserves.iterate(ctx)) {
            if (BigInt(r.amount) <= 0n) return `reserve of ${r.participant} in ${r.denom} is ${r.amount}`;
            reserves.set(r.denom, (reserves.get(r.denom) ?? 0n) + BigInt(r.amount));
          }
          for (const c of k.bank.getAllBalances(ctx, moduleAddress(NETTING_MODULE))) {
            if ((reserves.get(c.denom) ?? 0n) !== c.amount)
              return `${NETTING_MODULE} account holds ${c.amount}${c.denom}, reserves record ${reserves.get(c.denom) ?? 0n}`;
            reserves.delete(c.denom);
          }
          for (const [denom, n] of reserves) return `reserves record ${n}${denom}, the ${NETTING_MODULE} account holds none`;
          return undefined;
        },
      },
      {
        name: "netting/positions-balance-and-locks",
        check: (ctx) => {
          const current = k.currentCycle.get(ctx);
          const sums = new Map<string, bigint>();
          const debits = new Map<string, bigint>();
          for (const [, p] of k.positions.iterate(ctx)) {
            const slice = `${p.cycleId}/${p.denom}`;
            if (p.cycleId !== current && !k.held.has(ctx, [p.cycleId, p.denom]))
              return `position of ${p.participant} in ${slice}, neither open nor held`;
            const amount = BigInt(p.amount);
            if (amount === 0n) return `zero position of ${p.participant} in ${slice} is stored`;
            sums.set(slice, (sums.get(slice) ?? 0n) + amount);
            if (amount < 0n) debits.set(`${p.participant}/${p.denom}`, (debits.get(`${p.participant}/${p.denom}`) ?? 0n) - amount);
          }
          for (const [slice, sum] of sums) if (sum !== 0n) return `positions of ${slice} sum to ${sum}: value created or lost`;
          for (const [[participant, denom], value] of k.locked.iterate(ctx)) {
            const locked = BigInt(value);
            const key = `${participant}/${denom}`;
            if (locked !== (debits.get(key) ?? 0n)) return `${key}: locked ${locked}, unsettled debits ${debits.get(key) ?? 0n}`;
            if (locked > k.reserveOf(ctx, participant, denom))
              return `${key}: locked ${locked} above the reserve ${k.reserveOf(ctx, participant, denom)}`;
            debits.delete(key);
          }
          for (const [key, d] of debits) return `${key}: unsettled debits ${d}, nothing locked`;
          return undefined;
        },
      },
      {
        name: "netting/cycles-held-and-index",
        check: (ctx) => {
          const current = k.currentCycle.get(ctx);
          if (current !== 0n) {
            const c = k.cycles.get(ctx, current);
            if (c?.status !== CycleStatus.CYCLE_STATUS_OPEN) return `current cycle ${current} is not open`;
            if (c.outcomes.some((d) => d.status !== DenomStatus.DENOM_STATUS_OPEN))
              return `the open cycle ${current} has a closed currency`;
          }
          for (const [[cycleId, denom]] of k.held.iterate(ctx)) {
            const outcome = k.cycles.get(ctx, cycleId)?.outcomes.find((d) => d.denom === denom);
            if (outcome?.status !== DenomStatus.DENOM_STATUS_HELD) return `held list names ${cycleId}/${denom}, whose outcome is not held`;
          }
          const next = k.nextObligationId.peek(ctx);
          for (let id = next - 1n; id >= 1n && id >= next - RECENT_OBLIGATIONS; id--) {
            const o = k.obligations.get(ctx, id);
            if (!o) return `obligation ${id} (below the counter ${next}) is missing`;
            if (BigInt(o.amount) <= 0n) return `obligation ${id} has amount ${o.amount}`;
            const index = k.obligations.indexes.byParticipant;
            if (!index.has(ctx, o.fromParticipant, o.cycleId, id) || !index.has(ctx, o.toParticipant, o.cycleId, id))
              return `obligation ${id} is missing from the participant index`;
          }
          return undefined;
        },
      },
    ],
  };
}
