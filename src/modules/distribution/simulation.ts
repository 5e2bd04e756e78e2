import * as tx from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { formatCoins } from "../../types/coins";
import type { Context } from "../../types/context";
import { EventManager } from "../../types/events";
import { firstBroken, otherAccount, simMsg, simValidators, type ModuleSimulation, type SimState } from "../../types/simulation";
import { addDecCoins, decCoinsFromProto, formatDecCoins, isAnyNegative, truncateDecimal, type DecCoin } from "./dec-coins";
import type { DistributionKeeper } from "./keeper";
import { DISTRIBUTION_MODULE } from "./params";

const T = "/cosmos.distribution.v1beta1.";

/** Every validator staking knows (a handful: bounded by the operators that ever joined). */
function allValidators(k: DistributionKeeper, ctx: Context): Validator[] {
  return simValidators(k.staking, ctx).map((v) => v.validator);
}

const operatorAccount = (v: Validator) => accAddress.encode(valAddress.decode(v.operatorAddress));

/** A throwaway branch of `ctx` (writes and events dropped): the can-withdraw invariant pays everything out in it. */
function scratch(ctx: Context): Context {
  return ctx.withStore(ctx.rawStore.branch()).withEvents(new EventManager());
}

/**
 * Distribution operations (withdraw delegation rewards and validator commission, set a withdraw
 * address, fund the community pool, spend from it through governance; invalid: a withdrawal
 * without a delegation, commission withdrawn by a stranger, a blocked withdraw address, funding
 * beyond the balance) and the SDK's distribution invariants: outstanding rewards never
 * negative, every delegation and commission can be withdrawn without driving them negative,
 * the historical rewards' reference counts, and the module account holding exactly the
 * outstanding rewards plus the community pool.
 */
