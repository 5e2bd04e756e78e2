import { createHash } from "node:crypto";
import * as tx from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { decFromWire, decToWire, DEC_ONE } from "../../types/dec";
import { firstBroken, mismatch, otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { StakingKeeper } from "./keeper";
import { BONDED_POOL, NOT_BONDED_POOL } from "./params";
import { tokensFromShares, tokensOf, ed25519PubKeyAny } from "./validator";

const coin = (denom: string, amount: bigint) => ({ denom, amount: amount.toString() });

function validators(k: StakingKeeper, s: SimState): Validator[] {
  return [...k.validators.iterate(s.ctx)].map(([, v]) => v);
}

/** A random delegation of a simulated account, with its validator. */
function someDelegation(k: StakingKeeper, s: SimState) {
  const delegator = s.rng.pick(s.accounts);
  const dels = k.delegationsOf(s.ctx, delegator);
  if (dels.length === 0) return undefined;
  const d = s.rng.pick(dels);
  const v = k.getValidator(s.ctx, d.validator);
  if (!v) return undefined;
  return { delegator, validator: v, tokens: tokensFromShares(v, d.shares) / DEC_ONE };
}

/** The genesis validator (first admitted operator) never leaves, so the set is never empty. */
function isGenesisValidator(s: SimState, operator: string): boolean {
  return accAddress.encode(valAddress.decode(operator)) === s.accounts[0];
}

/**
 * Staking operations (delegate, undelegate, redelegate, validators joining with
 * MsgCreateValidator and leaving by unbonding their self-delegation; invalid: unknown
 * validator, more than delegated) and the SDK's staking invariants: the bonded and not-bonded
 * pools hold exactly the tokens the validators and unbonding entries say, every validator's
 * delegator shares are the sum of its delegations, nothing is negative.
 */
export function stakingSimulation(k: StakingKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "staking/delegate",
        weight: 10,
        build: (s) => {
          const vs = validators(k, s).filter((v) => !v.jailed);
          if (vs.length === 0) return undefined;
          const v = s.rng.pick(vs);
          const from = s.rng.pick(s.accounts);
          const amount = 1n + s.rng.bigint(1_000_000_000n);
          return {
            signer: from,
            msgs: [
              simMsg("/cosmos.staking.v1beta1.MsgDelegate", tx.MsgDelegate, {
                delegatorAddress: from,
                validatorAddress: v.operatorAddress,
                amount: coin(s.bondDenom, amount),
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "staking/delegate-unknown-validator",
        weight: 1,
        build: (s) => {
          const from = s.rng.pick(s.accounts);
          const nobody = valAddress.encode(
            createHash("sha256")
              .update(`nobody/${s.rng.int(1000)}`)
              .digest()
              .subarray(0, 20),
          );
          return {
            signer: from,
            msgs: [
              simMsg("/cosmos.staking.v1beta1.MsgDelegate", tx.MsgDelegate, {
                delegatorAddress: from,
                validatorAddress: nobody,
                amount: coin(s.bondDenom, 1000n),
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "staking/undelegate",
        weight: 6,
        build: (s) => {
          const d = someDelegation(k, s);
          if (!d || d.tokens <= 0n || isGenesisValidator(s, d.validator.operatorAddress)) return undefined;
          const amount = 1n + s.rng.bigint(d.tokens);
          return {
            signer: d.delegator,
            msgs: [
              simMsg("/cosmos.staking.v1beta1.MsgUndelegate", tx.MsgUndelegate, {
                delegatorAddress: d.delegator,
                validatorAddress: d.validator.operatorAddress,
                amount: coin(s.bondDenom, amount),
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "staking/undelegate-more-than-delegated",
        weight: 1,
        build: (s) => {
          const d = someDelegation(k, s);
          if (!d) return undefined;
          const amount = tokensOf(d.validator) + 1n;
          return {
            signer: d.delegator,
            msgs: [
              simMsg("/cosmos.staking.v1beta1.MsgUndelegate", tx.MsgUndelegate, {
                delegatorAddress: d.delegator,
                validatorAddress: d.validator.operatorAddress,
                amount: coin(s.bondDenom, amount),
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "staking/redelegate",
        weight: 4,
        build: (s) => {
          const d = someDelegation(k, s);
          if (!d || d.tokens <= 0n || isGenesisValidator(s, d.validator.operatorAddress)) return undefined;
          const others = validators(k, s).filter((v) => v.operatorAddress !== d.validator.operatorAddress && !v.jailed);
          if (others.length === 0) return undefined;
          const dst = s.rng.pick(others);
          const amount = 1n + s.rng.bigint(d.tokens);
          const msg = simMsg("/cosmos.staking.v1beta1.MsgBeginRedelegate", tx.MsgBeginRedelegate, {
            delegatorAddress: d.delegator,
            validatorSrcAddress: d.validator.operatorAddress,
            validatorDstAddress: dst.operatorAddress,
            amount: coin(s.bondDenom, amount),
          });
          return { signer: d.delegator, msgs: [msg], expect: "any" };
        },
      },
      {
        // Validators join: admitted operators (validatorgov) without a validator create one.
        name: "staking/create-validator",
        weight: 2,
        build: (s) => {
          const candidates = s.accounts.slice(1, 9).filter((a) => !k.getValidator(s.ctx, valAddress.encode(accAddress.decode(a))));
          if (candidates.length === 0) return undefined;
          const op = s.rng.pick(candidates);
          const pubkey = createHash("sha256").update(`sim-consensus/${op}`).digest();
          const msg = simMsg("/cosmos.staking.v1beta1.MsgCreateValidator", tx.MsgCreateValidator, {
            description: { moniker: `sim-${op.slice(-6)}`, identity: "", website: "", securityContact: "", details: "" },
            commission: { rate: decToWire(DEC_ONE / 10n), maxRate: decToWire(DEC_ONE / 2n), maxChangeRate: decToWire(DEC_ONE / 100n) },
            minSelfDelegation: "1000000",
            delegatorAddress: "",
            validatorAddress: valAddress.encode(accAddress.decode(op)),
            pubkey: ed25519PubKeyAny(pubkey),
            value: coin(s.bondDenom, 1_000_000n + s.rng.bigint(10_000_000_000n)),
          });
          return { signer: op, msgs: [msg], expect: "any" };
        },
      },
      {
        // Validators leave: the operator unbonds its whole self-delegation.
        name: "staking/validator-leaves",
        weight: 1,
        build: (s) => {
          const vs = validators(k, s).filter(
            (v) => !isGenesisValidator(s, v.operatorAddress) && v.status === BondStatus.BOND_STATUS_BONDED,
          );
          if (vs.length === 0) return undefined;
          const v = s.rng.pick(vs);
          const op = accAddress.encode(valAddress.decode(v.operatorAddress));
          const tokens = k.delegationTokens(s.ctx, op, v.operatorAddress);
          if (!tokens || tokens <= 0n) return undefined;
          return {
            signer: op,
            msgs: [
              simMsg("/cosmos.staking.v1beta1.MsgUndelegate", tx.MsgUndelegate, {
                delegatorAddress: op,
                validatorAddress: v.operatorAddress,
                amount: coin(s.bondDenom, tokens),
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        // An authority message: arrives as a gov proposal the validators vote on.
        name: "staking/update-params",
        weight: 1,
        build: (s) => {
          const params = { ...k.getParams(s.ctx), maxValidators: 3 + s.rng.int(30) };
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [simMsg("/cosmos.staking.v1beta1.MsgUpdateParams", tx.MsgUpdateParams, { authority: s.govAuthority, params })],
            expect: "any",
          };
        },
      },
      {
        name: "staking/delegate-wrong-signer",
        weight: 1,
        build: (s) => {
          const vs = validators(k, s);
          if (vs.length === 0) return undefined;
          const from = s.rng.pick(s.accounts);
          const msg = simMsg("/cosmos.staking.v1beta1.MsgDelegate", tx.MsgDelegate, {
            delegatorAddress: from,
            validatorAddress: s.rng.pick(vs).operatorAddress,
            amount: coin(s.bondDenom, 10n),
          });
          return { signer: from, signWith: otherAccount(s, from), msgs: [msg], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "staking/module-accounts",
        check: (ctx) => {
          const denom = k.bondDenom(ctx);
          let bonded = 0n;
          let notBonded = 0n;
          for (const [, v] of k.validators.iterate(ctx)) {
            if (v.status === BondStatus.BOND_STATUS_BONDED) bonded += tokensOf(v);
            else notBonded += tokensOf(v);
          }
          for (const [, u] of k.unbondings.iterate(ctx)) for (const e of u.entries) notBonded += BigInt(e.balance);
          return firstBroken([
            mismatch("bonded pool", bonded, k.bank.getBalance(ctx, moduleAddress(BONDED_POOL), denom)),
            mismatch("not-bonded pool", notBonded, k.bank.getBalance(ctx, moduleAddress(NOT_BONDED_POOL), denom)),
          ]);
        },
      },
      {
        name: "staking/delegator-shares",
        check: (ctx) => {
          const sums = new Map<string, bigint>();
          for (const [, d] of k.delegations.iterate(ctx)) {
            const shares = decFromWire(d.shares);
            if (shares <= 0n) return `delegation ${d.delegatorAddress} → ${d.validatorAddress} has shares ${shares}`;
            sums.set(d.validatorAddress, (sums.get(d.validatorAddress) ?? 0n) + shares);
          }
          for (const [, v] of k.validators.iterate(ctx)) {
            if (tokensOf(v) < 0n) return `validator ${v.operatorAddress} has negative tokens`;
            const want = decFromWire(v.delegatorShares);
            const got = sums.get(v.operatorAddress) ?? 0n;
            if (want !== got) return `validator ${v.operatorAddress}: delegator shares ${want}, delegations sum to ${got}`;
          }
          return undefined;
        },
      },
      {
        name: "staking/delegations-index",
        check: (ctx) => {
          let primary = 0;
          const byValidator = k.delegations.indexes.byValidator;
          for (const [key] of k.delegations.iterate(ctx)) {
            primary++;
            if (!byValidator.has(ctx, key)) return `delegation of ${accAddress.encode(key[0])} has no by-validator index entry`;
          }
          let index = 0;
          for (const _ of byValidator.entries(ctx)) index++;
          return primary === index ? undefined : `${primary} delegations, ${index} by-validator index entries`;
        },
      },
    ],
  };
}
