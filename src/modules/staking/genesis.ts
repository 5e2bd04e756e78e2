import { GenesisState } from "cosmjs-types/cosmos/staking/v1beta1/genesis";
import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { decFromWire, decToWire } from "../../types/dec";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef, ValidatorUpdate } from "../../types/module";
import type { StakingKeeper } from "./keeper";
import { BONDED_POOL, NOT_BONDED_POOL, defaultStakingParams, validateStakingParams } from "./params";
import { consensusAddressOf, consensusKeyBytes, sharesOf, tokensOf } from "./validator";

const utf8 = new TextEncoder();
const utf8d = new TextDecoder();

/** last_total_power is a gogoproto Int: its decimal text as bytes. */
function parseTotalPower(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  const text = utf8d.decode(bytes);
  if (!/^[0-9]{1,40}$/.test(text)) throw sdkErrors.ErrInvalidRequest.wrap("staking genesis: invalid last_total_power");
  return BigInt(text);
}

/** Validators and amounts in the forms the keeper stores (Dec fields in wire form). */
function normalizeValidator(v: Validator): Validator {
  const tokens = v.tokens === "" ? "0" : v.tokens;
  if (!/^[0-9]+$/.test(tokens)) throw sdkErrors.ErrInvalidRequest.wrap(`staking genesis: invalid tokens of ${v.operatorAddress}`);
  const rates = v.commission?.commissionRates;
  const pk = v.consensusPubkey;
  return {
    ...v,
    // Proto JSON readers may spell the Any's type URL with the type.googleapis.com host.
    consensusPubkey: pk ? { typeUrl: pk.typeUrl.replace(/^type\.googleapis\.com\//, "/"), value: pk.value } : pk,
    tokens,
    delegatorShares: decToWire(decFromWire(v.delegatorShares)),
    minSelfDelegation: v.minSelfDelegation === "" ? "1" : v.minSelfDelegation,
    commission: {
      commissionRates: {
        rate: decToWire(decFromWire(rates?.rate ?? "")),
        maxRate: decToWire(decFromWire(rates?.maxRate ?? "")),
        maxChangeRate: decToWire(decFromWire(rates?.maxChangeRate ?? "")),
      },
      updateTime: v.commission?.updateTime ?? { seconds: 0n, nanos: 0 },
    },
  };
}

/**
 * Entries are queued under (completion time, unbonding id), rebuilt from genesis as they are,
 * so two entries of one queue may not share both (the keeper numbers them per completion time).
 */
function assertUniqueEntryIds(
  queue: string,
  entries: ReadonlyArray<{ completionTime?: { seconds: bigint; nanos: number }; unbondingId: bigint }>,
): void {
  const seen = new Set<string>();
  for (const e of entries) {
    if (!e.completionTime) throw sdkErrors.ErrInvalidRequest.wrap(`staking genesis: ${queue} entry without a completion time`);
    const key = `${e.completionTime.seconds}.${e.completionTime.nanos}/${e.unbondingId}`;
    if (seen.has(key))
      throw sdkErrors.ErrInvalidRequest.wrap(
        `staking genesis: two ${queue} entries complete at the same time with unbonding id ${e.unbondingId}`,
      );
    seen.add(key);
  }
}

export function stakingGenesis(k: StakingKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.staking.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ params: defaultStakingParams(), lastTotalPower: utf8.encode("0") }),
    validate: (g) => {
      validateStakingParams(g.params ?? defaultStakingParams());
      parseTotalPower(g.lastTotalPower);
      const operators = new Set<string>();
      const consKeys = new Set<string>();
      for (const v of g.validators) {
        valAddress.decode(v.operatorAddress);
        const n = normalizeValidator(v);
        const cons = Buffer.from(consensusKeyBytes(n.consensusPubkey)).toString("hex");
        if (operators.has(v.operatorAddress) || consKeys.has(cons))
          throw sdkErrors.ErrInvalidRequest.wrap(`duplicate validator in genesis state: ${v.operatorAddress}`);
        operators.add(v.operatorAddress);
        consKeys.add(cons);
        if (v.jailed && v.status === BondStatus.BOND_STATUS_BONDED)
          throw sdkErrors.ErrInvalidRequest.wrap(`validator is bonded and jailed in genesis state: ${v.operatorAddress}`);
        if (sharesOf(n) === 0n && v.status !== BondStatus.BOND_STATUS_UNBONDING)
          throw sdkErrors.ErrInvalidRequest.wrap(
            `bonded/unbonded genesis validator cannot have zero delegator shares: ${v.operatorAddress}`,
          );
      }
      for (const d of g.delegations) {
        accAddress.validate(d.delegatorAddress);
        if (!operators.has(d.validatorAddress))
          throw sdkErrors.ErrInvalidRequest.wrap(`delegation to unknown validator ${d.validatorAddress}`);
        if (decFromWire(d.shares) <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("delegation shares must be positive");
      }
      assertUniqueEntryIds(
        "unbonding",
        g.unbondingDelegations.flatMap((u) => u.entries),
      );
      assertUniqueEntryIds(
        "redelegation",
        g.redelegations.flatMap((r) => r.entries),
      );
    },
    init: (ctx, g) => {
      k.params.set(ctx, g.params ?? defaultStakingParams());
      k.lastTotalPower.set(ctx, parseTotalPower(g.lastTotalPower));
      k.auth.getModuleAccount(ctx, BONDED_POOL);
      k.auth.getModuleAccount(ctx, NOT_BONDED_POOL);
      let bonded = 0n;
      let notBonded = 0n;
      for (const raw of g.validators) {
        const v = normalizeValidator(raw);
        k.setValidator(ctx, v);
        k.validatorsByConsAddr.set(ctx, consensusAddressOf(consensusKeyBytes(v.consensusPubkey)), valAddress.decode(v.operatorAddress));
        if (!g.exported) for (const h of k.hooks) h.afterValidatorCreated?.(ctx, v.operatorAddress);
        if (v.status === BondStatus.BOND_STATUS_UNBONDING)
          k.validatorQueue.set(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, valAddress.decode(v.operatorAddress)]);
        if (v.status === BondStatus.BOND_STATUS_BONDED) bonded += tokensOf(v);
        else notBonded += tokensOf(v);
      }
      for (const d of g.delegations) {
        if (!g.exported) for (const h of k.hooks) h.beforeDelegationCreated?.(ctx, d.delegatorAddress, d.validatorAddress);
        k.setDelegation(ctx, { ...d, shares: decToWire(decFromWire(d.shares)) });
        if (!g.exported) for (const h of k.hooks) h.afterDelegationModified?.(ctx, d.delegatorAddress, d.validatorAddress);
      }
      for (const u of g.unbondingDelegations) {
        k.setUnbonding(ctx, u);
        for (const e of u.entries) {
          k.unbondingQueue.set(ctx, [e.completionTime!.seconds, e.completionTime!.nanos, e.unbondingId], {
            delegatorAddress: u.delegatorAddress,
            validatorAddress: u.validatorAddress,
          });
          notBonded += BigInt(e.balance);
        }
      }
      for (const r of g.redelegations) {
        k.setRedelegation(ctx, r);
        for (const e of r.entries) {
          k.redelegationQueue.set(ctx, [e.completionTime!.seconds, e.completionTime!.nanos, e.unbondingId], {
            delegatorAddress: r.delegatorAddress,
            validatorSrcAddress: r.validatorSrcAddress,
            validatorDstAddress: r.validatorDstAddress,
          });
        }
      }
      // As the SDK: a genesis whose pools do not hold exactly the staked tokens is malformed.
      const denom = k.bondDenom(ctx);
      const bondedBalance = k.bank.getBalance(ctx, moduleAddress(BONDED_POOL), denom);
      const notBondedBalance = k.bank.getBalance(ctx, moduleAddress(NOT_BONDED_POOL), denom);
      if (bondedBalance !== bonded)
        throw sdkErrors.ErrInvalidRequest.wrap(
          `bonded pool balance ${bondedBalance}${denom} is different from bonded coins ${bonded}${denom}`,
        );
      if (notBondedBalance !== notBonded)
        throw sdkErrors.ErrInvalidRequest.wrap(
          `not bonded pool balance ${notBondedBalance}${denom} is different from not bonded coins ${notBonded}${denom}`,
        );

      if (g.exported) {
        for (const lv of g.lastValidatorPowers) k.lastValidatorPowers.set(ctx, valAddress.decode(lv.address), lv.power);
      } else {
        k.valset.applyUpdates(ctx);
      }
    },
    export: (ctx) =>
      GenesisState.fromPartial({
        params: k.getParams(ctx),
        lastTotalPower: utf8.encode(k.lastTotalPower.get(ctx).toString()),
        lastValidatorPowers: [...k.lastValidatorPowers.iterate(ctx)].map(([op, power]) => ({ address: valAddress.encode(op), power })),
        validators: [...k.validators.iterate(ctx)].map(([, v]) => v),
        delegations: [...k.delegations.iterate(ctx)].map(([, d]) => d),
        unbondingDelegations: [...k.unbondings.iterate(ctx)].map(([, u]) => u),
        redelegations: [...k.redelegations.iterate(ctx)].map(([, r]) => r),
        exported: true,
      }),
  };
}

/**
 * The validator set InitChain returns: whatever genesis (and gentxs delivered after it)
 * bonded. Applying pending changes first makes gentx validators count.
 */
export function genesisValidators(k: StakingKeeper, ctx: Context): ValidatorUpdate[] {
  k.valset.applyUpdates(ctx);
  const out: ValidatorUpdate[] = [];
  for (const [, op] of k.validators.indexes.byPower.entries(ctx)) {
    const power = k.lastValidatorPowers.get(ctx, op);
    if (power === undefined) continue;
    out.push({ pubKey: consensusKeyBytes(k.validators.get(ctx, op)!.consensusPubkey), power });
  }
  return out;
}
