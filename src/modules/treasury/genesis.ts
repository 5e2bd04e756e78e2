import { GenesisState } from "../../gen/blockchain/treasury/v1/genesis";
import { LockType } from "../../gen/blockchain/treasury/v1/lock";
import { Role } from "../../gen/blockchain/treasury/v1/treasury";
import { accAddress } from "../../types/address";
import { isValidDenom } from "../../types/coins";
import type { GenesisDef } from "../../types/module";
import { ESCROW_TREASURY_ID, type TreasuryKeeper } from "./keeper";
import { validatePolicy } from "./validation";
import { defaultTreasuryParams, validateTreasuryParams } from "./params";

function fail(msg: string): never {
  throw new Error(`treasury genesis: ${msg}`);
}

function amount(s: string, what: string): bigint {
  if (!/^[0-9]{1,78}$/.test(s)) fail(`${what} ${JSON.stringify(s.slice(0, 80))} is not a non-negative integer`);
  return BigInt(s);
}

/**
 * Checks that the section is self-consistent: known treasuries, ids within the counters, and
 * each balance's locked amount equal to what its active locks still hold.
 */
export function validateTreasuryGenesis(g: GenesisState): void {
  validateTreasuryParams(g.params ?? defaultTreasuryParams());
  const treasuries = new Set<bigint>();
  for (const t of g.treasuryList) {
    if (t.id === 0n || t.id > g.treasuryCount) fail(`treasury id ${t.id} outside 1..treasury_count`);
    if (treasuries.has(t.id)) fail(`duplicate treasury ${t.id}`);
    treasuries.add(t.id);
    accAddress.validate(t.admin);
  }
  const locked = new Map<string, bigint>();
  const lockIds = new Set<bigint>();
  for (const l of g.lockList) {
    if (l.id === 0n || l.id > g.lockCount) fail(`lock id ${l.id} outside 1..lock_count`);
    if (lockIds.has(l.id)) fail(`duplicate lock ${l.id}`);
    lockIds.add(l.id);
    accAddress.validate(l.beneficiary);
    if (!isValidDenom(l.denom)) fail(`lock ${l.id} denom`);
    const total = amount(l.totalAmount, `lock ${l.id} total_amount`);
    const released = amount(l.releasedAmount, `lock ${l.id} released_amount`);
    if (total === 0n || released > total) fail(`lock ${l.id} amounts`);
    if (l.lockType === LockType.LOCK_TYPE_CONDITIONAL) {
      if (l.treasuryId !== ESCROW_TREASURY_ID) fail(`escrow ${l.id} must have treasury_id 0`);
      accAddress.validate(l.depositor);
      accAddress.validate(l.moderator);
    } else {
      if (l.lockType !== LockType.LOCK_TYPE_TIME && l.lockType !== LockType.LOCK_TYPE_VESTING) fail(`lock ${l.id} lock_type`);
      if (!treasuries.has(l.treasuryId)) fail(`lock ${l.id} names unknown treasury ${l.treasuryId}`);
      if (l.active) {
        const key = `${l.treasuryId}/${l.denom}`;
        locked.set(key, (locked.get(key) ?? 0n) + total - released);
      }
    }
  }
  const balanceKeys = new Set<string>();
  for (const b of g.balanceList) {
    const key = `${b.treasuryId}/${b.denom}`;
    if (!treasuries.has(b.treasuryId)) fail(`balance of unknown treasury ${b.treasuryId}`);
    if (balanceKeys.has(key)) fail(`duplicate balance ${key}`);
    balanceKeys.add(key);
    const total = amount(b.total, `balance ${key} total`);
    const l = amount(b.locked, `balance ${key} locked`);
    if (l > total) fail(`balance ${key} locks more than it holds`);
    if (l !== (locked.get(key) ?? 0n)) fail(`balance ${key} locked ${l} differs from its active locks`);
    locked.delete(key);
  }
  if (locked.size > 0) fail(`active locks without a balance: ${[...locked.keys()].join(", ")}`);
  const roleKeys = new Set<string>();
  for (const r of g.roleList) {
    if (!treasuries.has(r.treasuryId)) fail(`role in unknown treasury ${r.treasuryId}`);
    accAddress.validate(r.address);
    if (r.role !== Role.ROLE_ADMIN && r.role !== Role.ROLE_SPENDER && r.role !== Role.ROLE_PAUSER) fail(`role ${r.role} grants nothing`);
    const key = `${r.treasuryId}/${r.address}`;
    if (roleKeys.has(key)) fail(`duplicate role ${key}`);
    roleKeys.add(key);
  }
  for (const p of g.spendPolicyList) {
    if (!treasuries.has(p.treasuryId)) fail(`policy of unknown treasury ${p.treasuryId}`);
    validatePolicy(p);
  }
  for (const w of g.spendWindowList) {
    if (!treasuries.has(w.treasuryId)) fail(`window of unknown treasury ${w.treasuryId}`);
    amount(w.spent, "spend window spent");
  }
}

export function treasuryGenesis(k: TreasuryKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "blockchain.treasury.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({
      params: defaultTreasuryParams(),
      treasuryList: [],
      treasuryCount: 0n,
      lockList: [],
      lockCount: 0n,
      balanceList: [],
      roleList: [],
      spendPolicyList: [],
      spendWindowList: [],
    }),
    validate: validateTreasuryGenesis,
    init: (ctx, g) => {
      k.params.set(ctx, validateTreasuryParams(g.params ?? defaultTreasuryParams()));
      for (const t of g.treasuryList) k.treasuries.set(ctx, t.id, t);
      k.nextTreasuryId.set(ctx, g.treasuryCount + 1n);
      for (const l of g.lockList) {
        k.locks.set(ctx, l.id, l);
        if (l.active && l.treasuryId !== ESCROW_TREASURY_ID)
          k.activeLocks.set(ctx, l.treasuryId, (k.activeLocks.get(ctx, l.treasuryId) ?? 0n) + 1n);
      }
      k.nextLockId.set(ctx, g.lockCount + 1n);
      for (const b of g.balanceList) k.balances.set(ctx, [b.treasuryId, b.denom], b);
      for (const r of g.roleList) k.roles.set(ctx, [r.treasuryId, r.address], r);
      for (const p of g.spendPolicyList) k.policies.set(ctx, [p.treasuryId, p.denom], p);
      for (const w of g.spendWindowList) k.windows.set(ctx, [w.treasuryId, w.denom], w);
    },
    export: (ctx) => ({
      params: k.getParams(ctx),
      treasuryList: [...k.treasuries.iterate(ctx)].map(([, v]) => v),
      treasuryCount: k.nextTreasuryId.peek(ctx) - 1n,
      lockList: [...k.locks.iterate(ctx)].map(([, v]) => v),
      lockCount: k.nextLockId.peek(ctx) - 1n,
      balanceList: [...k.balances.iterate(ctx)].map(([, v]) => v),
      roleList: [...k.roles.iterate(ctx)].map(([, v]) => v),
      spendPolicyList: [...k.policies.iterate(ctx)].map(([, v]) => v),
      spendWindowList: [...k.windows.iterate(ctx)].map(([, v]) => v),
    }),
  };
}
