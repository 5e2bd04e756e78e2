import { BaseAccount, ModuleAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { QueryGetPaymentRecordRequest, QueryGetPaymentRecordResponse } from "../gen/blockchain/paymsg/v1/query";
import type { PaymentRecord } from "../gen/blockchain/paymsg/v1/records";

/** What the payload store reads from the chain (committed state). */
export interface PayloadStoreChain {
  /** The record, or undefined when the chain has none for this key. */
  getPaymentRecord(instructingParticipant: string, endToEndId: string): Promise<PaymentRecord | undefined>;
  /** The account's compressed secp256k1 public key, or undefined when it has none on chain. */
  getAccountPubKey(address: string): Promise<Uint8Array | undefined>;
}

/** The chain could not answer (unreachable, or an unexpected error code). */
export class ChainUnavailableError extends Error {}

interface RawAnswer {
  code: number;
  value: Uint8Array;
  log: string;
}

type RawQuery = (path: string, data: Uint8Array) => Promise<RawAnswer>;

const NOT_FOUND = 22;
const SECP256K1_PUBKEY = "/cosmos.crypto.secp256k1.PubKey";

function overRawQuery(query: RawQuery): PayloadStoreChain {
  return {
    async getPaymentRecord(instructingParticipant, endToEndId) {
      const res = await query(
        "/blockchain.paymsg.v1.Query/GetPaymentRecord",
        QueryGetPaymentRecordRequest.encode({ instructingParticipant, endToEndId }).finish(),
      );
      if (res.code === NOT_FOUND) return undefined;
      if (res.code !== 0) throw new ChainUnavailableError(`GetPaymentRecord: code ${res.code}: ${res.log}`);
      return QueryGetPaymentRecordResponse.decode(res.value).paymentRecord;
    },
    async getAccountPubKey(address) {
      const res = await query("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest.encode({ address }).finish());
      if (res.code === NOT_FOUND) return undefined;
      if (res.code !== 0) throw new ChainUnavailableError(`Account: code ${res.code}: ${res.log}`);
      const any = QueryAccountResponse.decode(res.value).account;
      if (!any) return undefined;
      const base =
        any.typeUrl === "/cosmos.auth.v1beta1.ModuleAccount" ? ModuleAccount.decode(any.value).baseAccount : BaseAccount.decode(any.value);
      // Only single secp256k1 keys sign uploads; a multisig account has no one key to check.
      if (base?.pubKey?.typeUrl !== SECP256K1_PUBKEY) return undefined;
      return PubKey.decode(base.pubKey.value).key;
    },
  };
}

/** The part of the in-process App the store needs (tests, or a store embedded in the node). */
export interface AbciQuerier {
  query(req: { path: string; data: Uint8Array; height: bigint; prove: boolean }): { code: number; value: Uint8Array; log: string };
}

export function inProcessChain(app: AbciQuerier): PayloadStoreChain {
  return overRawQuery(async (path, data) => app.query({ path, data, height: 0n, prove: false }));
}

/**
 * A CometBFT RPC endpoint (e.g. http://127.0.0.1:26657), through its JSON `abci_query`
 * route with plain fetch, so the store needs no RPC client library.
 */
export function cometRpcChain(rpcUrl: string, opts: { timeoutMs?: number } = {}): PayloadStoreChain {
  const base = rpcUrl.replace(/\/+$/, "");
  return overRawQuery(async (path, data) => {
    const url = `${base}/abci_query?path=${encodeURIComponent(JSON.stringify(path))}&data=0x${Buffer.from(data).toString("hex")}`;
    let body: { result?: { response?: { code?: number; value?: string | null; log?: string } }; error?: unknown };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      body = (await res.json()) as typeof body;
    } catch (e) {
      throw new ChainUnavailableError(`abci_query ${path}: ${(e as Error).message}`);
    }
    const response = body.result?.response;
    if (!response) throw new ChainUnavailableError(`abci_query ${path}: ${JSON.stringify(body.error ?? body).slice(0, 300)}`);
    return { code: response.code ?? 0, value: new Uint8Array(Buffer.from(response.value ?? "", "base64")), log: response.log ?? "" };
  });
}
