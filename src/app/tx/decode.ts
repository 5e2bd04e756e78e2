import { hash } from "node:crypto";
import { AuthInfo, Tx, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import type { DecodedMsg, DecodedTx, SignerInfoDecoded } from "../../types/tx";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { accAddress } from "../../types/address";
import { coinsFromProto } from "../../types/coins";
import { validateMsg } from "../msg-validate";
import { canonicalSpelling } from "../../codec/canonical-addresses";

export type { DecodedMsg, DecodedTx };

export const SECP256K1_PUBKEY_URL = "/cosmos.crypto.secp256k1.PubKey";

export type MsgLookup = (typeUrl: string) => MsgDef | undefined;

export function txHash(bytes: Uint8Array): string {
  // One-shot: no Hash object per tx (every CheckTx, recheck and block tx hashes its bytes).
  return hash("sha256", bytes, "hex").toUpperCase();
}

function decodeOrThrow<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw sdkErrors.ErrTxDecode.wrap(`${what}: ${(e as Error).message}`);
  }
}

/**
 * TxRaw bytes → DecodedTx, with the SDK's stateless checks (ValidateBasic): a message type
 * nobody serves is a decode error (code 2) as in the SDK's tx decoder; malformed bytes never throw
 * anything but an AppError.
 */
export function decodeTx(bytes: Uint8Array, lookup: MsgLookup, hash = txHash(bytes)): DecodedTx {
  const raw = decodeOrThrow("TxRaw", () => TxRaw.decode(bytes));
  const body = decodeOrThrow("TxBody", () => TxBody.decode(raw.bodyBytes));
  const authInfo = decodeOrThrow("AuthInfo", () => AuthInfo.decode(raw.authInfoBytes));

  if (body.extensionOptions.length > 0) throw sdkErrors.ErrUnknownExtensionOptions.wrap("unknown extension options");
  if (body.messages.length === 0) throw sdkErrors.ErrInvalidRequest.wrap("must contain at least one message");

  const msgs = body.messages.map((any): DecodedMsg => {
    const def = lookup(any.typeUrl);
    if (!def) throw sdkErrors.ErrTxDecode.wrap(`unable to resolve type URL ${JSON.stringify(any.typeUrl.slice(0, 200))}`);
    const msg = decodeOrThrow(any.typeUrl, () => def.codec.decode(any.value));
    let signers: string[];
    let parsed: unknown;
    try {
      parsed = validateMsg(def, msg);
      signers = def.signers(msg);
      for (const s of signers) accAddress.validate(s);
    } catch (e) {
      if ((e as { codespace?: string }).codespace !== undefined) throw e;
      throw sdkErrors.ErrInvalidRequest.wrap((e as Error).message);
    }
    return { any, def, msg, parsed, signers };
  });

  const signers: string[] = [];
  for (const m of msgs) for (const s of m.signers) if (!signers.includes(s)) signers.push(s);

  const fee = authInfo.fee;
  if (!fee) throw sdkErrors.ErrInvalidRequest.wrap("missing fee");
  // As the SDK's tx validation: only nil or negative fee amounts are refused; a zero-valued
  // coin (cosmjs with a zero gas price sends "0uyml") is a valid fee that charges nothing.
  const feeCoins = coinsFromProto(fee.amount, true);
  // The payer and granter are accounts like any message's addresses: one spelling each (the
  // fee as signed stays as it is, for amino JSON's sign bytes).
  const payer = canonicalSpelling(fee.payer);
  const granter = canonicalSpelling(fee.granter);
  // As in SDK v0.50, an explicit fee payer that signs no message is one more required signer.
  if (payer !== "" && !signers.includes(accAddress.validate(payer))) signers.push(payer);
  if (raw.signatures.length === 0) throw sdkErrors.ErrNoSignatures.wrap("no signatures supplied");
  if (raw.signatures.length !== signers.length) {
    throw sdkErrors.ErrUnauthorized.wrap(`wrong number of signers; expected ${signers.length}, got ${raw.signatures.length}`);
  }
  if (authInfo.signerInfos.length !== raw.signatures.length) {
    throw sdkErrors.ErrUnauthorized.wrap(
      `invalid number of signer infos; expected ${raw.signatures.length}, got ${authInfo.signerInfos.length}`,
    );
  }

  const signerInfos = authInfo.signerInfos.map((si): SignerInfoDecoded => {
    let pubKey: Uint8Array | undefined;
    if (si.publicKey) {
      if (si.publicKey.typeUrl !== SECP256K1_PUBKEY_URL)
        throw sdkErrors.ErrInvalidPubKey.wrap(`unsupported public key type ${si.publicKey.typeUrl}`);
      pubKey = decodeOrThrow("PubKey", () => Secp256k1PubKey.decode(si.publicKey!.value)).key;
      if (pubKey.length !== 33) throw sdkErrors.ErrInvalidPubKey.wrap("secp256k1 public key must be 33 bytes");
    }
    const signMode = si.modeInfo?.single?.mode ?? -1;
    return { pubKey, sequence: si.sequence, signMode };
  });

  const feePayer = payer !== "" ? accAddress.validate(payer) : signers[0];
  const feeGranter = granter !== "" ? accAddress.validate(granter) : "";
  if (fee.gasLimit > 9_223_372_036_854_775_807n) throw sdkErrors.ErrInvalidGasLimit.wrap("gas limit out of range");

  return {
    raw,
    bytes,
    hash,
    body,
    authInfo,
    msgs,
    signers,
    signerInfos,
    fee: feeCoins,
    gasLimit: fee.gasLimit,
    feePayer,
    feeGranter,
  };
}

/** The full Tx (body and auth info decoded) as the tx service returns it. */
export function toTx(decoded: DecodedTx): Tx {
  return Tx.fromPartial({ body: decoded.body, authInfo: decoded.authInfo, signatures: decoded.raw.signatures });
}
