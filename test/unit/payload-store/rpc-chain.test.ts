import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryGetPaymentRecordRequest, QueryGetPaymentRecordResponse } from "../../../src/gen/blockchain/paymsg/v1/query";
import { PaymentRecord } from "../../../src/gen/blockchain/paymsg/v1/records";
import { ChainUnavailableError, cometRpcChain } from "../../../src/payload-store/chain";

const record = PaymentRecord.fromPartial({
  endToEndId: "E2E-1",
  instructingParticipant: "yml1a",
  amount: "5",
  metadataHash: new Uint8Array(32).fill(9),
});
const pubKey = new Uint8Array(33).fill(2);

/** A stand-in for CometBFT's JSON-RPC abci_query route. */
function fakeComet(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const path = JSON.parse(url.searchParams.get("path")!);
    const data = Buffer.from(url.searchParams.get("data")!.slice(2), "hex");
    let response: Record<string, unknown>;
    if (path === "/blockchain.paymsg.v1.Query/GetPaymentRecord") {
      const req = QueryGetPaymentRecordRequest.decode(data);
      response =
        req.endToEndId === "E2E-1"
          ? { code: 0, value: Buffer.from(QueryGetPaymentRecordResponse.encode({ paymentRecord: record }).finish()).toString("base64") }
          : req.endToEndId === "E2E-BROKEN"
            ? { code: 18, log: "boom" }
            : { code: 22, log: "not found", value: null };
    } else {
      const account = BaseAccount.fromPartial({
        address: "yml1a",
        pubKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: pubKey }).finish() },
      });
      response = {
        code: 0,
        value: Buffer.from(
          QueryAccountResponse.encode({
            account: { typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(account).finish() },
          }).finish(),
        ).toString("base64"),
      };
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", id: -1, result: { response } }));
  });
}

describe("PayloadStoreChain over CometBFT RPC", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = fakeComet();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => new Promise<void>((r) => server.close(() => r())));

  it("reads payment records and account keys through abci_query", async () => {
    const chain = cometRpcChain(url);
    expect(await chain.getPaymentRecord("yml1a", "E2E-1")).toEqual(record);
    expect(await chain.getPaymentRecord("yml1a", "E2E-2")).toBeUndefined();
    expect(await chain.getAccountPubKey("yml1a")).toEqual(pubKey);
    await expect(chain.getPaymentRecord("yml1a", "E2E-BROKEN")).rejects.toBeInstanceOf(ChainUnavailableError);
  });

  it("reports an unreachable node as unavailable", async () => {
    const chain = cometRpcChain("http://127.0.0.1:1", { timeoutMs: 2000 });
    await expect(chain.getAccountPubKey("yml1a")).rejects.toBeInstanceOf(ChainUnavailableError);
  });
});
