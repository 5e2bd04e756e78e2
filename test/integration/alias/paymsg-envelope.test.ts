import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aliasReaderSourceFromAbci,
  encodePaymentMetadata,
  generateViewingKey,
  metadataHash,
  newPaymentMetadata,
  openAndVerify,
  resolveEnvelopeReaders,
  sealEnvelope,
  EnvelopeError,
  type ViewingKey,
} from "../../../src/client/envelope/index";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as pq from "../../../src/gen/blockchain/paymsg/v1/query";
import * as ptx from "../../../src/gen/blockchain/paymsg/v1/tx";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { aliasChain, genesisGrants, keys, msg, onboard } from "./setup";

const {
  bankA,
  bankB,
  alice,
  dave,
  regulator,
  supervisor,
  auditor,
  m1: lapsedAuditor,
  m2: revokedSupervisor,
  carol: frenchRegulator,
} = keys;

/**
 * A paymsg payment whose envelope readers were resolved from alias: it opens for the
 * jurisdiction's regulator, a supervisor covering it and an active auditor; a lapsed auditor
 * or a revoked key is not a recipient of the new envelope.
 */
describe("paymsg envelope readers resolved from alias", () => {
  let chain: TestChain;
  const vk: Record<string, ViewingKey> = {};

  beforeAll(async () => {
    // Plain keys as supervisors (genesis asks for no group account); a regulator supervises its country.
    chain = await aliasChain(
      genesisGrants([
        [supervisor.address, Role.ROLE_SUPERVISOR, "*"],
        [revokedSupervisor.address, Role.ROLE_SUPERVISOR, "DE"],
        [regulator.address, Role.ROLE_SUPERVISOR, "DE"],
        [frenchRegulator.address, Role.ROLE_SUPERVISOR, "FR"],
        [bankA.address, Role.ROLE_SUPERVISOR, "AT"],
      ]),
    );
    await onboard(chain);
    for (const name of ["regulatorOld", "regulator", "supervisor", "auditor", "lapsed", "revoked", "french"])
      vk[name] = generateViewingKey();
    await chain.mustDeliver(regulator, [msg.registerKey(regulator.address, vk.regulatorOld.publicKey)]);
    await chain.mustDeliver(regulator, [msg.registerKey(regulator.address, vk.regulator.publicKey), msg.revokeKey(regulator.address, 1n)]);
    await chain.mustDeliver(supervisor, [msg.registerKey(supervisor.address, vk.supervisor.publicKey)]);
    await chain.mustDeliver(auditor, [msg.registerKey(auditor.address, vk.auditor.publicKey)]);
    await chain.mustDeliver(lapsedAuditor, [msg.registerKey(lapsedAuditor.address, vk.lapsed.publicKey)]);
    await chain.mustDeliver(revokedSupervisor, [msg.registerKey(revokedSupervisor.address, vk.revoked.publicKey)]);
    await chain.mustDeliver(revokedSupervisor, [msg.revokeKey(revokedSupervisor.address, 1n)]);
    await chain.mustDeliver(frenchRegulator, [msg.registerKey(frenchRegulator.address, vk.french.publicKey)]);
    const gov = await chain.govExec([
      msg.appoint("DE", regulator.address),
      msg.appoint("FR", frenchRegulator.address),
      msg.auditor(auditor.address, chain.height + 1000n),
      msg.auditor(lapsedAuditor.address, chain.height + 3n),
    ]);
    expect(gov.log).toBe("");
    await chain.produceBlocks(3);
  });
  afterAll(async () => chain.close());

  const source = () =>
    aliasReaderSourceFromAbci((path, data) => {
      const res = chain.app.query({ path, data, height: 0n, prove: false });
      if (res.code !== 0) throw new Error(res.log);
      return res.value;
    });

  it("resolves the regulator's current key, the covering supervisor and the active auditor only", async () => {
    const resolved = await resolveEnvelopeReaders(source(), "DE");
    expect(resolved.readers.map((r) => [r.address, r.basis, r.scope, r.keyVersion])).toEqual([
      [regulator.address, "regulator", "", 2n],
      [supervisor.address, "supervisor", "*", 1n],
      [auditor.address, "auditor", "", 1n],
    ]);
    expect(resolved.recipients).toEqual([vk.regulator.publicKey, vk.supervisor.publicKey, vk.auditor.publicKey]);
    expect(resolved.withoutKey).toEqual([{ address: revokedSupervisor.address, basis: "supervisor" }]);
    // The French regulator is not a reader of a German payment.
    expect(resolved.readers.some((r) => r.address === frenchRegulator.address)).toBe(false);
  });

  it("a payment sealed to them opens for each, and for nobody else", async () => {
    const endToEndId = "E2E-ALIAS-1";
    const meta = newPaymentMetadata("GDDS", "Invoice 77, sealed to the alias readers");
    const hash = metadataHash(meta);
    await chain.mustDeliver(alice, [
      pack(
        "/blockchain.paymsg.v1.MsgSendPayment",
        ptx.MsgSendPayment,
        ptx.MsgSendPayment.fromPartial({
          debtor: alice.address,
          endToEndId,
          instructingParticipant: bankA.address,
          instructedParticipant: bankB.address,
          creditor: dave.address,
          denom: DENOM,
          amount: "1234",
          metadataHash: hash,
          settlementJurisdiction: "DE",
        }),
      ),
    ]);
    const record = chain.query(
      "/blockchain.paymsg.v1.Query/GetPaymentRecord",
      pq.QueryGetPaymentRecordRequest,
      { endToEndId, instructingParticipant: bankA.address },
      pq.QueryGetPaymentRecordResponse,
    ).paymentRecord!;
    expect(record.settlementJurisdiction).toBe("DE");

    const { recipients } = await resolveEnvelopeReaders(source(), record.settlementJurisdiction);
    const envelope = sealEnvelope({
      payload: encodePaymentMetadata(meta),
      instructingParticipant: record.instructingParticipant,
      endToEndId,
      recipients,
    });
    const open = (key: ViewingKey) =>
      openAndVerify(envelope, {
        privateKey: key.privateKey,
        instructingParticipant: record.instructingParticipant,
        endToEndId: record.endToEndId,
        metadataHash: record.metadataHash,
      });
    for (const name of ["regulator", "supervisor", "auditor"]) {
      expect(open(vk[name]).remittanceInformation).toBe("Invoice 77, sealed to the alias readers");
    }
    for (const name of ["regulatorOld", "lapsed", "revoked", "french"]) {
      expect(() => open(vk[name]), name).toThrow(EnvelopeError);
      try {
        open(vk[name]);
      } catch (e) {
        expect((e as EnvelopeError).code).toBe("not_a_recipient");
      }
    }
  });

  it("refuses to resolve readers when the regulator has no key (unless asked not to)", async () => {
    expect((await chain.govExec([msg.appoint("AT", bankA.address)])).log).toBe("");
    await expect(resolveEnvelopeReaders(source(), "AT")).rejects.toThrow(/regulator of AT has no viewing key/);
    const resolved = await resolveEnvelopeReaders(source(), "AT", { requireRegulatorKey: false });
    expect(resolved.withoutKey).toEqual([{ address: bankA.address, basis: "regulator" }]);
    expect(resolved.readers.map((r) => r.address)).toEqual([supervisor.address, auditor.address]);
  });

  it("a reader whose published key is a low-order point is left out, not a reason the seal fails", async () => {
    // u = 1 is a point of order 4: the chain accepts it (any 32 bytes but zero), noble refuses to seal to it.
    const lowOrder = new Uint8Array(32);
    lowOrder[0] = 1;
    await chain.mustDeliver(bankA, [msg.registerKey(bankA.address, lowOrder)]);
    const resolved = await resolveEnvelopeReaders(source(), "AT", { requireRegulatorKey: false });
    expect(resolved.withoutKey).toEqual([{ address: bankA.address, basis: "regulator" }]);
    const meta = newPaymentMetadata("GDDS", "sealed past a low-order key");
    const envelope = sealEnvelope({
      instructingParticipant: bankA.address,
      endToEndId: "E2E-LOW-ORDER",
      payload: encodePaymentMetadata(meta),
      recipients: resolved.recipients,
    });
    expect(envelope.recipients).toHaveLength(2);
  });
});
