import * as tx from "../../gen/blockchain/treasury/v1/tx";
import { DisputeState, LockType, type Lock } from "../../gen/blockchain/treasury/v1/lock";
import { moduleAddress } from "../../types/address";
import { OpenRecords, otherAccount, sampleById, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import { ESCROW_TREASURY_ID, TREASURY_MODULE, type TreasuryKeeper } from "./keeper";

const T = "/blockchain.treasury.v1.";

/** Treasuries an operation reads: a random run of ids (treasuries are never removed, so their number grows with the run). */
const SAMPLED = 8;

function ownTreasury(k: TreasuryKeeper, s: SimState) {
  const mine = sampleById(k.treasuries, s.ctx, s.rng, k.nextTreasuryId.peek(s.ctx) - 1n, SAMPLED, (t) => s.accounts.includes(t.admin));
  return mine.length === 0 ? undefined : s.rng.pick(mine);
}

/**
 * Treasury operations (create, deposit, spend by the admin, time locks and claims, escrows
 * opened, released, disputed and resolved; invalid: spend by a stranger, spend more than the
 * supply) and the invariant that the treasury account holds exactly what every treasury's
 * balance plus every open escrow records, with each treasury's locked amount equal to what
 * its active locks still hold.
 */
export function treasurySimulation(k: TreasuryKeeper): ModuleSimulation {
  // Released, claimed and settled locks stay in state: the invariant reads the active ones and a rolling window of the rest.
  const tracked = new OpenRecords<Lock>((l) => l.active);
  // The locks operations pick from, kept apart (operations read the leader's state between blocks).
  const opLocks = new OpenRecords<Lock>((l) => l.active, 0);
  const activeLocks = (k: TreasuryKeeper, s: SimState, escrow: boolean): Lock[] =>
    opLocks
      .read(s.ctx, k.locks, k.nextLockId.peek(s.ctx) - 1n)
      .open.map(([, l]) => l)
      .filter((l) => (l.treasuryId === ESCROW_TREASURY_ID) === escrow);
  return {
    operations: [
      {
        name: "treasury/create",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(s.accounts);
          return {
            signer: creator,
            msgs: [
              simMsg(T + "MsgCreateTreasury", tx.MsgCreateTreasury, { creator, name: `sim treasury ${s.rng.int(1000)}`, admin: creator }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "treasury/deposit",
        weight: 4,
        build: (s) => {
          const ids = sampleById(k.treasuries, s.ctx, s.rng, k.nextTreasuryId.peek(s.ctx) - 1n, 1).map((t) => t.id);
          if (ids.length === 0) return undefined;
          const depositor = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgDeposit", tx.MsgDeposit, {
            depositor,
            treasuryId: ids[0],
            amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(10_000_000_000n)).toString() }],
          });
          return { signer: depositor, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "treasury/spend",
        weight: 3,
        build: (s) => {
          const t = ownTreasury(k, s);
          if (!t) return undefined;
          const available = k.available(s.ctx, t.id, s.bondDenom);
          if (available <= 0n) return undefined;
          const msg = simMsg(T + "MsgSpend", tx.MsgSpend, {
            spender: t.admin,
            treasuryId: t.id,
            recipient: otherAccount(s, t.admin),
            amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(available)).toString() }],
            memo: "",
          });
          return { signer: t.admin, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "treasury/spend-by-stranger",
        weight: 1,
        build: (s) => {
          const t = ownTreasury(k, s);
          if (!t) return undefined;
          const stranger = otherAccount(s, t.admin);
          if (k.roles.has(s.ctx, [t.id, stranger])) return undefined;
          const msg = simMsg(T + "MsgSpend", tx.MsgSpend, {
            spender: stranger,
            treasuryId: t.id,
            recipient: stranger,
            amount: [{ denom: s.bondDenom, amount: "1" }],
            memo: "",
          });
          return { signer: stranger, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "treasury/spend-more-than-supply",
        weight: 1,
        build: (s) => {
          const t = ownTreasury(k, s);
          if (!t) return undefined;
          const msg = simMsg(T + "MsgSpend", tx.MsgSpend, {
            spender: t.admin,
            treasuryId: t.id,
            recipient: otherAccount(s, t.admin),
            amount: [{ denom: s.bondDenom, amount: (k.bank.getSupply(s.ctx, s.bondDenom) + 1n).toString() }],
            memo: "",
          });
          return { signer: t.admin, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "treasury/create-time-lock",
        weight: 2,
        build: (s) => {
          const t = ownTreasury(k, s);
          if (!t) return undefined;
          const available = k.available(s.ctx, t.id, s.bondDenom);
          if (available <= 0n) return undefined;
          const start = s.ctx.unixSeconds;
          const msg = simMsg(T + "MsgCreateLock", tx.MsgCreateLock, {
            admin: t.admin,
            treasuryId: t.id,
            beneficiary: s.rng.pick(s.accounts),
            denom: s.bondDenom,
            amount: (1n + s.rng.bigint(available)).toString(),
            lockType: LockType.LOCK_TYPE_TIME,
            startTime: start,
            cliffTime: start,
            endTime: start + 1n + BigInt(s.rng.int(3 * 3600)),
            releaseIntervals: 0n,
            revocable: s.rng.oneIn(2),
          });
          return { signer: t.admin, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "treasury/claim-lock",
        weight: 2,
        build: (s) => {
          const locks = activeLocks(k, s, false).filter((l) => s.accounts.includes(l.beneficiary));
          if (locks.length === 0) return undefined;
          const l = s.rng.pick(locks);
          return {
            signer: l.beneficiary,
            msgs: [simMsg(T + "MsgClaimLock", tx.MsgClaimLock, { beneficiary: l.beneficiary, lockId: l.id })],
            expect: "any",
          };
        },
      },
      {
        name: "treasury/open-escrow",
        weight: 2,
        build: (s) => {
          const depositor = s.rng.pick(s.accounts);
          const beneficiary = otherAccount(s, depositor);
          const moderator = s.rng.pick(s.accounts.filter((a) => a !== depositor && a !== beneficiary));
          const msg = simMsg(T + "MsgOpenEscrow", tx.MsgOpenEscrow, {
            depositor,
            beneficiary,
            moderator,
            amount: { denom: s.bondDenom, amount: (1n + s.rng.bigint(1_000_000_000n)).toString() },
            memo: "",
          });
          return { signer: depositor, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "treasury/settle-escrow",
        weight: 2,
        build: (s) => {
          const escrows = activeLocks(k, s, true);
          if (escrows.length === 0) return undefined;
          const l = s.rng.pick(escrows);
          if (l.dispute === DisputeState.DISPUTE_STATE_OPEN) {
            return {
              signer: l.moderator,
              msgs: [
                simMsg(T + "MsgResolveEscrow", tx.MsgResolveEscrow, {
                  moderator: l.moderator,
                  lockId: l.id,
                  payBeneficiary: s.rng.oneIn(2),
                }),
              ],
              expect: "any",
            };
          }
          if (s.rng.oneIn(3)) {
            const party = s.rng.oneIn(2) ? l.depositor : l.beneficiary;
            return {
              signer: party,
              msgs: [simMsg(T + "MsgDisputeEscrow", tx.MsgDisputeEscrow, { party, lockId: l.id, reason: "simulated dispute" })],
              expect: "any",
            };
          }
          return {
            signer: l.depositor,
            msgs: [simMsg(T + "MsgReleaseEscrow", tx.MsgReleaseEscrow, { depositor: l.depositor, lockId: l.id })],
            expect: "any",
          };
        },
      },
      {
        name: "treasury/release-escrow-not-depositor",
        weight: 1,
        build: (s) => {
          const escrows = activeLocks(k, s, true);
          if (escrows.length === 0) return undefined;
          const l = s.rng.pick(escrows);
          return {
            signer: l.beneficiary,
            msgs: [simMsg(T + "MsgReleaseEscrow", tx.MsgReleaseEscrow, { depositor: l.beneficiary, lockId: l.id })],
            expect: "fail",
          };
        },
      },
    ],
    invariants: [
      {
        name: "treasury/module-account",
        check: (ctx) => {
          const want = new Map<string, bigint>();
          const add = (denom: string, n: bigint) => want.set(denom, (want.get(denom) ?? 0n) + n);
          const locked = new Map<string, bigint>();
          for (const [, b] of k.balances.iterate(ctx)) {
            if (BigInt(b.locked) < 0n || BigInt(b.locked) > BigInt(b.total))
              return `treasury ${b.treasuryId} ${b.denom}: locked ${b.locked} of ${b.total}`;
            add(b.denom, BigInt(b.total));
          }
          const { open, reopened } = tracked.read(ctx, k.locks, k.nextLockId.peek(ctx) - 1n);
          if (reopened.length > 0) return `closed lock ${reopened[0]} is active again`;
          for (const [, l] of open) {
            const held = BigInt(l.totalAmount) - BigInt(l.releasedAmount);
            if (held < 0n) return `lock ${l.id} released more than its total`;
            if (l.treasuryId === ESCROW_TREASURY_ID) add(l.denom, held);
            else locked.set(`${l.treasuryId}/${l.denom}`, (locked.get(`${l.treasuryId}/${l.denom}`) ?? 0n) + held);
          }
          for (const [, b] of k.balances.iterate(ctx)) {
            const inLocks = locked.get(`${b.treasuryId}/${b.denom}`) ?? 0n;
            if (inLocks !== BigInt(b.locked))
              return `treasury ${b.treasuryId} ${b.denom}: locked ${b.locked}, active locks hold ${inLocks}`;
            locked.delete(`${b.treasuryId}/${b.denom}`);
          }
          for (const [key, n] of locked) if (n !== 0n) return `locks of ${key} hold ${n} with no treasury balance`;
          for (const c of k.bank.getAllBalances(ctx, moduleAddress(TREASURY_MODULE))) {
            if ((want.get(c.denom) ?? 0n) !== c.amount)
              return `${TREASURY_MODULE} account holds ${c.amount}${c.denom}, records say ${want.get(c.denom) ?? 0n}`;
            want.delete(c.denom);
          }
          for (const [denom, n] of want) if (n !== 0n) return `records say ${n}${denom}, the ${TREASURY_MODULE} account holds none`;
          return undefined;
        },
      },
    ],
  };
}
