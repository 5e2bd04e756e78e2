import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MsgCancelUnbondingDelegation, MsgUndelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { initChainRequest } from "../../../src/abci/genesis-doc";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { createTestGovModule } from "../../helpers/test-gov";
import { createValidatorMsg, delegateMsg, hex, operatorOf, STAKING_TEST_OPERATORS, stakingModule } from "./setup";

/**
 * Regression (found by the simulation, docs/reliability.md): unbonding entry ids came from a
 * global counter that staking's genesis does not carry, so a chain imported from an export
 * numbered its next entries differently and its app hash left the exporting chain's.
 */
describe("staking: a chain imported from an export continues with the same app hashes", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const undelegate = (who: string, op: string, amount: string) => pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, { delegatorAddress: who, validatorAddress: op, amount: { denom: DENOM, amount } });

  it("after unbondings, a merged entry and a cancelled one, the next unbonding gets the same id on both chains", async () => {
    const chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
    const [alice, bob] = [testKey("alice"), testKey("bob")];
    const op = operatorOf(alice);
    await chain.mustDeliver(alice, [createValidatorMsg(alice)]);
    await chain.mustDeliver(bob, [delegateMsg(bob, op, "1000000")]);
    const first = await chain.mustDeliver(bob, [undelegate(bob.address, op, "1000")]);
    // Two undelegations in one block merge into one entry.
    await chain.mustDeliver(bob, [undelegate(bob.address, op, "2000"), undelegate(bob.address, op, "3000")]);
    await chain.mustDeliver(bob, [pack("/cosmos.staking.v1beta1.MsgCancelUnbondingDelegation", MsgCancelUnbondingDelegation, { delegatorAddress: bob.address, validatorAddress: op, amount: { denom: DENOM, amount: "1000" }, creationHeight: first.height })]);

    const dir = mkdtempSync(join(tmpdir(), "staking-import-"));
    dirs.push(dir);
    const imported = await App.open({ dataDir: dir, modules: buildModules({ extraModules: [createTestGovModule()] }), logger: silentLogger });
    const height = chain.height;
    const lastTime = (await chain.engine.blocks.block(height))!.time!;
    const init = imported.initChain({ ...initChainRequest({ ...chain.genesis, initial_height: String(height + 1n), app_state: chain.app.exportAppState() }), time: lastTime });
    expect(hex(init.appHash)).toBe(hex(chain.app.store.lastAppHash));

    const next = await chain.mustDeliver(bob, [undelegate(bob.address, op, "4000")]);
    const block = (await chain.engine.blocks.block(next.height))!;
    const res = imported.finalizeBlock(block);
    expect(res.txResults.map((r) => r.code)).toEqual([0]);
    expect(hex(res.appHash)).toBe(hex((await chain.engine.blocks.results(next.height))!.appHash));
    await imported.commit({});

    const entries = stakingModule(chain).keeper.getUnbonding(chain.app.queryContext(), bob.address, op)!.entries;
    expect(entries.map((e) => BigInt(e.balance))).toEqual([5000n, 4000n]);
    await imported.close();
    await chain.close();
  });
});