export function distributionSimulation(k: DistributionKeeper): ModuleSimulation {
  const coin = (s: SimState, amount: bigint) => [{ denom: s.bondDenom, amount: amount.toString() }];
  return {
    operations: [
      {
        name: "distribution/withdraw-delegator-reward",
        weight: 5,
        build: (s) => {
          const delegator = s.rng.pick(s.accounts);
          const dels = k.staking.delegationsOf(s.ctx, delegator);
          if (dels.length === 0) return undefined;
          const d = s.rng.pick(dels);
          return {
            signer: delegator,
            msgs: [
              simMsg(T + "MsgWithdrawDelegatorReward", tx.MsgWithdrawDelegatorReward, {
                delegatorAddress: delegator,
                validatorAddress: d.validator,
              }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "distribution/withdraw-reward-without-delegation",
        weight: 1,
        build: (s) => {
          const delegator = s.rng.pick(s.accounts);
          const held = new Set(k.staking.delegationsOf(s.ctx, delegator).map((d) => d.validator));
          const others = allValidators(k, s.ctx).filter((v) => !held.has(v.operatorAddress));
          if (others.length === 0) return undefined;
          const v = s.rng.pick(others);
          return {
            signer: delegator,
            msgs: [
              simMsg(T + "MsgWithdrawDelegatorReward", tx.MsgWithdrawDelegatorReward, {
                delegatorAddress: delegator,
                validatorAddress: v.operatorAddress,
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "distribution/withdraw-validator-commission",
        weight: 2,
        build: (s) => {
          const vs = allValidators(k, s.ctx).filter((v) => s.accounts.includes(operatorAccount(v)));
          if (vs.length === 0) return undefined;
          const v = s.rng.pick(vs);
          // The SDK refuses a withdrawal with no commission at all (distribution 6); without any yet, the
          // next block's allocation of this block's fees may bring some before the tx runs.
          const expect = k.commission(s.ctx, v.operatorAddress).length > 0 ? "ok" : "any";
          return {
            signer: operatorAccount(v),
            msgs: [
              simMsg(T + "MsgWithdrawValidatorCommission", tx.MsgWithdrawValidatorCommission, { validatorAddress: v.operatorAddress }),
            ],
            expect,
          };
        },
      },
      {
        name: "distribution/withdraw-commission-wrong-signer",
        weight: 1,
        build: (s) => {
          const vs = allValidators(k, s.ctx).filter((v) => s.accounts.includes(operatorAccount(v)));
          if (vs.length === 0) return undefined;
          const v = s.rng.pick(vs);
          const op = operatorAccount(v);
          return {
            signer: op,
            signWith: otherAccount(s, op),
            msgs: [
              simMsg(T + "MsgWithdrawValidatorCommission", tx.MsgWithdrawValidatorCommission, { validatorAddress: v.operatorAddress }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "distribution/set-withdraw-address",
        weight: 2,
        build: (s) => {
          const delegator = s.rng.pick(s.accounts);
          // Mostly another simulated account, sometimes back to itself.
          const to = s.rng.oneIn(3) ? delegator : otherAccount(s, delegator);
          return {
            signer: delegator,
            msgs: [simMsg(T + "MsgSetWithdrawAddress", tx.MsgSetWithdrawAddress, { delegatorAddress: delegator, withdrawAddress: to })],
            expect: "ok",
          };
        },
      },
      {
        name: "distribution/set-withdraw-address-blocked",
        weight: 1,
        build: (s) => {
          const delegator = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgSetWithdrawAddress", tx.MsgSetWithdrawAddress, {
            delegatorAddress: delegator,
            withdrawAddress: moduleAddress(DISTRIBUTION_MODULE),
          });
          return { signer: delegator, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "distribution/fund-community-pool",
        weight: 2,
        build: (s) => {
          const depositor = s.rng.pick(s.accounts);
          return {
            signer: depositor,
            msgs: [
              simMsg(T + "MsgFundCommunityPool", tx.MsgFundCommunityPool, { depositor, amount: coin(s, 1n + s.rng.bigint(10_000_000n)) }),
            ],
            expect: "ok",
          };
        },
      },
      {
        name: "distribution/fund-community-pool-beyond-balance",
        weight: 1,
        build: (s) => {
          const depositor = s.rng.pick(s.accounts);
          return {
            signer: depositor,
            msgs: [simMsg(T + "MsgFundCommunityPool", tx.MsgFundCommunityPool, { depositor, amount: coin(s, 10n ** 30n) })],
            expect: "fail",
          };
        },
      },
      {
        // An authority message: a spend of part of the pool, through a proposal.
        name: "distribution/community-pool-spend",
        weight: 1,
        build: (s) => {
          const pool = k.communityPool(s.ctx).find((c) => c.denom === s.bondDenom);
          const whole = pool ? (truncateDecimal([pool]).coins[0]?.amount ?? 0n) : 0n;
          if (whole <= 1n) return undefined;
          const msg = simMsg(T + "MsgCommunityPoolSpend", tx.MsgCommunityPoolSpend, {
            authority: s.govAuthority,
            recipient: s.rng.pick(s.accounts),
            amount: coin(s, 1n + s.rng.bigint(whole / 2n)),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
    ],
    invariants: [
      {
        name: "distribution/nonnegative-outstanding",
        check: (ctx) => {
          for (const [op, r] of k.outstandingRewards.iterate(ctx)) {
            if (isAnyNegative(decCoinsFromProto(r.rewards)))
              return `validator ${valAddress.encode(op)} has negative outstanding rewards ${formatDecCoins(decCoinsFromProto(r.rewards))}`;
          }
          return undefined;
        },
      },
      {
        // The SDK's CanWithdrawInvariant: every delegation's rewards and every commission paid out (in a branch that is dropped) leaves nothing negative.
        name: "distribution/can-withdraw",
        check: (ctx) => {
          const c = scratch(ctx);
          const validators = allValidators(k, c);
          const byOperator = new Map(validators.map((v) => [v.operatorAddress, v]));
          for (const [[val, del]] of [...k.startingInfos.iterate(c)]) {
            const v = byOperator.get(valAddress.encode(val));
            if (!v) return `starting info of ${accAddress.encode(del)} for missing validator ${valAddress.encode(val)}`;
            k.rewards.withdrawDelegationRewards(c, k.staking.getValidator(c, v.operatorAddress)!, accAddress.encode(del));
          }
          for (const v of validators)
            if (k.commission(c, v.operatorAddress).length > 0) k.rewards.withdrawValidatorCommission(c, v.operatorAddress);
          for (const v of validators) {
            const left = k.outstanding(c, v.operatorAddress);
            if (isAnyNegative(left)) return `validator ${v.operatorAddress}: outstanding ${formatDecCoins(left)} after every withdrawal`;
          }
          return undefined;
        },
      },
      {
        // The SDK's ReferenceCountInvariant: one reference per validator's current period, per delegation's starting period, per slash event.
        name: "distribution/reference-count",
        check: (ctx) => {
          let validators = 0;
          for (const _ of k.currentRewards.iterate(ctx)) validators++;
          let delegations = 0;
          for (const [[val, del]] of k.startingInfos.iterate(ctx)) {
            delegations++;
            if (!k.staking.getDelegation(ctx, accAddress.encode(del), valAddress.encode(val)))
              return `starting info of ${accAddress.encode(del)} → ${valAddress.encode(val)} without a delegation`;
          }
          let slashes = 0;
          for (const _ of k.slashEvents.iterate(ctx)) slashes++;
          let counted = 0;
          for (const [, h] of k.historicalRewards.iterate(ctx)) counted += h.referenceCount;
          const expected = validators + delegations + slashes;
          const known = allValidators(k, ctx).length;
          return firstBroken([
            counted === expected
              ? undefined
              : `historical reference counts sum to ${counted}; ${validators} validators + ${delegations} delegations + ${slashes} slash events = ${expected}`,
            known === validators ? undefined : `${known} validators, ${validators} current-rewards records`,
          ]);
        },
      },
      {
        // The SDK's ModuleAccountInvariant: the account holds the whole coins of outstanding rewards plus the community pool.
        name: "distribution/module-account",
        check: (ctx) => {
          let expected: DecCoin[] = k.communityPool(ctx);
          for (const [, r] of k.outstandingRewards.iterate(ctx)) expected = addDecCoins(expected, decCoinsFromProto(r.rewards));
          const want = formatCoins(truncateDecimal(expected).coins);
          const held = formatCoins(k.bank.getAllBalances(ctx, moduleAddress(DISTRIBUTION_MODULE)).filter((c) => c.amount > 0n));
          return want === held
            ? undefined
            : `${DISTRIBUTION_MODULE} account holds ${held || "nothing"}, outstanding rewards + community pool = ${want || "nothing"} (${formatDecCoins(expected)})`;
        },
      },
    ],
  };
}
