import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PeriodicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import type { GenesisState } from "cosmjs-types/cosmos/feegrant/v1beta1/genesis";
import {
  QueryAllowancesByGranterRequest,
  QueryAllowancesByGranterResponse,
  QueryAllowancesRequest,
  QueryAllowancesResponse,
} from "cosmjs-types/cosmos/feegrant/v1beta1/query";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import {
  allowance,
  allowedMsgs,
  basic,
  basicLimit,
  freeMsg,
  grantAllowance,
  periodic,
  prune,
  revokeAllowance,
  secondsAfter,
} from "./setup";

const FEE = [{ denom: DENOM, amount: "5000" }];

describe("feegrant: the granter pays the grantee's fees", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("gives a fresh grantee an account and pays its fees from the allowance until exhausted", async () => {
    const fresh = testKey("fresh-basic");
    expect(chain.account(fresh.address)).toBeUndefined();
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, basic(12_000n))]);
    // As in the SDK, granting an allowance creates the grantee's account: it can sign with no balance.
    expect(chain.account(fresh.address)).toBeDefined();
    expect(chain.balance(fresh.address)).toBe(0n);

    const aliceBefore = chain.balance(alice.address);
    const res = await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect(chain.balance(alice.address)).toBe(aliceBefore - 5000n);
    expect(chain.balance(fresh.address)).toBe(0n);
    expect(res.events.find((e) => e.type === "use_feegrant")?.attributes.map((a) => [a.key, a.value])).toEqual([
      ["granter", alice.address],
      ["grantee", fresh.address],
    ]);
    expect(basicLimit(allowance(chain, alice.address, fresh.address))).toBe(`7000${DENOM}`);

    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect(basicLimit(allowance(chain, alice.address, fresh.address))).toBe(`2000${DENOM}`);

    const over = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([over.codespace, over.code]).toEqual(["feegrant", 2]);
    expect(over.log).toContain(`${alice.address} does not allow to pay fees for ${fresh.address}`);

    // Spending exactly what is left removes the allowance.
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], {
      fee: [{ denom: DENOM, amount: "2000" }],
      feeGranter: alice.address,
    });
    expect(allowance(chain, alice.address, fresh.address)).toBeUndefined();
    const gone = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([gone.codespace, gone.code]).toEqual(["feegrant", 5]);
  });

  it("refuses an expired allowance, and an expiration already past", async () => {
    const fresh = testKey("fresh-expiring");
    const expiration = secondsAfter(chain, 50);
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, basic(undefined, expiration))]);
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });

    chain.setNextBlockTime({ seconds: expiration.seconds + 10n, nanos: 0 });
    await chain.produceBlocks(1);
    const expired = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([expired.codespace, expired.code]).toEqual(["feegrant", 3]);

    const past = await chain.deliver(alice, [
      grantAllowance(alice.address, testKey("fresh-past").address, basic(100n, secondsAfter(chain, -1))),
    ]);
    expect([past.codespace, past.code]).toEqual(["feegrant", 3]);
  });

  it("MsgPruneAllowances removes expired allowances", async () => {
    const fresh = testKey("fresh-expiring");
    expect(allowance(chain, alice.address, fresh.address)).toBeDefined();
    const res = await chain.mustDeliver(bob, [prune(bob.address)]);
    expect(res.events.find((e) => e.type === "prune_feegrant")?.attributes[0]).toMatchObject({ key: "pruner", value: bob.address });
    expect(allowance(chain, alice.address, fresh.address)).toBeUndefined();
  });

  it("AllowedMsgAllowance pays only for the listed message types", async () => {
    const fresh = testKey("fresh-allowed");
    await chain.mustDeliver(alice, [
      grantAllowance(alice.address, fresh.address, allowedMsgs(basic(100_000n), ["/cosmos.authz.v1beta1.MsgGrant"])),
    ]);
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    const other = await chain.deliver(fresh, [revokeAllowance(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([other.codespace, other.code]).toEqual(["feegrant", 7]);
    const mixed = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address), revokeAllowance(fresh.address, bob.address)], {
      fee: FEE,
      feeGranter: alice.address,
    });
    expect([mixed.codespace, mixed.code]).toEqual(["feegrant", 7]);
  });

  it("PeriodicAllowance limits spending per period and resets when the period ends", async () => {
    const fresh = testKey("fresh-periodic");
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, periodic(100n, 6000n))]);
    const granted = PeriodicAllowance.decode(allowance(chain, alice.address, fresh.address)!.value);
    // The first period starts at the granting block.
    expect(granted.periodReset.seconds).toBe(chain.engine.lastBlockTime.seconds + 100n);

    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    const state = PeriodicAllowance.decode(allowance(chain, alice.address, fresh.address)!.value);
    expect(state.periodCanSpend).toEqual([{ denom: DENOM, amount: "1000" }]);
    const over = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([over.codespace, over.code]).toEqual(["feegrant", 2]);
    expect(over.log).toContain("period limit");

    // CheckTx judges by the last block's time, so a block at the period's end comes first.
    chain.setNextBlockTime({ seconds: granted.periodReset.seconds, nanos: 0 });
    await chain.produceBlocks(1);
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    const reset = PeriodicAllowance.decode(allowance(chain, alice.address, fresh.address)!.value);
    expect(reset.periodCanSpend).toEqual([{ denom: DENOM, amount: "1000" }]);
    expect(reset.periodReset.seconds).toBe(granted.periodReset.seconds + 100n);
  });

  it("PeriodicAllowance stops at its total limit", async () => {
    const fresh = testKey("fresh-periodic-total");
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, periodic(10n, 5000n, 7000n))]);
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    chain.setNextBlockTime(secondsAfter(chain, 20));
    await chain.produceBlocks(1);
    // The new period refills to the lesser of the period limit and what is left in total (2000).
    const over = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([over.codespace, over.code]).toEqual(["feegrant", 2]);
    await chain.mustDeliver(fresh, [freeMsg(fresh.address, bob.address)], {
      fee: [{ denom: DENOM, amount: "2000" }],
      feeGranter: alice.address,
    });
    expect(allowance(chain, alice.address, fresh.address)).toBeUndefined();
  });

  it("revokes an allowance; refuses duplicates, self-grants and malformed allowances", async () => {
    const fresh = testKey("fresh-revoked");
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, basic())]);
    const duplicate = await chain.deliver(alice, [grantAllowance(alice.address, fresh.address, basic())]);
    expect([duplicate.codespace, duplicate.code]).toEqual(["sdk", 18]);
    await chain.mustDeliver(alice, [revokeAllowance(alice.address, fresh.address)]);
    const used = await chain.deliver(fresh, [freeMsg(fresh.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect([used.codespace, used.code]).toEqual(["feegrant", 5]);
    const again = await chain.deliver(alice, [revokeAllowance(alice.address, fresh.address)]);
    expect([again.codespace, again.code]).toEqual(["feegrant", 5]);

    const self = await chain.deliver(alice, [grantAllowance(alice.address, alice.address, basic())]);
    expect([self.codespace, self.code]).toEqual(["sdk", 7]);
    const negativePeriod = await chain.deliver(alice, [grantAllowance(alice.address, bob.address, periodic(-1n, 10n))]);
    expect([negativePeriod.codespace, negativePeriod.code]).toEqual(["feegrant", 4]);
    const noMessages = await chain.deliver(alice, [grantAllowance(alice.address, bob.address, allowedMsgs(basic(), []))]);
    expect([noMessages.codespace, noMessages.code]).toEqual(["feegrant", 6]);
  });

  it("a fee payer with no account (so no allowance: granting creates the account) is refused", async () => {
    const nobody = testKey("fee-payer-without-account");
    const res = await chain.deliver(nobody, [freeMsg(nobody.address, bob.address)], { fee: FEE, feeGranter: alice.address });
    expect(res.checkTx).toBe(true);
    // The ante checks the payer's account before the allowance (SDK v0.50 asks feegrant first: feegrant 5).
    expect([res.codespace, res.code]).toEqual(["sdk", 9]);
  });

  it("lists allowances by grantee and by granter", async () => {
    const fresh = testKey("fresh-listed");
    await chain.mustDeliver(alice, [grantAllowance(alice.address, fresh.address, basic(10n))]);
    await chain.mustDeliver(bob, [grantAllowance(bob.address, fresh.address, basic(20n))]);
    const byGrantee = chain.query(
      "/cosmos.feegrant.v1beta1.Query/Allowances",
      QueryAllowancesRequest,
      QueryAllowancesRequest.fromPartial({ grantee: fresh.address }),
      QueryAllowancesResponse,
    );
    expect(byGrantee.allowances.map((g) => g.granter).sort()).toEqual([alice.address, bob.address].sort());
    const byGranter = chain.query(
      "/cosmos.feegrant.v1beta1.Query/AllowancesByGranter",
      QueryAllowancesByGranterRequest,
      QueryAllowancesByGranterRequest.fromPartial({ granter: bob.address }),
      QueryAllowancesByGranterResponse,
    );
    expect(byGranter.allowances.map((g) => [g.granter, g.grantee])).toEqual([[bob.address, fresh.address]]);
  });
});

