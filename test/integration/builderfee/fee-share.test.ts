import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgRegisterCurrency } from "../../../src/gen/blockchain/stablecoin/v1/tx";
import { moduleAddress } from "../../../src/types/address";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { FOO, MULTI_SEND, REGISTER, SEND, builderfeeChain, eventsOf, getApplication, keys, msg } from "./setup";

const { creator, payer, friend, sendBuilder, multiBuilder } = keys;
const CURRENCY = "/blockchain.stablecoin.v1.MsgRegisterCurrency";
const feeCollector = moduleAddress("fee_collector");
const blocked = moduleAddress("stablecoin");

let denoms = 0;
/** A message whose type has only a pending builder application: it succeeds but pays nobody. */
function registerCurrency() {
  denoms += 1;
  const denom = `utok${denoms}`;
  return pack(
    CURRENCY,
    MsgRegisterCurrency,
    MsgRegisterCurrency.fromPartial({
      creator: payer.address,
      denom,
      displayDenom: `tok${denoms}`,
      exponent: 6n,
      name: "Token",
      symbol: "TOK",
    }),
  );
}

function fee(foo: string, yml: string) {
  return {
    fee: [
      { denom: FOO, amount: foo },
      { denom: DENOM, amount: yml },
    ],
  };
}

function balances(chain: TestChain, address: string): [bigint, bigint] {
  return [chain.balance(address, FOO), chain.balance(address, DENOM)];
}

// The fee collector holds exactly the fees of the block just committed: distribution moves the
// previous block's to the validators at every BeginBlock.
describe("builderfee share of transaction fees", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await builderfeeChain();
    await chain.mustDeliver(creator, [
      msg.register(creator.address, SEND, sendBuilder.address),
      msg.register(creator.address, MULTI_SEND, multiBuilder.address),
      msg.register(creator.address, CURRENCY, friend.address),
    ]);
    expect((await chain.govExec([msg.approve(SEND), msg.approve(MULTI_SEND)])).log).toBe("");
  });
  afterAll(async () => chain.close());

  it("credits the builder floor(fee × bps / 10000) of every fee coin; the rest stays with the fee collector", async () => {
    const res = await chain.mustDeliver(payer, [msg.send(payer.address, friend.address)], fee("777", "12345"));
    // 777 × 0.3 = 233.1 and 12345 × 0.3 = 3703.5: both floored.
    expect(balances(chain, sendBuilder.address)).toEqual([233n, 3703n]);
    expect(balances(chain, feeCollector)).toEqual([544n, 8642n]);
    expect(eventsOf(res, "builderfee_fee_paid")).toEqual([
      { msg_type_url: SEND, payout_address: sendBuilder.address, amount: "233ufoo,3703uyml", tx_hash: res.hash },
    ]);
  });

  it("a tx whose first message has no builder but whose second does credits the second's builder", async () => {
    const before = balances(chain, sendBuilder.address);
    await chain.mustDeliver(payer, [registerCurrency(), msg.send(payer.address, friend.address)], fee("1000", "1000"));
    expect(balances(chain, sendBuilder.address)).toEqual([before[0] + 300n, before[1] + 300n]);
    // friend applied (pending) for the first message's type and received only the two sends.
    expect(balances(chain, friend.address)).toEqual([0n, 2n]);
  });

  it("pays at most one builder: the first message in order that has one", async () => {
    const send = balances(chain, sendBuilder.address);
    const res = await chain.mustDeliver(
      payer,
      [msg.multiSend(payer.address, friend.address), msg.send(payer.address, friend.address)],
      fee("10", "20"),
    );
    expect(balances(chain, multiBuilder.address)).toEqual([3n, 6n]);
    expect(balances(chain, sendBuilder.address)).toEqual(send);
    expect(eventsOf(res, "builderfee_fee_paid").map((e) => e.msg_type_url)).toEqual([MULTI_SEND]);
  });

  it("a tx with no approved builder among its messages credits nobody (a pending application does not count)", async () => {
    const pendingBuilder = balances(chain, friend.address);
    const res = await chain.mustDeliver(payer, [registerCurrency()], fee("500", "500"));
    expect(balances(chain, feeCollector)).toEqual([500n, 500n]);
    expect(balances(chain, friend.address)).toEqual(pendingBuilder);
    expect(eventsOf(res, "builderfee_fee_paid")).toEqual([]);
  });

  it("a coin whose share floors to zero is not paid", async () => {
    const before = balances(chain, sendBuilder.address);
    await chain.mustDeliver(payer, [msg.send(payer.address, friend.address)], fee("3", "10"));
    expect(balances(chain, sendBuilder.address)).toEqual([before[0], before[1] + 3n]);
    const res = await chain.mustDeliver(payer, [msg.send(payer.address, friend.address)], { fee: [{ denom: DENOM, amount: "3" }] });
    expect(eventsOf(res, "builderfee_fee_paid")).toEqual([]);
  });

  it("a failed tx pays no builder, though its fee is charged", async () => {
    const builder = balances(chain, sendBuilder.address);
    const res = await chain.deliver(payer, [msg.send(payer.address, friend.address, "999999999999")], fee("100", "100"));
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 5 });
    expect(balances(chain, sendBuilder.address)).toEqual(builder);
    expect(balances(chain, feeCollector)).toEqual([100n, 100n]);
  });

  it("a payout that cannot be made (blocked address) leaves the tx and its effects intact", async () => {
    await chain.mustDeliver(creator, [msg.register(creator.address, REGISTER, blocked)]);
    expect((await chain.govExec([msg.approve(REGISTER)])).code).toBe(0);

    const res = await chain.deliver(
      payer,
      [msg.register(payer.address, "/blockchain.stablecoin.v1.MsgMintCoin", friend.address)],
      fee("100", "100"),
    );
    expect(res.code).toBe(0);
    expect(getApplication(chain, "/blockchain.stablecoin.v1.MsgMintCoin")).toMatchObject({ status: "pending", creator: payer.address });
    expect(balances(chain, blocked)).toEqual([0n, 0n]);
    expect(balances(chain, feeCollector)).toEqual([100n, 100n]);
    expect(eventsOf(res, "builderfee_fee_paid")).toEqual([]);
  });

  it("a share of zero bps pays nobody; governance changes apply to the next tx", async () => {
    expect((await chain.govExec([msg.updateParams(0n)])).code).toBe(0);
    const before = balances(chain, sendBuilder.address);
    await chain.mustDeliver(payer, [msg.send(payer.address, friend.address)], fee("1000", "1000"));
    expect(balances(chain, sendBuilder.address)).toEqual(before);

    expect((await chain.govExec([msg.updateParams(10000n)])).code).toBe(0);
    await chain.mustDeliver(payer, [msg.send(payer.address, friend.address)], fee("7", "9"));
    expect(balances(chain, sendBuilder.address)).toEqual([before[0] + 7n, before[1] + 9n]);
  });
});
