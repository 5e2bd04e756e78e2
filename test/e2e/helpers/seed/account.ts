import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { rpc } from "../../../../src/cli/localnet";
import type { Secp256k1Key } from "../../../../src/client/signer";
import { signTx } from "../../../../src/client/tx-builder";
import { baseOf } from "../../../../src/modules/auth/keeper";
import type { AnyMsg, Codec } from "../../../../src/types/codec";
import { abciQuery } from "../validator-set";

export interface Delivered {
  /** Upper-case hex, as CometBFT prints tx hashes. */
  hash: string;
  height: number;
  msgResponses: AnyMsg[];
}

const GAS_LIMIT = 2_000_000n;

export function pack<M>(typeUrl: string, codec: { encode(m: M): { finish(): Uint8Array } }, msg: M): AnyMsg {
  return { typeUrl, value: codec.encode(msg).finish() };
}

/** The response of message `index` of a delivered tx. */
export function responseOf<R>(d: Delivered, codec: Pick<Codec<R>, "decode">, index = 0): R {
  const any = d.msgResponses[index];
  if (!any) throw new Error(`tx ${d.hash} has no response ${index}`);
  return codec.decode(any.value);
}

/**
 * One account signing with our own client: its txs go out one at a time (each committed before
 * the next is signed, so sequences never race), while different accounts send in parallel.
 */
export class SeedAccount {
  private chain: Promise<unknown> = Promise.resolve();
  private accountNumber: bigint | undefined;
  private sequence = 0n;

  constructor(
    readonly name: string,
    readonly key: Secp256k1Key,
    private readonly rpcUrl: string,
    private readonly chainId: string,
  ) {}

  get address(): string {
    return this.key.address;
  }

  /** Signs `msgs`, broadcasts with broadcast_tx_commit and fails unless the tx is committed with code 0. */
  send(msgs: AnyMsg[], memo = ""): Promise<Delivered> {
    const next = this.chain.then(() => this.deliver(msgs, memo));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async deliver(msgs: AnyMsg[], memo: string): Promise<Delivered> {
    if (this.accountNumber === undefined) {
      const res = await abciQuery(
        this.rpcUrl,
        "/cosmos.auth.v1beta1.Query/Account",
        QueryAccountRequest,
        { address: this.address },
        QueryAccountResponse,
      );
      const base = baseOf(res.account!)!;
      this.accountNumber = base.accountNumber;
      this.sequence = base.sequence;
    }
    const bytes = signTx(msgs, [{ key: this.key, accountNumber: this.accountNumber, sequence: this.sequence }], {
      chainId: this.chainId,
      gasLimit: GAS_LIMIT,
      fee: [{ denom: "uyml", amount: (GAS_LIMIT / 40n).toString() }],
      memo,
    });
    const out = await rpc<{
      check_tx: { code: number; log: string };
      tx_result: { code: number; log: string; data: string | null };
      hash: string;
      height: string;
    }>(this.rpcUrl, "broadcast_tx_commit", { tx: `0x${Buffer.from(bytes).toString("hex")}` });
    const what = `${this.name}'s ${msgs.map((m) => m.typeUrl).join(", ")}`;
    if (out.check_tx.code !== 0) throw new Error(`${what} refused by CheckTx (${out.check_tx.code}): ${out.check_tx.log}`);
    // CheckTx accepted it: the sequence is spent whatever the delivery does.
    this.sequence++;
    if (out.tx_result.code !== 0) throw new Error(`${what} failed in block ${out.height} (${out.tx_result.code}): ${out.tx_result.log}`);
    return {
      hash: out.hash.toUpperCase(),
      height: Number(out.height),
      msgResponses: TxMsgData.decode(Buffer.from(out.tx_result.data ?? "", "base64")).msgResponses,
    };
  }
}
