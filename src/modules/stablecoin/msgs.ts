import * as tx from "../../gen/blockchain/stablecoin/v1/tx";
import { accAddress } from "../../types/address";
import { isValidDenom } from "../../types/coins";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { validateCurrency } from "./currency";
import { stablecoinErrors } from "./errors";
import type { StablecoinKeeper } from "./keeper";
import { validateStablecoinParams } from "./params";

const AMINO = "blockchain/x/stablecoin/";
const MAX_REASON_CHARS = 512;
/** sdk.Int's 256-bit bound: a larger amount could never be a supply. */
const MAX_AMOUNT = (1n << 256n) - 1n;

function positiveAmount(amount: string): bigint {
  if (!/^[0-9]{1,78}$/.test(amount))
    throw stablecoinErrors.ErrInvalidAmount.wrap(`${JSON.stringify(amount.slice(0, 100))} is not a positive integer`);
  const value = BigInt(amount);
  if (value === 0n || value > MAX_AMOUNT) throw stablecoinErrors.ErrInvalidAmount.wrap(`${amount} must be positive and below 2^256`);
  return value;
}

function validDenom(denom: string): void {
  if (!isValidDenom(denom)) throw stablecoinErrors.ErrInvalidCurrency.wrap(`denom ${JSON.stringify(denom.slice(0, 140))}`);
}

export function stablecoinMsgs(k: StablecoinKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: stablecoinErrors.ErrInvalidSigner,
      missingParams: stablecoinErrors.ErrInvalidParams,
      validate: validateStablecoinParams,
      store: k.params,
    }),
    defineMsg({
      codec: tx.MsgRegisterCurrency,
      responseCodec: tx.MsgRegisterCurrencyResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        validateCurrency(m);
      },
      handle: (ctx, m) => {
        const { creator, denom, displayDenom, exponent, name, symbol, description } = m;
        k.registerCurrency(ctx, { creator, denom, displayDenom, exponent, name, symbol, description });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgMintCoin,
      responseCodec: tx.MsgMintCoinResponse,
      signer: "issuer",
      validate: (m) => {
        accAddress.validate(m.issuer);
        accAddress.validate(m.recipient);
        validDenom(m.denom);
        return positiveAmount(m.amount);
      },
      handle: (ctx, m, amount) => {
        k.mint(ctx, m.issuer, m.denom, amount, m.recipient);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgBurnCoin,
      responseCodec: tx.MsgBurnCoinResponse,
      signer: "issuer",
      validate: (m) => {
        accAddress.validate(m.issuer);
        validDenom(m.denom);
        return positiveAmount(m.amount);
      },
      handle: (ctx, m, amount) => {
        k.burn(ctx, m.issuer, m.denom, amount);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgApproveIssuer,
      responseCodec: tx.MsgApproveIssuerResponse,
      invalidSigner: stablecoinErrors.ErrInvalidSigner,
      aminoName: AMINO + "MsgApproveIssuer",
      handle: (ctx, m) => {
        k.decideApplication(ctx, m.denom, m.approve);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgRevokeIssuer,
      responseCodec: tx.MsgRevokeIssuerResponse,
      invalidSigner: stablecoinErrors.ErrInvalidSigner,
      aminoName: AMINO + "MsgRevokeIssuer",
      validate: (m) => {
        // The reason is the public record of why holders lost their issuer.
        if (m.reason.trim() === "" || [...m.reason].length > MAX_REASON_CHARS) {
          throw sdkErrors.ErrInvalidRequest.wrap(`reason must be 1-${MAX_REASON_CHARS} characters`);
        }
      },
      handle: (ctx, m) => {
        k.revokeIssuer(ctx, m.denom, m.reason);
        return {};
      },
    }),
  ];
}
