import * as tx from "../../gen/blockchain/netting/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { coinsFromProto, validateDenom } from "../../types/coins";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { nettingErrors as E } from "./errors";
import type { NettingKeeper } from "./keeper";
import { validateNettingParams } from "./params";

const T = "/blockchain.netting.v1.";
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
      typeUrl: T + "MsgUpdateParams",
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
      typeUrl: T + "MsgPostReserve",
      codec: tx.MsgPostReserve,
      responseCodec: tx.MsgPostReserveResponse,
      signer: "participant",
      aminoName: AMINO + "MsgPostReserve",
      validate: (m) => {
        accAddress.validate(m.participant);
        reserveCoins(m.amount);
      },
      handle: (ctx, m) => {
        k.postReserve(ctx, m.participant, reserveCoins(m.amount));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgWithdrawReserve",
      codec: tx.MsgWithdrawReserve,
      responseCodec: tx.MsgWithdrawReserveResponse,
      signer: "participant",
      aminoName: AMINO + "MsgWithdrawReserve",
      validate: (m) => {
        accAddress.validate(m.participant);
        reserveCoins(m.amount);
      },
      handle: (ctx, m) => {
        k.withdrawReserve(ctx, m.participant, reserveCoins(m.amount));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSubmitObligation",
      codec: tx.MsgSubmitObligation,
      responseCodec: tx.MsgSubmitObligationResponse,
      signer: "fromParticipant",
      aminoName: AMINO + "MsgSubmitObligation",
      validate: (m) => {
        accAddress.validate(m.fromParticipant);
        accAddress.validate(m.toParticipant);
        if (m.fromParticipant === m.toParticipant) throw E.ErrSelfObligation.wrap(m.fromParticipant);
        validateDenom(m.denom);
        obligationAmount(m.amount);
        if (m.batchHash.length !== BATCH_HASH_BYTES) throw E.ErrInvalidBatchHash.wrap(`got ${m.batchHash.length} bytes`);
      },
      handle: (ctx, m) =>
        k.submitObligation(ctx, {
          from: m.fromParticipant, to: m.toParticipant, denom: m.denom, amount: obligationAmount(m.amount), batchHash: m.batchHash,
        }),
    }),
    defineMsg({
      typeUrl: T + "MsgAbandonHeldSlice",
      codec: tx.MsgAbandonHeldSlice,
      responseCodec: tx.MsgAbandonHeldSliceResponse,
      signer: "authority",
      aminoName: AMINO + "MsgAbandonHeldSlice",
      validate: (m) => {
        if ([...m.reason].length > MAX_REASON_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`reason longer than ${MAX_REASON_CHARS} characters`);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        return { released: k.abandonHeldSlice(ctx, m.cycleId, m.denom, m.reason) };
      },
    }),
  ];
}
