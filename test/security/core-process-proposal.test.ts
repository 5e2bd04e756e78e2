import * as abci from "cosmjs-types/tendermint/abci/types";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestChain, testKey, type DeliverOptions } from "../helpers/chain";
import { send } from "../integration/authz/setup";
import type { Secp256k1Key } from "../../src/client/signer";

const { ACCEPT, REJECT } = abci.ResponseProcessProposal_ProposalStatus;

/**
 * Finding 8: ProcessProposal accepted any decodable tx, so a proposer could fill a block with
 * txs nobody signed or nobody can pay for, or ask for more gas than the block allows. As the
 * SDK's default handler, it now runs the ante chain over the proposal (on a branch) and
 * checks the block's gas; the node-local fee floor is no consensus rule and stays out.
 */
describe("security: ProcessProposal runs the ante checks and the block gas limit", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    // A node-local fee floor: a zero-fee tx is refused by this node's CheckTx, not by consensus.
    chain = await TestChain.create({ minGasPrices: "0.0025uyml" });
  });
  afterAll(async () => chain.close());

  const tx = (key: Secp256k1Key, opts: DeliverOptions = {}) => chain.sign(key, [send(key.address, carol.address, 1n)], opts);

  function withSignatures(bytes: Uint8Array, signatures: Uint8Array[]): Uint8Array {
    return TxRaw.encode({ ...TxRaw.decode(bytes), signatures }).finish();
  }

  function process(txs: Uint8Array[]): abci.ResponseProcessProposal_ProposalStatus {
    const req = abci.RequestProcessProposal.fromPartial({
      txs,
      height: chain.height + 1n,
      time: { seconds: chain.engine.lastBlockTime.seconds + 1n, nanos: 0 },
      proposedLastCommit: { round: 0, votes: [] },
      hash: new Uint8Array(32),
      proposerAddress: new Uint8Array(20),
    });
    return chain.app.processProposal(req).status;
  }

  it("accepts a proposal of good txs, several from one signer in sequence", () => {
    const seq = chain.account(alice.address)!.sequence;
    expect(process([tx(alice), tx(alice, { sequence: seq + 1n }), tx(bob)])).toBe(ACCEPT);
  });

  it("accepts a tx below this node's min gas price (a node-local CheckTx setting)", async () => {
    const cheap = tx(bob, { fee: [] });
    expect((await chain.engine.broadcastTxSync(cheap)).code).not.toBe(0);
    expect(process([cheap])).toBe(ACCEPT);
  });

  it("rejects a tx with a garbage signature", () => {
    expect(process([tx(bob), withSignatures(tx(alice), [new Uint8Array(64).fill(1)])])).toBe(REJECT);
  });

  it("rejects a tx signed by another key", () => {
    const forged = withSignatures(
      tx(alice),
      TxRaw.decode(
        chain.sign(bob, [send(alice.address, carol.address, 1n)], {
          accountNumber: chain.account(alice.address)!.accountNumber,
          sequence: chain.account(alice.address)!.sequence,
        }),
      ).signatures,
    );
    expect(process([forged])).toBe(REJECT);
  });

  it("rejects a tx with a signature for a wrong sequence, and a second tx reusing the first's sequence", () => {
    const seq = chain.account(alice.address)!.sequence;
    expect(process([tx(alice, { sequence: seq + 5n })])).toBe(REJECT);
    expect(process([tx(alice), tx(alice)])).toBe(REJECT);
  });

  it("rejects a tx whose fee cannot be paid", () => {
    const poor = testKey("core-pp-poor");
    expect(process([chain.sign(poor, [send(poor.address, carol.address, 1n)], { accountNumber: 0n, sequence: 0n })])).toBe(REJECT);
    expect(process([tx(bob, { fee: [{ denom: "uyml", amount: "999999999999999999" }] })])).toBe(REJECT);
  });

  it("rejects bytes that do not decode", () => {
    expect(process([Uint8Array.of(1, 2, 3)])).toBe(REJECT);
  });

  it("rejects a proposal whose txs together want more gas than the block's max gas", () => {
    // The dev genesis' block max gas is 200,000,000: each tx fits, both together do not.
    const seq = chain.account(alice.address)!.sequence;
    expect(process([tx(alice, { gasLimit: 150_000_000n })])).toBe(ACCEPT);
    expect(process([tx(alice, { gasLimit: 150_000_000n }), tx(alice, { gasLimit: 150_000_000n, sequence: seq + 1n })])).toBe(REJECT);
  });

  it("PrepareProposal leaves out what ProcessProposal would reject, so its own proposals pass", () => {
    const good = tx(bob);
    const prepared = chain.app.prepareProposal(
      abci.RequestPrepareProposal.fromPartial({
        txs: [
          withSignatures(tx(alice), [new Uint8Array(64).fill(2)]),
          good,
          tx(alice, { gasLimit: 150_000_000n }),
          tx(carol, { gasLimit: 150_000_000n }),
        ],
        maxTxBytes: 1_000_000n,
        height: chain.height + 1n,
        time: { seconds: chain.engine.lastBlockTime.seconds + 1n, nanos: 0 },
        localLastCommit: { round: 0, votes: [] },
        proposerAddress: new Uint8Array(20),
      }),
    );
    expect(prepared.txs).toHaveLength(2);
    expect(Buffer.from(prepared.txs[0]).equals(Buffer.from(good))).toBe(true);
  });

  it("delivers txs through blocks as before", async () => {
    const before = chain.balance(carol.address);
    await chain.mustDeliver(alice, [send(alice.address, carol.address, 5n)]);
    expect(chain.balance(carol.address)).toBe(before + 5n);
  });
});
