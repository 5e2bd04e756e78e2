import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../helpers/chain";
import { BTC, custodyChain, keys as ckeys, msg as cmsg, setUpAsset } from "../integration/custody/setup";
import { msg as dmsg, operatorOf } from "../integration/distribution/setup";
import { expectEnforcementError, freezeStatus, msg, validator } from "../integration/enforcement/setup";
import { basic, grantAllowance } from "../integration/feegrant/setup";

// Rows of the freeze table (docs/modules/enforcement.md) that bank's send restriction already
// holds, shown for the paths no other test covers: a frozen account funding distribution's
// pools and redeeming a custody claim. Each tx's fee is paid by a granter, so the refusal
// comes from the message itself, not from the fee.

const F = ckeys.alice;
const FEE = [{ denom: DENOM, amount: "5000" }];

describe("a frozen account funds no pool and redeems no claim", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await custodyChain();
    await setUpAsset(chain);
    await chain.mustDeliver(ckeys.a1, [cmsg.attest(ckeys.a1.address, F.address, "1000", "btc-tx-1")]);
    await chain.mustDeliver(ckeys.a2, [cmsg.attest(ckeys.a2.address, F.address, "1000", "btc-tx-1")]);
    expect(chain.balance(F.address, BTC)).toBe(1000n);
    await chain.mustDeliver(ckeys.bob, [grantAllowance(ckeys.bob.address, F.address, basic())]);
    await chain.mustDeliver(validator(), [msg.open(validator().address, F.address)]);
    expect(freezeStatus(chain, F.address).frozen).toBe(true);
  });
  afterAll(async () => chain.close());

  const asFrozen = (msgs: Parameters<TestChain["deliver"]>[1]) => chain.deliver(F, msgs, { fee: FEE, feeGranter: ckeys.bob.address });

  it("distribution MsgFundCommunityPool and MsgDepositValidatorRewardsPool are refused with ErrFrozen", async () => {
    const before = chain.balance(F.address);
    expectEnforcementError(await asFrozen([dmsg.fundPool(F.address, [{ denom: DENOM, amount: "1000" }])]), 1107);
    expectEnforcementError(
      await asFrozen([dmsg.depositValRewards(F.address, operatorOf(validator()), [{ denom: DENOM, amount: "1000" }])]),
      1107,
    );
    expect(chain.balance(F.address)).toBe(before);
  });

  it("custody MsgRequestRedemption is refused with ErrFrozen; the claim stays", async () => {
    expectEnforcementError(await asFrozen([cmsg.redeem(F.address, "500")]), 1107);
    expect(chain.balance(F.address, BTC)).toBe(1000n);
  });
});
