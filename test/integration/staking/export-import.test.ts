import { describe, expect, it } from "vitest";
import { MsgCancelUnbondingDelegation, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { ImportedFollower } from "../../helpers/import-export";
import { createValidatorMsg, delegateMsg, hex, operatorOf, STAKING_TEST_OPERATORS, stakingModule } from "./setup";

/**
 * Regression (found by the simulation, docs/reliability.md): unbonding entry ids came from a
 * global counter that staking's genesis does not carry, so a chain imported from an export
 * numbered its next entries differently and its app hash left the exporting chain's.
 */
describe("staking: a chain imported from an export continues with the same app hashes", () => {
  const undelegate = (who: string, op: string, amount: string) =>
    pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
      delegatorAddress: who,
      validatorAddress: op,
      amount: { denom: DENOM, amount },
    });

  it("after unbondings, a merged entry and a cancelled one, the next unbonding gets the same id on both chains", async () => {
    const chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
    const [alice, bob] = [testKey("alice"), testKey("bob")];
    const op = operatorOf(alice);
    await chain.mustDeliver(alice, [createValidatorMsg(alice)]);
    await chain.mustDeliver(bob, [delegateMsg(bob, op, "1000000")]);
    const first = await chain.mustDeliver(bob, [undelegate(bob.address, op, "1000")]);
    // Two undelegations in one block merge into one entry.
    await chain.mustDeliver(bob, [undelegate(bob.address, op, "2000"), undelegate(bob.address, op, "3000")]);
    await chain.mustDeliver(bob, [
      pack("/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", MsgCancelUnbondingDelegation, {
        delegatorAddress: bob.address,
        validatorAddress: op,
        amount: { denom: DENOM, amount: "1000" },
        creationHeight: first.height,
      }),
    ]);

    const imported = await ImportedFollower.of(chain);
    expect(imported.initAppHash).toBe(hex(chain.app.store.lastAppHash));

    const next = await chain.mustDeliver(bob, [undelegate(bob.address, op, "4000")]);
    expect(await imported.follow(chain, next.height)).toEqual({ codes: [0], sameAppHash: true });

    const entries = stakingModule(chain).keeper.getUnbonding(chain.app.queryContext(), bob.address, op)!.entries;
    expect(entries.map((e) => BigInt(e.balance))).toEqual([5000n, 4000n]);
    await imported.close();
    await chain.close();
  });
});