describe("feegrant genesis", () => {
  it("imports allowances from genesis", async () => {
    const alice = testKey("alice");
    const fresh = testKey("fresh-genesis");
    const chain = await TestChain.create({
      mutateGenesis: (state) => {
        state.feegrant = {
          allowances: [
            {
              granter: alice.address,
              grantee: fresh.address,
              allowance: {
                "@type": "/cosmos.feegrant.v1beta1.BasicAllowance",
                spend_limit: [{ denom: DENOM, amount: "9000" }],
                expiration: null,
              },
            },
          ],
        };
      },
    });
    try {
      expect(chain.account(fresh.address)).toBeDefined();
      const feegrant = chain.app.modules.modules.find((m) => m.name === "feegrant")!;
      const exported = feegrant.genesis!.export(chain.app.queryContext()) as GenesisState;
      expect(exported.allowances.map((g) => [g.granter, g.grantee, g.allowance?.typeUrl])).toEqual([
        [alice.address, fresh.address, "/cosmos.feegrant.v1beta1.BasicAllowance"],
      ]);
      await chain.mustDeliver(fresh, [freeMsg(fresh.address, alice.address)], { fee: FEE, feeGranter: alice.address });
      expect(basicLimit(allowance(chain, alice.address, fresh.address))).toBe(`4000${DENOM}`);
    } finally {
      await chain.close();
    }
  });
});
