import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { MsgSetWithdrawAddress } from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { moduleAddress } from "../../src/types/address";
import { enforcementErrors } from "../../src/modules/enforcement";
import { CHAIN_ID, DENOM, pack, TestChain, testKey } from "../helpers/chain";
import { signTx } from "../../src/client/tx-builder";
import type { Secp256k1Key } from "../../src/client/signer";
import type { AnyMsg } from "../../src/types/codec";
import {
  caseIdOf,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  keys,
  msg,
  send,
  validator,
} from "../integration/enforcement/setup";
import { operatorOf } from "../integration/staking/setup";
import { signWithoutPubKey } from "./helpers/unkeyed-tx";
import { exec, grant, sendAuthorization } from "../integration/authz/setup";

// bech32 admits an all-upper-case spelling of every address. The chain must treat it as the
// same account everywhere: in the freeze, in the blocked set, in the signer, in state keys.

const F = keys.target;
const up = (address: string) => address.toUpperCase();
const OMBUDSMAN_CANNOT_INITIATE = enforcementErrors.ErrOmbudsmanCannotInitiate.code;

describe("a frozen account cannot escape by spelling its own address in upper case", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain();
    // F's key goes on chain with a first tx; later txs may then omit it from the signer info.
    await chain.mustDeliver(F, [send(F.address, keys.other.address, "1")]);
    caseIdOf(await chain.mustDeliver(validator(), [msg.open(validator().address, F.address)]));
    expect(freezeStatus(chain, F.address).frozen).toBe(true);
  });
  afterAll(async () => chain.close());

  it("MsgSend from the upper-case spelling, no public key in the signer info: ErrFrozen, nothing moves", async () => {
    const before = chain.balance(F.address);
    const res = await chain.deliverRaw(signWithoutPubKey(chain, F, [send(up(F.address), keys.other.address, "1000")]));
    expectEnforcementError(res, 1107);
    expect(chain.balance(F.address)).toBe(before);
  });

  it("a query by the upper-case spelling finds the same records", () => {
    expect(freezeStatus(chain, up(F.address))).toEqual(freezeStatus(chain, F.address));
    expect(freezeStatus(chain, up(F.address)).frozen).toBe(true);
    expect(chain.balance(up(F.address))).toBe(chain.balance(F.address));
  });

  it("MsgSend from the upper-case spelling with the public key: ErrFrozen", async () => {
    expectEnforcementError(await chain.deliver(F, [send(up(F.address), keys.other.address, "1000")]), 1107);
  });

  it("an upper-case fee payer that is frozen pays no fee for another's tx", async () => {
    const sender = keys.other;
    // The payer signs too; F's refusal comes from the fee deduction.
    const res = await chain.deliverRaw(signTwo(chain, [sender, F], [send(sender.address, keys.alice.address, "1")], up(F.address)));
    expectEnforcementError(res, 1107);
  });

  it("a case opened against the upper-case spelling holds the same account", async () => {
    const other = testKey("address-case/other");
    const res = await chain.deliver(validator(), [msg.open(validator().address, up(keys.mallory.address))]);
    expect(res.code).toBe(0);
    expect(freezeStatus(chain, keys.mallory.address).frozen).toBe(true);
    expectEnforcementError(await chain.deliver(keys.mallory, [send(keys.mallory.address, other.address)]), 1107);
  });

  it("a delegation made through the upper-case spelling is the account's own", async () => {
    const alice = keys.alice;
    const res = await chain.deliver(alice, [
      pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
        delegatorAddress: up(alice.address),
        validatorAddress: up(operatorOf(validator())),
        amount: { denom: DENOM, amount: "1000" },
      }),
    ]);
    expect(res.code, res.log).toBe(0);
    const withdraw = await chain.deliver(alice, [
      pack("/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", MsgSetWithdrawAddress, {
        delegatorAddress: alice.address,
        withdrawAddress: up(keys.other.address),
      }),
    ]);
    expect(withdraw.code, withdraw.log).toBe(0);
    const events = withdraw.events.filter((e) => e.type === "set_withdraw_address");
    expect(events[0]?.attributes.find((a) => a.key === "withdraw_address")?.value).toBe(keys.other.address);
  });
});

