import { QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as stx from "../../src/gen/blockchain/stablecoin/v1/tx";
import { govAuthority } from "../../src/types/authority";
import { DENOM, pack, type TestChain } from "../helpers/chain";
import { exec, genericAuthorization, grant } from "../integration/authz/setup";
import { caseIdOf, enforcementChain, expectEnforcementError, freezeStatus, keys, msg, validator } from "../integration/enforcement/setup";
import { basic, grantAllowance } from "../integration/feegrant/setup";

// Attack (issue 32, finding 2): a mint moves value from the issuer's authority to any recipient
// through the module account, so bank's check on the sender (the module) never sees the frozen
// issuer: a frozen issuer could keep creating money for an accomplice. It is refused now, signed
// directly (fee paid by a granter) or through an authz grant.

const S = "/blockchain.stablecoin.v1.";
const EUR = "ueurf";
const issuer = keys.target;
const FEE = [{ denom: DENOM, amount: "5000" }];

const mint = (recipient: string, amount = "1000") =>
  pack(S + "MsgMintCoin", stx.MsgMintCoin, { issuer: issuer.address, denom: EUR, amount, recipient });

function supply(chain: TestChain): bigint {
  return BigInt(
    chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom: EUR }, QuerySupplyOfResponse).amount!.amount,
  );
}

describe("a frozen issuer mints nothing", () => {
  let chain: TestChain;
  let caseId = 0n;

  beforeAll(async () => {
    chain = await enforcementChain();
    await chain.mustDeliver(issuer, [
      pack(
        S + "MsgRegisterCurrency",
        stx.MsgRegisterCurrency,
        stx.MsgRegisterCurrency.fromPartial({
          creator: issuer.address,
          denom: EUR,
          displayDenom: "eurf",
          exponent: 6n,
          name: "Euro F",
          symbol: "EURF",
          description: "test",
        }),
      ),
    ]);
    expect(
      (await chain.govExec([pack(S + "MsgApproveIssuer", stx.MsgApproveIssuer, { authority: govAuthority(), denom: EUR, approve: true })]))
        .log,
    ).toBe("");
    await chain.mustDeliver(issuer, [
      mint(keys.other.address),
      grantAllowance(issuer.address, keys.grantee.address, basic()),
      grant(issuer.address, keys.grantee.address, genericAuthorization(S + "MsgMintCoin")),
    ]);
    await chain.mustDeliver(keys.alice, [grantAllowance(keys.alice.address, issuer.address, basic())]);
    caseId = caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, issuer.address)]));
    expect(freezeStatus(chain, issuer.address).frozen).toBe(true);
  });
  afterAll(async () => chain.close());

  it("MsgMintCoin signed by the frozen issuer is refused with ErrFrozen (its fee paid by a granter)", async () => {
    const before = supply(chain);
    expectEnforcementError(
      await chain.deliver(issuer, [mint(keys.mallory.address, "5000000")], { fee: FEE, feeGranter: keys.alice.address }),
      1107,
    );
    expect(supply(chain)).toBe(before);
    expect(chain.balance(keys.mallory.address, EUR)).toBe(0n);
  });

  it("MsgMintCoin for the frozen issuer through authz exec is refused with ErrFrozen", async () => {
    const before = supply(chain);
    expectEnforcementError(await chain.deliver(keys.grantee, [exec(keys.grantee.address, [mint(keys.mallory.address, "5000000")])]), 1107);
    expect(supply(chain)).toBe(before);
  });

  it("after release the issuer mints again", async () => {
    await chain.mustDeliver(validator(), [msg.withdraw(validator().address, caseId)]);
    const before = supply(chain);
    await chain.mustDeliver(issuer, [mint(keys.mallory.address)]);
    expect(supply(chain)).toBe(before + 1000n);
    expect(chain.balance(keys.mallory.address, EUR)).toBe(1000n);
  });
});
