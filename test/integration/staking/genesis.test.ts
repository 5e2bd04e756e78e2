import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { initChainRequest } from "../../../src/abci/genesis-doc";
import { sdkErrors } from "../../../src/types/errors";
import { silentLogger } from "../../../src/types/logger";
import { TestChain, testKey } from "../../helpers/chain";
import { createValidatorMsg, delegateMsg, devConsKey, hex, operatorOf, stakingModule, STAKING_TEST_OPERATORS } from "./setup";

describe("staking: genesis and hooks", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    chain = await TestChain.create({ admitValidators: STAKING_TEST_OPERATORS });
  });
  afterAll(async () => chain.close());

  it("InitChain returns the validators genesis bonded", async () => {
    const dir = mkdtempSync(join(tmpdir(), "staking-init-"));
    try {
      const app = await App.open({ dataDir: dir, modules: buildModules(), logger: silentLogger });
      const res = app.initChain(initChainRequest(chain.genesis));
      expect(res.validators.map((v) => [hex(v.pubKey!.ed25519!), v.power])).toEqual([[hex(devConsKey), 10n]]);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("calls the hooks other modules register, and beforeCreateValidator can refuse", async () => {
    const seen: string[] = [];
    const keeper = stakingModule(chain).keeper;
    keeper.addHooks({
      beforeCreateValidator: (_ctx, msg) => {
        if (msg.validatorAddress === operatorOf(bob)) throw sdkErrors.ErrUnauthorized.wrap("not admitted");
      },
      afterValidatorCreated: (_ctx, op) => void seen.push(`created ${op}`),
      afterDelegationModified: (_ctx, del, op) => void seen.push(`delegation ${del} ${op}`),
    });
    const refused = await chain.deliver(bob, [createValidatorMsg(bob)]);
    expect([refused.codespace, refused.code]).toEqual(["sdk", 4]);
    await chain.mustDeliver(alice, [createValidatorMsg(alice)]);
    await chain.mustDeliver(bob, [delegateMsg(bob, operatorOf(alice), "1000")]);
    expect(seen).toEqual([
      `created ${operatorOf(alice)}`,
      `delegation ${alice.address} ${operatorOf(alice)}`,
      `delegation ${bob.address} ${operatorOf(alice)}`,
    ]);
  });

  it("exports a genesis that a new chain accepts", async () => {
    const state = chain.app.exportAppState() as Record<string, any>;
    expect(state.staking.exported).toBe(true);
    expect(state.staking.validators).toHaveLength(2);
    expect(state.staking.last_validator_powers.map((p: { power: string }) => p.power).sort()).toEqual(["10", "5"]);
    const dir = mkdtempSync(join(tmpdir(), "staking-export-"));
    try {
      const app = await App.open({ dataDir: dir, modules: buildModules(), logger: silentLogger });
      // Only staking, bank and distribution (which keeps per-validator records staking's export
      // relies on) are carried over: auth's JSON round trip is not this test's concern.
      const appState = {
        ...(chain.genesis.app_state as Record<string, unknown>),
        staking: state.staking,
        bank: state.bank,
        distribution: state.distribution,
      };
      const res = app.initChain(initChainRequest({ ...chain.genesis, app_state: appState }));
      expect(res.validators.map((v) => v.power).sort()).toEqual([10n, 5n]);
      await app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
