import * as tx from "../../gen/blockchain/netting/v1/tx";
import { accAddress } from "../../types/address";
import { coinsFromProto, validateDenom } from "../../types/coins";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { nettingErrors as E } from "./errors";
import type { NettingKeeper } from "./keeper";
import { validateNettingParams } from "./params";

const AMINO = "blockchain/x/netting/";
/** batch_hash is SHA-256: exactly 32 bytes (absolute, not a parameter). */
export const BATCH_HASH_BYTES = 32;
/** sdk.Int's 256-bit bound. */
const MAX_AMOUNT = (1n << 256n) - 1n;
const MAX_REASON_CHARS = 512;

export function obligationAmount(amount: string): bigint {
  if (!/^[0-9]{1,78}$/.test(amount)) throw E.ErrInvalidAmount.wrap(`${JSON.stringify(amount.slice(0, 100))} is not a positive integer`);
  const value = BigInt(amount);
  if (value === 0n || value > MAX_AMOUNT) throw E.ErrInvalidAmount.wrap(`${amount} must be strictly positive and below 2^256`);
  return value;
}

function reserveCoins(list: tx.MsgPostReserve["amount"]) {
  if (list.length === 0) throw E.ErrInvalidAmount.wrap("no amount given");
  try {
    return coinsFromProto(list);
  } catch (e) {
    throw E.ErrInvalidAmount.wrap(e instanceof Error ? e.message : String(e));
  }
}

export function nettingMsgs(k: NettingKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      validate: validateNettingParams,
      store: k.params,
      // Turning netting on opens a window at once, so the next obligations can net.
      onUpdated: (ctx) => k.ensureOpenCycle(ctx),
    }),
    defineMsg({
      codec: tx.MsgPostReserve,
      responseCodec: tx.MsgPostReserveResponse,
      signer: "participant",
      aminoName: AMINO + "MsgPostReserve",
      validate: (m) => {
        accAddress.validate(m.participant);
        return reserveCoins(m.amount);
      },
      handle: (ctx, m, coins) => {
        k.postReserve(ctx, m.participant, coins);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgWithdrawReserve,
      responseCodec: tx.MsgWithdrawReserveResponse,
      signer: "participant",
      aminoName: AMINO + "MsgWithdrawReserve",
      validate: (m) => {
        accAddress.validate(m.participant);
        return reserveCoins(m.amount);
      },
      handle: (ctx, m, coins) => {
        k.withdrawReserve(ctx, m.participant, coins);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSubmitObligation,
      responseCodec: tx.MsgSubmitObligationResponse,
      signer: "fromParticipant",
      aminoName: AMINO + "MsgSubmitObligation",
      validate: (m) => {
        accAddress.validate(m.fromParticipant);
        accAddress.validate(m.toParticipant);
        if (m.fromParticipant === m.toParticipant) throw E.ErrSelfObligation.wrap(m.fromParticipant);
        validateDenom(m.denom);
        const amount = obligationAmount(m.amount);
        if (m.batchHash.length !== BATCH_HASH_BYTES) throw E.ErrInvalidBatchHash.wrap(`got ${m.batchHash.length} bytes`);
        return amount;
      },
      handle: (ctx, m, amount) =>
        k.submitObligation(ctx, {
          from: m.fromParticipant,
          to: m.toParticipant,
          denom: m.denom,
          amount,
          batchHash: m.batchHash,
        }),
    }),
    defineAuthorityMsg({
      codec: tx.MsgAbandonHeldSlice,
      responseCodec: tx.MsgAbandonHeldSliceResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgAbandonHeldSlice",
      validate: (m) => {
        if ([...m.reason].length > MAX_REASON_CHARS)
          throw sdkErrors.ErrInvalidRequest.wrap(`reason longer than ${MAX_REASON_CHARS} characters`);
      },
      handle: (ctx, m) => {
        return { released: k.abandonHeldSlice(ctx, m.cycleId, m.denom, m.reason) };
      },
    }),
  ];
}