/** Signs one tx by several keys (SIGN_MODE_DIRECT), with an explicit fee payer. */
function signTwo(chain: TestChain, signers: Secp256k1Key[], msgs: AnyMsg[], feePayer: string): Uint8Array {
  const data = signers.map((key) => ({
    key,
    accountNumber: chain.account(key.address)!.accountNumber,
    sequence: chain.account(key.address)!.sequence,
  }));
  return signTx(msgs, data, { chainId: CHAIN_ID, fee: [{ denom: DENOM, amount: "5000" }], gasLimit: 400_000n, feePayer });
}

describe("module accounts that may not receive refuse every spelling of their address", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  beforeAll(async () => {
    chain = await TestChain.create({ invariants: true });
  });
  afterAll(async () => chain.close());

  it.each(["fee_collector", "bonded_tokens_pool", "not_bonded_tokens_pool", "distribution"])("%s", async (name) => {
    const address = moduleAddress(name);
    // No fee: the fee collector and distribution receive fees with every block.
    const lower = await chain.deliver(alice, [send(alice.address, address, "1000")], { fee: [] });
    expect(lower.code).not.toBe(0);
    const before = chain.balance(address);
    const upper = await chain.deliver(alice, [send(alice.address, up(address), "1000")], { fee: [] });
    expect([upper.code, upper.codespace]).toEqual([lower.code, lower.codespace]);
    expect(chain.balance(address)).toBe(before);
  });

  it("a plain send to the gov account, which may receive, breaks no invariant", async () => {
    const res = await chain.deliver(alice, [send(alice.address, up(moduleAddress("gov")), "1000")], { fee: [] });
    expect(res.code, res.log).toBe(0);
  });

  it("with invariants on, the chain keeps committing blocks after the attempts (no invariant broken)", async () => {
    const height = chain.height;
    await chain.produceBlocks(2);
    expect(chain.height).toBe(height + 2n);
  });
});

describe("two chains, one fed lower-case and one upper-case addresses, end in the same state", () => {
  it("same app hash after the same sends, delegations and withdraw-address changes", async () => {
    const hashes: string[] = [];
    for (const spell of [(a: string) => a, up]) {
      const chain = await TestChain.create();
      try {
        const alice = testKey("alice");
        const bob = testKey("bob");
        await chain.mustDeliver(alice, [
          pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: spell(alice.address),
            toAddress: spell(bob.address),
            amount: [{ denom: DENOM, amount: "777" }],
          }),
        ]);
        await chain.mustDeliver(bob, [
          pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
            delegatorAddress: spell(bob.address),
            validatorAddress: spell(operatorOf(testKey("validator"))),
            amount: { denom: DENOM, amount: "5000" },
          }),
        ]);
        await chain.mustDeliver(bob, [
          pack("/cosmos.distribution.v1beta1.MsgSetWithdrawAddress", MsgSetWithdrawAddress, {
            delegatorAddress: spell(bob.address),
            withdrawAddress: spell(alice.address),
          }),
        ]);
        const block = await chain.engine.produceBlock();
        hashes.push(Buffer.from(block.response.appHash).toString("hex"));
      } finally {
        await chain.close();
      }
    }
    expect(hashes[1]).toBe(hashes[0]);
  });
});

describe("addresses inside an Any (an authorization's allow list)", () => {
  it("an allow list naming the upper-case spelling allows the account", async () => {
    const chain = await TestChain.create();
    try {
      const [alice, bob, carol] = [testKey("alice"), testKey("bob"), testKey("carol")];
      await chain.mustDeliver(alice, [grant(alice.address, bob.address, sendAuthorization(10_000n, [up(carol.address)]))]);
      const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, carol.address, "100")])]);
      expect(res.code, res.log).toBe(0);
    } finally {
      await chain.close();
    }
  });
});

describe("a genesis file's addresses are canonical too", () => {
  it("an ombudsman named in upper case in genesis is still refused as an opener", async () => {
    const chain = await enforcementChain({ params: { ombudsman: up(keys.ombudsman.address) } });
    try {
      expectEnforcementError(
        await chain.deliver(keys.ombudsman, [msg.open(keys.ombudsman.address, keys.mallory.address)]),
        OMBUDSMAN_CANNOT_INITIATE,
      );
    } finally {
      await chain.close();
    }
  });
});
