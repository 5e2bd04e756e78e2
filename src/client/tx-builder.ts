import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { AnyMsg } from "../types/codec";
import type { ProtoCoin } from "../types/coins";
import type { Secp256k1Key } from "./signer";

export interface SignerData {
  key: Secp256k1Key;
  accountNumber: bigint;
  sequence: bigint;
}

export interface TxOptions {
  chainId: string;
  fee?: ProtoCoin[];
  gasLimit?: bigint;
  memo?: string;
  timeoutHeight?: bigint;
  feePayer?: string;
  feeGranter?: string;
}

export function packPubKey(pubKey: Uint8Array): AnyMsg {
  return { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: Secp256k1PubKey.encode({ key: pubKey }).finish() };
}

export function buildBodyBytes(msgs: AnyMsg[], opts: Pick<TxOptions, "memo" | "timeoutHeight">): Uint8Array {
  return TxBody.encode(TxBody.fromPartial({ messages: msgs, memo: opts.memo ?? "", timeoutHeight: opts.timeoutHeight ?? 0n })).finish();
}

export function buildAuthInfoBytes(
  signers: Array<{ pubKey: Uint8Array; sequence: bigint }>,
  opts: TxOptions,
  signMode = SignMode.SIGN_MODE_DIRECT,
): Uint8Array {
  return AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: signers.map((s) => ({
        publicKey: packPubKey(s.pubKey),
        modeInfo: { single: { mode: signMode } },
        sequence: s.sequence,
      })),
      fee: {
        amount: opts.fee ?? [],
        gasLimit: opts.gasLimit ?? 200_000n,
        payer: opts.feePayer ?? "",
        granter: opts.feeGranter ?? "",
      },
    }),
  ).finish();
}

/** Builds and signs (SIGN_MODE_DIRECT) a tx; signers in the order the messages require them. */
export function signTx(msgs: AnyMsg[], signers: SignerData[], opts: TxOptions): Uint8Array {
  const bodyBytes = buildBodyBytes(msgs, opts);
  const authInfoBytes = buildAuthInfoBytes(
    signers.map((s) => ({ pubKey: s.key.pubKey, sequence: s.sequence })),
    opts,
  );
  const signatures = signers.map((s) =>
    s.key.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId: opts.chainId, accountNumber: s.accountNumber }).finish()),
  );
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}

/** The unsigned form cosmjs sends to Simulate: real pubkeys and sequences, empty signatures. */
export function simulationTx(msgs: AnyMsg[], signers: Array<{ pubKey: Uint8Array; sequence: bigint }>, opts: TxOptions): Uint8Array {
  const bodyBytes = buildBodyBytes(msgs, opts);
  const authInfoBytes = buildAuthInfoBytes(signers, opts, SignMode.SIGN_MODE_UNSPECIFIED);
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: signers.map(() => new Uint8Array()) }).finish();
}
