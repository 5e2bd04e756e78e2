import * as tx from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { Context } from "../../types/context";
import {
  faultCandidates,
  otherAccount,
  simMsg,
  simValidators,
  type ModuleSimulation,
  type SimState,
  type SimTx,
  type SimValidator,
} from "../../types/simulation";
import { compareTime } from "../../types/time";
import type { SlashingKeeper } from "./keeper";

const UNJAIL = "/cosmos.slashing.v1beta1.MsgUnjail";
const DELEGATE = "/cosmos.staking.v1beta1.MsgDelegate";
/** Every DOWNTIME_EPOCH blocks one validator misses the first DOWNTIME_BLOCKS of them (more than a 20-block window's half). */
const DOWNTIME_EPOCH = 60n;
const DOWNTIME_BLOCKS = 30n;
/**
 * Slashing operations (un-jail: the outcome predicted from the signing info, the self-delegation
 * and the other modules' un-jail holds; invalid: un-jail of a validator that is not jailed or is
 * tombstoned, wrong signer), downtime driven through the last-commit votes (one validator at a
 * time misses blocks until it is jailed), and the invariants that signing infos agree with the
 * missed-blocks bitmap and with staking (every bonded validator has one; a tombstoned validator
 * stays jailed).
 */
export function slashingSimulation(k: SlashingKeeper): ModuleSimulation {
  const unjail = (s: SimState, v: SimValidator, expect: SimTx["expect"], signWith?: string): SimTx => ({
    signer: v.operator,
    signWith,
    msgs: [simMsg(UNJAIL, tx.MsgUnjail, { validatorAddr: v.validator.operatorAddress })],
    expect,
  });
  /** Delegation the operator needs to reach its minimum self-delegation again (0 when it has it). */
  const selfShortfall = (ctx: Context, v: SimValidator): bigint => {
    const self = k.staking.delegationTokens(ctx, v.operator, v.validator.operatorAddress) ?? 0n;
    const min = BigInt(v.validator.minSelfDelegation || "0");
    return self >= min ? 0n : min - self;
  };
  /** Why an un-jail of this validator would be refused now, or undefined when it would pass. */
  const refusal = (ctx: Context, v: SimValidator): string | undefined => {
    for (const h of k.hooks) {
      try {
        h.beforeUnjail?.(ctx, v.validator.operatorAddress);
      } catch (e) {
        return (e as Error).message;
      }
    }
    if (!v.validator.jailed) return "not jailed";
    return k.unjailHold(ctx, v.validator.operatorAddress);
  };
  return {
    operations: [
      {
        name: "slashing/unjail",
        weight: 4,
        build: (s) => {
          const jailed = simValidators(k.staking, s.ctx).filter((v) => v.validator.jailed && s.accounts.includes(v.operator));
          if (jailed.length === 0) return undefined;
          // Mostly one that may return (validators held by validatorgov or tombstoned stay jailed for long).
          const free = jailed.filter((v) => refusal(s.ctx, v) === undefined);
          const v = s.rng.pick(free.length > 0 && !s.rng.oneIn(4) ? free : jailed);
          const info = k.getSigningInfo(s.ctx, v.consAddr);
          // Jailed until after the last block: the next block's time decides, so the outcome is open.
          const open = info !== undefined && compareTime(s.ctx.time, info.jailedUntil) < 0 && !info.tombstoned;
          const tx = unjail(s, v, open ? "any" : refusal(s.ctx, v) === undefined ? "ok" : "fail");
          // An operator that left (self-delegation below its minimum) bonds again in the same tx.
          const shortfall = selfShortfall(s.ctx, v);
          if (shortfall > 0n) {
            const amount = { denom: s.bondDenom, amount: (shortfall + s.rng.bigint(1_000_000_000n)).toString() };
            tx.msgs.unshift(
              simMsg(DELEGATE, MsgDelegate, { delegatorAddress: v.operator, validatorAddress: v.validator.operatorAddress, amount }),
            );
          }
          return tx;
        },
      },
      {
        name: "slashing/unjail-not-jailed",
        weight: 1,
        build: (s) => {
          const free = simValidators(k.staking, s.ctx).filter((v) => !v.validator.jailed && s.accounts.includes(v.operator));
          return free.length === 0 ? undefined : unjail(s, s.rng.pick(free), "fail");
        },
      },
      {
        name: "slashing/unjail-tombstoned",
        weight: 1,
        build: (s) => {
          const gone = simValidators(k.staking, s.ctx).filter((v) => k.isTombstoned(s.ctx, v.consAddr) && s.accounts.includes(v.operator));
          return gone.length === 0 ? undefined : unjail(s, s.rng.pick(gone), "fail");
        },
      },
      {
        name: "slashing/unjail-wrong-signer",
        weight: 1,
        build: (s) => {
          const vs = simValidators(k.staking, s.ctx).filter((v) => s.accounts.includes(v.operator));
          if (vs.length === 0) return undefined;
          const v = s.rng.pick(vs);
          return unjail(s, v, "fail", otherAccount(s, v.operator));
        },
      },
    ],
    // Downtime: in the first DOWNTIME_BLOCKS of every DOWNTIME_EPOCH one validator's vote is absent.
    blockInputs: (s) => {
      const height = s.ctx.height + 1n;
      if (height % DOWNTIME_EPOCH >= DOWNTIME_BLOCKS) return undefined;
      // Only validators past their first window (start height + window): their jail falls on a
      // block where they are absent, never later on one where an operation built a tx for them.
      const window = k.params.get(s.ctx).signedBlocksWindow;
      const candidates = faultCandidates(k.staking, s).filter((v) => {
        const info = k.signingInfos.get(s.ctx, v.consAddr);
        return info !== undefined && info.startHeight + window < height;
      });
      if (candidates.length === 0) return undefined;
      return { absent: [candidates[Number((height / DOWNTIME_EPOCH) % BigInt(candidates.length))].consAddr] };
    },
    invariants: [
      {
        name: "slashing/signing-infos",
        check: (ctx) => {
          const window = k.params.get(ctx).signedBlocksWindow;
          for (const [consAddr, info] of k.signingInfos.iterate(ctx)) {
            const missed = BigInt(k.missedBlocksOf(ctx, consAddr).length);
            if (info.missedBlocksCounter < 0n || info.missedBlocksCounter > window)
              return `${info.address}: missed blocks counter ${info.missedBlocksCounter} outside 0..${window}`;
            if (missed !== info.missedBlocksCounter)
              return `${info.address}: missed blocks counter ${info.missedBlocksCounter}, bitmap has ${missed} set`;
            const v = k.staking.validatorByConsAddr(ctx, consAddr);
            if (info.tombstoned && v && !v.jailed)
              return `${info.address} is tombstoned but its validator ${v.operatorAddress} is not jailed`;
          }
          for (const v of simValidators(k.staking, ctx)) {
            if (v.validator.status === BondStatus.BOND_STATUS_BONDED && !k.signingInfos.has(ctx, v.consAddr))
              return `bonded validator ${v.validator.operatorAddress} has no signing info`;
          }
          return undefined;
        },
      },
    ],
  };
}
