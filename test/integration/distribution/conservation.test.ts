import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { MsgEditValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { accAddress, moduleAddress, valAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import type { Context } from "../../../src/types/context";
import { DEC_ONE, decFromString, decToWire } from "../../../src/types/dec";
import { decCoinsFromProto } from "../../../src/modules/distribution/dec-coins";
import type { DistributionKeeper } from "../../../src/modules/distribution";
import type { Secp256k1Key } from "../../../src/client/signer";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { bankKeeper, coins, createValidatorMsg, delegateMsg, devValidator, distributionKeeper, msg, operatorOf } from "./setup";

/**
 * Property: whatever sequence of delegations, undelegations, redelegations, commission changes,
 * withdrawals and deposits runs (each a signed tx paying a fee that the next block allocates),
 * the distribution account holds exactly what it owes — Σ outstanding rewards + community pool,
 * to the last 10^-18 — nothing is negative, and the total supply never changes: rewards paid +
 * community pool + what is still outstanding are exactly the fees and deposits that came in.
 * Afterwards every delegation and commission can be withdrawn, leaving only sub-unit dust.
 */
const Y = 1_000_000n;
const DAY = 86_400n;

type Op =
  | { kind: "delegate"; d: number; v: number; amount: number }
  | { kind: "undelegate"; d: number; v: number; amount: number }
  | { kind: "redelegate"; d: number; src: number; dst: number; amount: number }
  | { kind: "withdraw"; d: number; v: number }
  | { kind: "commission"; v: number }
  | { kind: "editCommission"; v: number; up: boolean }
  | { kind: "deposit"; v: number; amount: number }
  | { kind: "fund"; amount: number }
  | { kind: "empty" };

const idx = (n: number) => fc.integer({ min: 0, max: n - 1 });
const amount = fc.integer({ min: 1, max: 3_000_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("delegate" as const), d: idx(3), v: idx(3), amount }),
  fc.record({ kind: fc.constant("undelegate" as const), d: idx(3), v: idx(3), amount }),
  fc.record({ kind: fc.constant("redelegate" as const), d: idx(3), src: idx(3), dst: idx(3), amount }),
  fc.record({ kind: fc.constant("withdraw" as const), d: idx(3), v: idx(3) }),
  fc.record({ kind: fc.constant("commission" as const), v: idx(3) }),
  fc.record({ kind: fc.constant("editCommission" as const), v: fc.integer({ min: 1, max: 2 }), up: fc.boolean() }),
  fc.record({ kind: fc.constant("deposit" as const), v: idx(3), amount }),
  fc.record({ kind: fc.constant("fund" as const), amount }),
  fc.constant({ kind: "empty" as const }),
);

describe("distribution: conservation of coins (property)", () => {
  let chain: TestChain;
  let k: DistributionKeeper;
  const delegators = ["d1", "d2", "d3"].map((n) => testKey(`distribution/${n}`));
  const val1 = testKey("distribution/val1");
  const val2 = testKey("distribution/val2");
  const funder = testKey("distribution/funder");
  const operators = () => [devValidator(), operatorOf(val1), operatorOf(val2)];
  const operatorKeys = () => [testKey("validator"), val1, val2];
  let supply: bigint;
  let time = 0n;

  const supplyNow = () =>
    BigInt(
      chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom: DENOM }, QuerySupplyOfResponse).amount!.amount,
    );

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: (100_000n * Y).toString() }];
    chain = await TestChain.create({
      funded: Object.fromEntries(["d1", "d2", "d3", "val1", "val2", "funder"].map((n) => [`distribution/${n}`, funds])),
      admitValidators: ["distribution/val1", "distribution/val2"],
    });
    k = distributionKeeper(chain);
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { amount: (5n * Y).toString(), rate: "0.1", maxChangeRate: "0.05" })]);
    await chain.mustDeliver(val2, [createValidatorMsg(val2, { amount: (7n * Y).toString(), rate: "0.05", maxChangeRate: "0.05" })]);
    for (const d of delegators) await chain.mustDeliver(d, [delegateMsg(d, devValidator(), (2n * Y).toString())]);
    supply = supplyNow();
    time = chain.app.queryContext().time.seconds;
  });
  afterAll(async () => chain.close());

  function txOf(op: Op): { key: Secp256k1Key; msg: AnyMsg } | undefined {
    const ops = operators();
    switch (op.kind) {
      case "delegate":
        return { key: delegators[op.d], msg: delegateMsg(delegators[op.d], ops[op.v], String(op.amount)) };
      case "undelegate":
        return { key: delegators[op.d], msg: msg.undelegate(delegators[op.d].address, ops[op.v], String(op.amount)) };
      case "redelegate":
        return { key: delegators[op.d], msg: msg.redelegate(delegators[op.d].address, ops[op.src], ops[op.dst], String(op.amount)) };
      case "withdraw":
        return { key: delegators[op.d], msg: msg.withdrawReward(delegators[op.d].address, ops[op.v]) };
      case "commission":
        return { key: operatorKeys()[op.v], msg: msg.withdrawCommission(ops[op.v]) };
      case "editCommission": {
        const current = BigInt(k.staking.getValidator(chain.app.queryContext(), ops[op.v])!.commission!.commissionRates!.rate);
        const step = decFromString("0.01");
        const rate = op.up ? current + step : current > step ? current - step : current + step;
        return {
          key: operatorKeys()[op.v],
          msg: pack(
            "/cosmos.staking.v1beta1.MsgEditValidator",
            MsgEditValidator,
            MsgEditValidator.fromPartial({
              validatorAddress: ops[op.v],
              commissionRate: decToWire(rate),
              description: {
                moniker: "[do-not-modify]",
                identity: "[do-not-modify]",
                website: "[do-not-modify]",
                securityContact: "[do-not-modify]",
                details: "[do-not-modify]",
              },
            }),
          ),
        };
      }
      case "deposit":
        return { key: funder, msg: msg.depositValRewards(funder.address, ops[op.v], coins(BigInt(op.amount))) };
      case "fund":
        return { key: funder, msg: msg.fundPool(funder.address, coins(BigInt(op.amount))) };
      case "empty":
        return undefined;
    }
  }

  const denomAmount = (list: Array<{ denom: string; amount: bigint }>) => list.find((c) => c.denom === DENOM)?.amount ?? 0n;

  function owed(ctx: Context): { outstanding: bigint[]; pool: bigint; held: bigint } {
    const outstanding = [...k.outstandingRewards.iterate(ctx)].map(([, r]) => denomAmount(decCoinsFromProto(r.rewards)));
    return {
      outstanding,
      pool: denomAmount(k.communityPool(ctx)),
      held: bankKeeper(chain).getBalance(ctx, moduleAddress("distribution"), DENOM),
    };
  }

  function checkInvariants(): void {
    const o = owed(chain.app.queryContext());
    expect(o.outstanding.every((x) => x >= 0n) && o.pool >= 0n).toBe(true);
    expect(o.outstanding.reduce((a, b) => a + b, 0n) + o.pool).toBe(o.held * DEC_ONE);
    expect(supplyNow()).toBe(supply);
  }

  it("holds exactly what it owes after every step, creating no coin", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
        for (const op of ops) {
          // A commission change needs a day since the last one.
          if (op.kind === "editCommission") {
            time += 2n * DAY;
            chain.setNextBlockTime({ seconds: time, nanos: 0 });
          }
          const t = txOf(op);
          if (t) await chain.deliver(t.key, [t.msg]);
          else await chain.produceBlocks(1);
          time = chain.app.queryContext().time.seconds;
          checkInvariants();
        }
      }),
      { numRuns: 6 },
    );

    // Everything owed can be paid: withdraw every delegation and commission (scratch branch).
    const ctx = chain.app.queryContext();
    for (const [[val, del]] of [...k.startingInfos.iterate(ctx)]) {
      k.rewards.withdrawDelegationRewards(ctx, k.staking.getValidator(ctx, valAddress.encode(val))!, accAddress.encode(del));
    }
    for (const operator of operators()) {
      const commission = k.commission(ctx, operator);
      if (commission.some((c) => c.amount >= DEC_ONE)) k.rewards.withdrawValidatorCommission(ctx, operator);
    }
    const o = owed(ctx);
    for (const x of o.outstanding) {
      expect(x).toBeGreaterThanOrEqual(0n);
      // Left: commission below one unit and the F1 ratio's 10^-18 truncations.
      expect(x).toBeLessThan(DEC_ONE);
    }
    expect(o.outstanding.reduce((a, b) => a + b, 0n) + o.pool).toBe(o.held * DEC_ONE);
  });
});
