import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import {
  encodeEnvelope,
  encodePaymentMetadata,
  metadataHash,
  newPaymentMetadata,
  sealEnvelope,
  type ViewingKey,
} from "../../../src/client/envelope/index";
import * as tx from "../../../src/gen/blockchain/paymsg/v1/tx";
import { signUpload } from "../../../src/payload-store/index";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleKeys } from "../../helpers/module-setup";

/**
 * A payments chain set up only through public surfaces (signed txs and governance), shared by
 * the end-to-end test and the `payload-store start` CLI test. Kept apart from
 * test/integration/paymsg/setup.ts so either can change without the other.
 */

const T = "/blockchain.paymsg.v1.";

export const keys = moduleKeys("paymsg-e2e", ["bankA", "bankB", "alice", "bob", "mallory"]);

export function paymentsChain(): Promise<TestChain> {
  return moduleChain("paymsg-e2e", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }]);
}

export const msg = {
  apply: (creator: string, code: string, name: string) => pack(T + "MsgApplyParticipant", tx.MsgApplyParticipant, { creator, code, name }),
  approve: (participant: string, approve = true) =>
    pack(T + "MsgApproveParticipant", tx.MsgApproveParticipant, { authority: govAuthority(), participant, approve }),
  register: (participant: string, customer: string) =>
    pack(T + "MsgRegisterCustomer", tx.MsgRegisterCustomer, { participant, customer, registered: true }),
  confirm: (customer: string, participant: string) =>
    pack(T + "MsgConfirmParticipant", tx.MsgConfirmParticipant, { customer, participant, confirm: true }),
  setStore: (participant: string, url: string) => pack(T + "MsgSetPayloadStore", tx.MsgSetPayloadStore, { participant, url }),
  send: (p: tx.MsgSendPayment) => pack(T + "MsgSendPayment", tx.MsgSendPayment, p),
};

/** bankA and bankB approved by governance; alice a customer of bankA, bob of bankB. */
export async function setUpParticipants(chain: TestChain): Promise<void> {
  await chain.mustDeliver(keys.bankA, [msg.apply(keys.bankA.address, "BANKADEFF", "Bank A")]);
  await chain.mustDeliver(keys.bankB, [msg.apply(keys.bankB.address, "BANKBFRPP", "Bank B")]);
  expect((await chain.govExec([msg.approve(keys.bankA.address), msg.approve(keys.bankB.address)])).log).toBe("");
  await chain.mustDeliver(keys.bankA, [msg.register(keys.bankA.address, keys.alice.address)]);
  await chain.mustDeliver(keys.bankB, [msg.register(keys.bankB.address, keys.bob.address)]);
}

/** alice (bankA) pays bob (bankB) `amount` under `endToEndId`; the metadata is sealed to `recipients`. */
export async function payWithEnvelope(
  chain: TestChain,
  endToEndId: string,
  recipients: ViewingKey[],
  amount = "1000",
): Promise<{ envelope: Uint8Array; hash: Uint8Array; signature: string }> {
  const meta = newPaymentMetadata("GDDS", `Invoice ${endToEndId}`);
  const hash = metadataHash(meta);
  await chain.mustDeliver(keys.alice, [
    msg.send(
      tx.MsgSendPayment.fromPartial({
        debtor: keys.alice.address,
        endToEndId,
        instructingParticipant: keys.bankA.address,
        instructedParticipant: keys.bankB.address,
        creditor: keys.bob.address,
        denom: DENOM,
        amount,
        metadataHash: hash,
        settlementJurisdiction: "DE",
      }),
    ),
  ]);
  const envelope = encodeEnvelope(
    sealEnvelope({
      payload: encodePaymentMetadata(meta),
      instructingParticipant: keys.bankA.address,
      endToEndId,
      recipients: recipients.map((r) => r.publicKey),
    }),
  );
  return { envelope, hash, signature: signUpload((b) => keys.bankA.sign(b), keys.bankA.address, endToEndId, envelope) };
}

/**
 * CometBFT's JSON-RPC `abci_query` (the one route the payload store reads) over a TestChain,
 * so a store started by the CLI in another process reads this chain through `--node`.
 */
export async function fakeCometRpc(chain: TestChain): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname !== "/abci_query") {
      res.writeHead(404).end();
      return;
    }
    const path = JSON.parse(url.searchParams.get("path") ?? '""') as string;
    const data = Buffer.from((url.searchParams.get("data") ?? "").replace(/^0x/, ""), "hex");
    const r = chain.app.query({ path, data: new Uint8Array(data), height: 0n, prove: false });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        jsonrpc: "2.0",
        id: -1,
        result: { response: { code: r.code, log: r.log, value: Buffer.from(r.value).toString("base64") } },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
