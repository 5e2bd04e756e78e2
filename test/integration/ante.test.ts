import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { TestChain, pack, testKey, DENOM, CHAIN_ID } from "../helpers/chain";
import { signTx } from "../../src/client/tx-builder";
import type { Secp256k1Key } from "../../src/client/signer";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function send(from: Secp256k1Key, to: string, amount = "100") {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from.address, toAddress: to, amount: [{ denom: DENOM, amount }] });
}

/** Flips S to N - S: the same signature in its malleable high-S form. */
function toHighS(tx: Uint8Array): Uint8Array {
  const raw = TxRaw.decode(tx);
  const sig = raw.signatures[0];
  let s = 0n;
  for (let i = 32; i < 64; i++) s = (s << 8n) | BigInt(sig[i]);
  let high = N - s;
  const out = Uint8Array.from(sig);
  for (let i = 63; i >= 32; i--) {
    out[i] = Number(high & 0xffn);
    high >>= 8n;
  }
  return TxRaw.encode({ ...raw, signatures: [out] }).finish();
}

describe("ante handler refusals (SDK codes, nothing written but what the SDK writes)", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    chain = await TestChain.create({ minGasPrices: "0.01uyml" });
  });
  afterAll(async () => chain.close());

  /** Delivers a tx expected to fail and checks that neither balances nor the sequence moved. */
  async function refused(tx: Uint8Array, code: number, logPart?: RegExp) {
    const balA = chain.balance(alice.address);
    const balB = chain.balance(bob.address);
    const seq = chain.account(alice.address)!.sequence;
    const res = await chain.deliverRaw(tx);
    expect(res.codespace).toBe("sdk");
    expect(res.code).toBe(code);
    if (logPart) expect(res.log).toMatch(logPart);
    await chain.produceBlocks(1);
    expect(chain.balance(alice.address)).toBe(balA);
    expect(chain.balance(bob.address)).toBe(balB);
    expect(chain.account(alice.address)!.sequence).toBe(seq);
    return res;
  }

  it("bad signature → 4", async () => {
    const tx = TxRaw.decode(chain.sign(alice, [send(alice, bob.address)]));
    const sig = Uint8Array.from(tx.signatures[0]);
    sig[5] ^= 0x01;
    await refused(TxRaw.encode({ ...tx, signatures: [sig] }).finish(), 4, /signature verification failed/);
  });

  it("high-S signature → 4", async () => {
    await refused(toHighS(chain.sign(alice, [send(alice, bob.address)])), 4, /signature verification failed/);
  });

  it("wrong sequence → 32", async () => {
    await refused(chain.sign(alice, [send(alice, bob.address)], { sequence: 7n }), 32, /account sequence mismatch, expected \d+, got 7/);
  });

  it("wrong chain-id → 4 (sign bytes differ; the SDK cannot tell it from a bad signature)", async () => {
    await refused(chain.sign(alice, [send(alice, bob.address)], { chainId: "other-chain" }), 4, /chain-id \(test-chain\)/);
  });

  it("wrong account number → 4", async () => {
    await refused(chain.sign(alice, [send(alice, bob.address)], { accountNumber: 99n }), 4, /account number/);
  });

  it("fee below the node's minimum gas price → 13 (CheckTx)", async () => {
    const res = await refused(
      chain.sign(alice, [send(alice, bob.address)], { fee: [{ denom: DENOM, amount: "10" }], gasLimit: 200_000n }),
      13,
      /insufficient fees/,
    );
    expect(res.checkTx).toBe(true);
  });

  it("a zero-valued fee coin (cosmjs with a zero gas price) is a valid coin list, priced by the minimum gas price → 13, not 10", async () => {
    const res = await refused(
      chain.sign(alice, [send(alice, bob.address)], { fee: [{ denom: DENOM, amount: "0" }], gasLimit: 200_000n }),
      13,
      /insufficient fees; got: 0uyml required: 2000uyml/,
    );
    expect(res.checkTx).toBe(true);
  });

  it("a negative fee amount is still refused as invalid coins → 10", async () => {
    const tx = chain.sign(alice, [send(alice, bob.address)], { fee: [{ denom: DENOM, amount: "-5" }] });
    await refused(tx, 10);
  });

  it("unknown type URL → 2", async () => {
    await refused(
      chain.sign(alice, [{ typeUrl: "/cosmos.bank.v1beta1.MsgNope", value: new Uint8Array([1, 2]) }]),
      2,
      /unable to resolve type URL/,
    );
  });

  it("malformed bytes → 2", async () => {
    await refused(new Uint8Array([0x0a, 0xff, 0xff, 0x01]), 2);
  });

  it("a signer that is not the message's signer field → 8 (pubkey does not match signer)", async () => {
    // alice signs a MsgSend whose from_address (the signer field) is carol's.
    const tx = signTx(
      [send(carol, bob.address)],
      [{ key: alice, accountNumber: chain.account(alice.address)!.accountNumber, sequence: chain.account(alice.address)!.sequence }],
      {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "5000" }],
        gasLimit: 400_000n,
      },
    );
    const carolBefore = chain.balance(carol.address);
    await refused(tx, 8, /pubKey does not match signer address/);
    expect(chain.balance(carol.address)).toBe(carolBefore);
  });

  it("memo too large → 12", async () => {
    await refused(chain.sign(alice, [send(alice, bob.address)], { memo: "x".repeat(257) }), 12);
  });

  it("timeout height passed → 30", async () => {
    await refused(chain.sign(alice, [send(alice, bob.address)], { timeoutHeight: 1n }), 30);
  });

  it("tx too large → 21", async () => {
    await refused(
      chain.sign(alice, [send(alice, bob.address)], { memo: "", gasLimit: 400_000n, fee: [{ denom: DENOM, amount: "5000" }] }).length > 0
        ? new Uint8Array(1024 * 1024 + 1).fill(0x0a)
        : new Uint8Array(),
      21,
      /tx too large/,
    );
  });

  it("duplicate submission → 19 from the mempool cache", async () => {
    const tx = chain.sign(alice, [send(alice, bob.address)]);
    expect((await chain.engine.broadcastTxSync(tx)).code).toBe(0);
    const again = await chain.engine.broadcastTxSync(tx);
    expect(again.code).toBe(19);
    await chain.produceBlocks(1);
  });

  it("a passing CheckTx answers without events (as the SDK's baseapp); the block's result carries the ante's", async () => {
    const tx = chain.sign(alice, [send(alice, bob.address)]);
    const check = chain.app.checkTx({ tx, type: 0 }, { keep: false });
    expect(check.code).toBe(0);
    expect(check.gasUsed).toBeGreaterThan(0n);
    expect(check.events).toEqual([]);
    const res = await chain.deliverRaw(tx);
    expect(res.code).toBe(0);
    const types = res.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["coin_spent", "coin_received", "transfer", "tx", "message"]));
    expect(res.events.find((e) => e.type === "tx" && e.attributes.some((a) => a.key === "fee"))).toBeDefined();
  });

  it("out of gas in the messages → 11, but fee and sequence are kept (ante passed)", async () => {
    const balA = chain.balance(alice.address);
    const balB = chain.balance(bob.address);
    const seq = chain.account(alice.address)!.sequence;
    // Enough gas for the ante chain, not for the message: just under what simulation reports.
    const sim = chain.app.simulate({ txBytes: chain.sign(alice, [send(alice, bob.address)]), tx: undefined });
    const limit = sim.gasInfo!.gasUsed - 500n;
    const res = await chain.deliver(alice, [send(alice, bob.address)], { gasLimit: limit, fee: [{ denom: DENOM, amount: "5000" }] });
    expect(res.code).toBe(11);
    expect(res.codespace).toBe("sdk");
    expect(res.gasWanted).toBe(limit);
    expect(res.gasUsed).toBeGreaterThan(limit);
    expect(chain.balance(bob.address)).toBe(balB);
    expect(chain.balance(alice.address)).toBe(balA - 5000n);
    expect(chain.account(alice.address)!.sequence).toBe(seq + 1n);
  });

  it("insufficient funds in the message → 5 with fee and sequence kept", async () => {
    const seq = chain.account(alice.address)!.sequence;
    const balA = chain.balance(alice.address);
    const res = await chain.deliver(alice, [send(alice, bob.address, "999999999999999")]);
    expect(res.code).toBe(5);
    expect(chain.balance(alice.address)).toBe(balA - 5000n);
    expect(chain.account(alice.address)!.sequence).toBe(seq + 1n);
  });

  it("a tx of two messages whose second fails leaves no trace of the first", async () => {
    const balB = chain.balance(bob.address);
    const balC = chain.balance(carol.address);
    const balA = chain.balance(alice.address);
    const res = await chain.deliver(alice, [send(alice, bob.address, "777"), send(alice, carol.address, "999999999999999")]);
    expect(res.code).toBe(5);
    expect(chain.balance(bob.address)).toBe(balB);
    expect(chain.balance(carol.address)).toBe(balC);
    expect(chain.balance(alice.address)).toBe(balA - 5000n);
    // No event of the first message survives either (only the ante's fee transfer does).
    const recipients = res.events
      .filter((e) => e.type === "transfer")
      .flatMap((e) => e.attributes.filter((a) => a.key === "recipient").map((a) => a.value));
    expect(recipients).not.toContain(bob.address);
    expect(recipients.length).toBeGreaterThan(0);
  });

  it("a valid tx still passes after all the refusals", async () => {
    const balB = chain.balance(bob.address);
    const res = await chain.deliver(alice, [send(alice, bob.address, "42")]);
    expect(res.code).toBe(0);
    expect(chain.balance(bob.address)).toBe(balB + 42n);
  });
});
