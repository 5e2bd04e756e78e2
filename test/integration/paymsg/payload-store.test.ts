import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EnvelopeError,
  decodeEnvelope,
  encodeEnvelope,
  encodePaymentMetadata,
  generateViewingKey,
  metadataHash,
  newPaymentMetadata,
  openAndVerify,
  openEnvelope,
  sealEnvelope,
  type ViewingKey,
} from "../../../src/client/envelope/index";
import { PayloadEnvelope } from "../../../src/gen/blockchain/paymsg/v1/envelope";
import {
  DEFAULT_MAX_ENVELOPE_BYTES,
  SIGNATURE_HEADER,
  envelopePath,
  inProcessChain,
  signUpload,
  startPayloadStore,
  type RunningPayloadStore,
} from "../../../src/payload-store/index";
import type { TestChain } from "../../helpers/chain";
import { getApprovedParticipant, getPaymentRecord, keys, msg, payment, paymsgChain, sendPayment, setUpParticipants } from "./setup";

const { bankA, alice, mallory } = keys;

interface Party {
  name: string;
  key: ViewingKey;
}

describe("payload store end to end over HTTP", () => {
  let chain: TestChain;
  let store: RunningPayloadStore;
  let dir: string;
  const parties: Party[] = ["payer", "payee", "regulator", "auditor"].map((name) => ({ name, key: generateViewingKey() }));
  const outsider = generateViewingKey();

  const start = async () => startPayloadStore({ dir, host: "127.0.0.1", port: 0, chain: inProcessChain(chain.app) });
  const storeUrl = () => getApprovedParticipant(chain, bankA.address).payloadStoreUrl;
  const put = (e2e: string, body: Uint8Array, signature?: string, contentType = "application/octet-stream") =>
    fetch(`${storeUrl()}${envelopePath(bankA.address, e2e)}`, {
      method: "PUT",
      body,
      headers: { "content-type": contentType, ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    });
  const signedBy = (signer: typeof bankA, e2e: string, body: Uint8Array) => signUpload((b) => signer.sign(b), bankA.address, e2e, body);

  /** Sends a payment with a fresh metadata hash and returns the sealed envelope bytes for it. */
  async function paidWithEnvelope(e2e: string): Promise<Uint8Array> {
    const meta = newPaymentMetadata("GDDS", `Invoice ${e2e}`);
    await chain.mustDeliver(alice, [msg.send(payment(e2e, { metadataHash: metadataHash(meta), settlementJurisdiction: "DE" }))]);
    const envelope = sealEnvelope({
      payload: encodePaymentMetadata(meta),
      instructingParticipant: bankA.address,
      endToEndId: e2e,
      recipients: parties.map((p) => p.key.publicKey),
    });
    return encodeEnvelope(envelope);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "payload-store-"));
    chain = await paymsgChain();
    await setUpParticipants(chain);
    store = await start();
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, store.url)]);
  });
  afterAll(async () => {
    await store.close();
    await chain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("uploads, serves, and each entitled party opens it against the on-chain hash", async () => {
    const e2e = "INV/2026 #7";
    const body = await paidWithEnvelope(e2e);
    const res = await put(e2e, body, signedBy(bankA, e2e, body));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ instructing_participant: bankA.address, end_to_end_id: e2e, stored: true });

    const fetched = new Uint8Array(await (await fetch(`${storeUrl()}${envelopePath(bankA.address, e2e)}`)).arrayBuffer());
    expect(fetched).toEqual(body);

    const record = getPaymentRecord(chain, bankA.address, e2e);
    expect(record.metadataHash).toHaveLength(32);
    for (const party of parties) {
      const meta = openAndVerify(decodeEnvelope(fetched), {
        privateKey: party.key.privateKey,
        instructingParticipant: record.instructingParticipant,
        endToEndId: record.endToEndId,
        metadataHash: record.metadataHash,
      });
      expect({ party: party.name, purpose: meta.purposeCode, remittance: meta.remittanceInformation }).toEqual({
        party: party.name,
        purpose: "GDDS",
        remittance: `Invoice ${e2e}`,
      });
    }

    const params = {
      privateKey: outsider.privateKey,
      instructingParticipant: record.instructingParticipant,
      endToEndId: record.endToEndId,
    };
    expect(() => openEnvelope(decodeEnvelope(fetched), params)).toThrow(expect.objectContaining({ code: "not_a_recipient" }));

    const tampered = decodeEnvelope(fetched);
    tampered.ciphertext[17] ^= 0x01;
    const payer = { ...params, privateKey: parties[0].key.privateKey };
    expect(() => openEnvelope(tampered, payer)).toThrow(EnvelopeError);
    expect(() => openEnvelope(tampered, payer)).toThrow(expect.objectContaining({ code: "authentication_failed" }));

    // The store keeps the first envelope: a different one for the same payment is refused.
    const tamperedBytes = encodeEnvelope(tampered);
    const overwrite = await put(e2e, tamperedBytes, signedBy(bankA, e2e, tamperedBytes));
    expect(overwrite.status).toBe(409);
    expect(await overwrite.json()).toMatchObject({ code: "envelope_conflict" });
    const again = await put(e2e, body, signedBy(bankA, e2e, body));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ stored: false });
  });

  it("keeps accepted envelopes across a restart", async () => {
    const e2e = "E2E-RESTART";
    const body = await paidWithEnvelope(e2e);
    expect((await put(e2e, body, signedBy(bankA, e2e, body))).status).toBe(201);
    await store.close();
    store = await start();
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, store.url)]);
    const res = await fetch(`${storeUrl()}${envelopePath(bankA.address, e2e)}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(body);
    expect((await fetch(`${storeUrl()}${envelopePath(bankA.address, "INV/2026 #7")}`)).status).toBe(200);
  });

  it("refuses an unsigned upload (401)", async () => {
    const e2e = "E2E-UNSIGNED";
    const body = await paidWithEnvelope(e2e);
    const res = await put(e2e, body);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "missing_signature" });
  });

  it("refuses a wrongly signed upload (401)", async () => {
    const e2e = "E2E-WRONGSIG";
    const body = await paidWithEnvelope(e2e);
    for (const signature of [
      signedBy(mallory, e2e, body),
      signedBy(bankA, "E2E-OTHER", body),
      signedBy(bankA, e2e, new Uint8Array([...body, 0])),
      Buffer.alloc(64, 1).toString("base64"),
    ]) {
      const res = await put(e2e, body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "bad_signature" });
    }
    expect((await put(e2e, body, "not base64")).status).toBe(401);
    expect((await fetch(`${storeUrl()}${envelopePath(bankA.address, e2e)}`)).status).toBe(404);
  });

  it("refuses an upload with no matching payment record (404) or one without a metadata hash (422)", async () => {
    const body = await paidWithEnvelope("E2E-EXISTS");
    const none = await put("E2E-NEVER-PAID", body, signedBy(bankA, "E2E-NEVER-PAID", body));
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: "payment_record_not_found" });

    await sendPayment(chain, payment("E2E-NOHASH", { metadataHash: new Uint8Array() }));
    const noHash = await put("E2E-NOHASH", body, signedBy(bankA, "E2E-NOHASH", body));
    expect(noHash.status).toBe(422);
    expect(await noHash.json()).toMatchObject({ code: "no_metadata_hash" });
  });

  it("refuses an oversized upload (413)", async () => {
    const e2e = "E2E-BIG";
    const body = new Uint8Array(DEFAULT_MAX_ENVELOPE_BYTES + 1);
    const res = await put(e2e, body, signedBy(bankA, e2e, body));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "envelope_too_large" });
  });

  it("refuses malformed uploads (400) and other media types (415)", async () => {
    const e2e = "E2E-MALFORMED";
    const good = decodeEnvelope(await paidWithEnvelope(e2e));
    const cases: Array<[Uint8Array, string]> = [
      [new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff]), "malformed_envelope"],
      [encodeEnvelope({ ...good, version: 2 }), "unsupported_version"],
      [encodeEnvelope({ ...good, nonce: new Uint8Array(11) }), "malformed_envelope"],
      [encodeEnvelope({ ...good, recipients: [] }), "malformed_envelope"],
      [new Uint8Array([...encodeEnvelope(good), 0x28, 0x01]), "malformed_envelope"],
      [new Uint8Array(), "empty_body"],
    ];
    for (const [body, code] of cases) {
      const res = await put(e2e, body, signedBy(bankA, e2e, body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code });
    }
    const bytes = PayloadEnvelope.encode(good).finish();
    const json = await put(e2e, bytes, signedBy(bankA, e2e, bytes), "application/json");
    expect(json.status).toBe(415);
    expect((await fetch(`${storeUrl()}${envelopePath(bankA.address, e2e)}`)).status).toBe(404);
  });

  it("answers bad keys with JSON errors", async () => {
    const bad = await fetch(`${storeUrl()}/payloads/not-an-address/E2E-1`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_participant" });
    const long = await fetch(`${storeUrl()}${envelopePath(bankA.address, "x".repeat(36))}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: "invalid_end_to_end_id" });
    const missing = await fetch(`${storeUrl()}${envelopePath(bankA.address, "E2E-NONE")}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "envelope_not_found" });
  });
});
