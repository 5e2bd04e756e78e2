import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAminoTx, stdSignDocBytes } from "../../../src/client/amino";
import { VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type DeliverResult, type TestChain } from "../../helpers/chain";
import { collection, expectTokError, getParams, keys, msg, mustGov, tokenisationChain } from "./setup";

const { minter, owner, alice, attestor1, attestor2, challenger, mallory } = keys;

/** Every tokenisation message signed in SIGN_MODE_LEGACY_AMINO_JSON, reaching its handler. */
describe("tokenisation: LEGACY_AMINO_JSON for every message", () => {
  let chain: TestChain;
  const seen = new Set<string>();
  beforeAll(async () => {
    chain = await tokenisationChain();
  });
  afterAll(async () => chain.close());

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
    const account = chain.account(key.address)!;
    const signer = { key, accountNumber: account.accountNumber, sequence: account.sequence };
    const opts = { chainId: CHAIN_ID, fee: [{ denom: DENOM, amount: "5000" }], gasLimit: 400_000n };
    for (const m of msgs) seen.add(m.typeUrl);
    const doc = JSON.parse(new TextDecoder().decode(stdSignDocBytes(msgs, opts, signer.accountNumber, signer.sequence)));
    for (const [i, m] of msgs.entries()) expect(doc.msgs[i].type).toBe(`blockchain/x/tokenisation/${m.typeUrl.split(".").pop()}`);
    return chain.deliverRaw(signAminoTx(msgs, [signer], opts));
  }
  const ok = async (key: Secp256k1Key, msgs: AnyMsg[]) => expect((await amino(key, msgs)).log).toBe("");

  it("governance messages: amino-signed by a non-authority reach the handler and get 21", async () => {
    const m = mallory.address;
    for (const bad of [
      msg.createCollection(collection({ id: "x", attestors: [attestor1.address] }), m),
      msg.setAuthority("x", m, m),
      msg.setAttestors("x", [m], m),
      msg.resolve(1n, { denom: DENOM, amount: "5" }, m),
      msg.updateParams(getParams(chain), m),
    ]) {
      expectTokError(await amino(mallory, [bad]), 21);
    }
  });

  it("user messages succeed when amino-signed", async () => {
    await mustGov(chain, [
      msg.createCollection(
        collection({
          verification: VerificationMode.VERIFY_ATTESTORS,
          attestationThreshold: 2,
          attestors: [attestor1.address, attestor2.address],
          challengeWindowSeconds: 60n,
        }),
      ),
    ]);
    await ok(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://a", 0n)]);
    await ok(owner, [msg.fractionalise(owner.address, 1n, "1000", 5000, DENOM, "AM")]);
    await ok(owner, [msg.transfer(owner.address, 1n, alice.address)]);
    await ok(alice, [msg.fund(alice.address, 1n, 10_000n)]);
    await ok(owner, [msg.claim(owner.address, 1n)]);
    await ok(alice, [msg.report(alice.address, 1n, 50_000n)]);
    await ok(attestor1, [msg.attest(attestor1.address, 1n, 50_000n)]);
    await ok(attestor2, [msg.attest(attestor2.address, 1n, 50_000n)]);
    await ok(alice, [msg.payProceeds(alice.address, 1n, 25_000n)]);
    await ok(challenger, [msg.dispute(challenger.address, 1n, "too low")]);
    await mustGov(chain, [msg.resolve(1n)]);
    chain.setNextBlockTime({ seconds: chain.engine.lastBlockTime.seconds + 120n, nanos: 0 });
    await ok(alice, [msg.finalise(alice.address, 1n)]);
    await ok(owner, [msg.redeem(owner.address, 1n, 1000n)]);
  });

  it("covered all sixteen message types", () => {
    expect(seen.size).toBe(16);
  });
});
