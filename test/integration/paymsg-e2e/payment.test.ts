import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEnvelope, encodeEnvelope, generateViewingKey, openAndVerify, openEnvelope } from "../../../src/client/envelope/index";
import {
  SIGNATURE_HEADER,
  envelopePath,
  inProcessChain,
  signUpload,
  startPayloadStore,
  type RunningPayloadStore,
} from "../../../src/payload-store/index";
import { createRestServer, DevBackend } from "../../../src/rest";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, type TestChain } from "../../helpers/chain";
import { keys, msg, paymentsChain, payWithEnvelope, setUpParticipants } from "./setup";

const { bankA, bankB, alice, bob } = keys;

/**
 * A payment through the public surfaces only: signed txs and governance on the chain, REST for
 * every read of chain state, real HTTP to the participant's payload store.
 */
describe("a payment end to end: chain, REST, payload store and envelope", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  let store: RunningPayloadStore;
  let dir: string;
  const parties = ["payer", "payee", "regulator", "auditor"].map((name) => ({ name, key: generateViewingKey() }));
  const outsider = generateViewingKey();

  const restGet = async (url: string) => {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "paymsg-e2e-"));
    chain = await paymentsChain();
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
    await setUpParticipants(chain);
    await chain.mustDeliver(alice, [msg.confirm(alice.address, bankA.address)]);
    await chain.mustDeliver(bob, [msg.confirm(bob.address, bankB.address)]);
    store = await startPayloadStore({ dir, host: "127.0.0.1", port: 0, chain: inProcessChain(chain.app) });
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, store.url)]);
  });
  afterAll(async () => {
    await store.close();
    await rest.close();
    await chain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the four entitled parties open the stored envelope against the hash REST reports; nobody else can, nor a tampered copy", async () => {
    for (const [customer, participant] of [
      [alice, bankA],
      [bob, bankB],
    ]) {
      expect(await restGet(`/blockchain/paymsg/v1/customer/${customer.address}`)).toEqual({
        status: 200,
        body: { customer: { customer: customer.address, participant: participant.address, confirmed: true } },
      });
    }
    const participant = await restGet(`/blockchain/paymsg/v1/approved_participant/${bankA.address}`);
    expect(participant.body.approved_participant).toEqual({
      participant: bankA.address,
      code: "BANKADEFF",
      name: "Bank A",
      payload_store_url: store.url,
    });
    const storeUrl: string = participant.body.approved_participant.payload_store_url;

    const e2e = "INV-2026/42 e2e";
    const bobBefore = chain.balance(bob.address);
    const { envelope, hash, signature } = await payWithEnvelope(
      chain,
      e2e,
      parties.map((p) => p.key),
      "4200",
    );

    const at = `${storeUrl}${envelopePath(bankA.address, e2e)}`;
    const upload = await fetch(at, {
      method: "PUT",
      body: envelope,
      headers: { "content-type": "application/octet-stream", [SIGNATURE_HEADER]: signature },
    });
    expect(upload.status).toBe(201);
    expect(await upload.json()).toMatchObject({ instructing_participant: bankA.address, end_to_end_id: e2e, stored: true });

    const byId = await restGet(
      `/blockchain/paymsg/v1/payment_record_by_id?end_to_end_id=${encodeURIComponent(e2e)}&instructing_participant=${bankA.address}`,
    );
    expect(byId.status).toBe(200);
    const record = byId.body.payment_record;
    expect(record).toEqual({
      end_to_end_id: e2e,
      instructing_participant: bankA.address,
      instructed_participant: bankB.address,
      debtor: alice.address,
      creditor: bob.address,
      denom: DENOM,
      amount: "4200",
      purpose_code: "",
      remittance_information: "",
      block_height: chain.height.toString(),
      amount_commitment: null,
      metadata_hash: Buffer.from(hash).toString("base64"),
      settlement_jurisdiction: "DE",
    });
    expect(await restGet(`/cosmos/bank/v1beta1/balances/${bob.address}/by_denom?denom=${DENOM}`)).toEqual({
      status: 200,
      body: { balance: { denom: DENOM, amount: (bobBefore + 4200n).toString() } },
    });

    const fetched = await fetch(at);
    expect(fetched.status).toBe(200);
    const bytes = new Uint8Array(await fetched.arrayBuffer());
    expect(bytes).toEqual(envelope);

    const onChain = {
      instructingParticipant: record.instructing_participant as string,
      endToEndId: record.end_to_end_id as string,
      metadataHash: new Uint8Array(Buffer.from(record.metadata_hash, "base64")),
    };
    for (const party of parties) {
      const meta = openAndVerify(decodeEnvelope(bytes), { privateKey: party.key.privateKey, ...onChain });
      expect({ party: party.name, purpose: meta.purposeCode, remittance: meta.remittanceInformation }).toEqual({
        party: party.name,
        purpose: "GDDS",
        remittance: `Invoice ${e2e}`,
      });
    }

    const open = { instructingParticipant: onChain.instructingParticipant, endToEndId: onChain.endToEndId };
    expect(() => openEnvelope(decodeEnvelope(bytes), { ...open, privateKey: outsider.privateKey })).toThrow(
      expect.objectContaining({ code: "not_a_recipient" }),
    );

    const tampered = decodeEnvelope(bytes);
    tampered.ciphertext[tampered.ciphertext.length >> 1] ^= 0x01;
    for (const party of parties) {
      expect(() => openAndVerify(decodeEnvelope(encodeEnvelope(tampered)), { privateKey: party.key.privateKey, ...onChain })).toThrow(
        expect.objectContaining({ code: "authentication_failed" }),
      );
    }
    // The store never replaces the accepted envelope with a different one.
    const tamperedBytes = encodeEnvelope(tampered);
    const replacement = signUpload((b) => bankA.sign(b), bankA.address, e2e, tamperedBytes);
    const replace = await fetch(at, {
      method: "PUT",
      body: tamperedBytes,
      headers: { "content-type": "application/octet-stream", [SIGNATURE_HEADER]: replacement },
    });
    expect(replace.status).toBe(409);
    expect(await replace.json()).toMatchObject({ code: "envelope_conflict" });
    expect(new Uint8Array(await (await fetch(at)).arrayBuffer())).toEqual(envelope);
  });

  it("a record whose hash does not match the envelope's payload is refused by every party", async () => {
    const e2e = "E2E-HASH-MISMATCH";
    const { envelope } = await payWithEnvelope(
      chain,
      e2e,
      parties.map((p) => p.key),
    );
    const record = (
      await restGet(`/blockchain/paymsg/v1/payment_record_by_id?end_to_end_id=${e2e}&instructing_participant=${bankA.address}`)
    ).body.payment_record;
    const wrongHash = new Uint8Array(Buffer.from(record.metadata_hash, "base64"));
    wrongHash[0] ^= 0xff;
    for (const party of parties) {
      expect(() =>
        openAndVerify(decodeEnvelope(envelope), {
          privateKey: party.key.privateKey,
          instructingParticipant: bankA.address,
          endToEndId: e2e,
          metadataHash: wrongHash,
        }),
      ).toThrow(expect.objectContaining({ code: "hash_mismatch" }));
    }
  });
});
