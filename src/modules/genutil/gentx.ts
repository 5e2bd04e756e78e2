import { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { accAddress, valAddress } from "../../types/address";
import { sdkErrors } from "../../types/errors";

export const MSG_CREATE_VALIDATOR_URL = "/cosmos.staking.v1beta1.MsgCreateValidator";

/** A gentx taken apart: the tx as delivered and the one MsgCreateValidator it must hold. */
export interface DecodedGentx {
  raw: TxRaw;
  body: TxBody;
  authInfo: AuthInfo;
  msg: MsgCreateValidator;
  /** The operator's account address: the tx's signer. */
  signer: string;
}

/** The SDK's genutil ValidateGenesis rules for one gentx: it decodes and holds exactly one MsgCreateValidator. */
export function decodeGentx(bytes: Uint8Array, index: number): DecodedGentx {
  let raw: TxRaw, body: TxBody, authInfo: AuthInfo;
  try {
    raw = TxRaw.decode(bytes);
    body = TxBody.decode(raw.bodyBytes);
    authInfo = AuthInfo.decode(raw.authInfoBytes);
  } catch (e) {
    throw sdkErrors.ErrTxDecode.wrap(`gentx ${index}: ${(e as Error).message}`);
  }
  if (body.messages.length !== 1) {
    throw sdkErrors.ErrInvalidRequest.wrap(
      `gentx ${index}: must provide genesis transaction with exactly 1 CreateValidator message, got ${body.messages.length} messages`,
    );
  }
  if (body.messages[0].typeUrl !== MSG_CREATE_VALIDATOR_URL) {
    throw sdkErrors.ErrInvalidRequest.wrap(
      `gentx ${index}: genesis transaction does not contain a MsgCreateValidator (holds ${body.messages[0].typeUrl})`,
    );
  }
  let msg: MsgCreateValidator;
  try {
    msg = MsgCreateValidator.decode(body.messages[0].value);
  } catch (e) {
    throw sdkErrors.ErrTxDecode.wrap(`gentx ${index}: MsgCreateValidator: ${(e as Error).message}`);
  }
  let signer: string;
  try {
    signer = accAddress.encode(valAddress.decode(msg.validatorAddress));
  } catch (e) {
    throw sdkErrors.ErrInvalidAddress.wrap(
      `gentx ${index}: validator address ${JSON.stringify(msg.validatorAddress)}: ${(e as Error).message}`,
    );
  }
  return { raw, body, authInfo, msg, signer };
}

/** How errors name a gentx: its position and the moniker it declares. */
export function gentxName(g: DecodedGentx, index: number): string {
  return `gentx ${index} (${g.msg.description?.moniker || g.msg.validatorAddress})`;
}
