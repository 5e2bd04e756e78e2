import type { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { AnyMsg } from "./codec";
import type { Coin } from "./coins";
import type { MsgDef } from "./module";

/** A decoded message with the definition that handles it. */
export interface DecodedMsg {
  any: AnyMsg;
  def: MsgDef;
  msg: unknown;
  /** What the message's validation returned, which its handler receives (parsed once, at decode). */
  parsed: unknown;
  signers: string[];
}

export interface SignerInfoDecoded {
  /** 33-byte compressed secp256k1 key when the signer info carries one. */
  pubKey?: Uint8Array;
  sequence: bigint;
  signMode: number;
}

/** A transaction decoded once; the ante chain, message routing and post handlers all read this. */
export interface DecodedTx {
  raw: TxRaw;
  bytes: Uint8Array;
  /** Uppercase hex SHA-256 of the TxRaw bytes (the CometBFT tx hash). */
  hash: string;
  body: TxBody;
  authInfo: AuthInfo;
  msgs: DecodedMsg[];
  /** Unique signers in first-appearance order, as the SDK's GetSigners. */
  signers: string[];
  signerInfos: SignerInfoDecoded[];
  fee: Coin[];
  gasLimit: bigint;
  feePayer: string;
  feeGranter: string;
}
