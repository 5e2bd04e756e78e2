import * as tx from "../../gen/blockchain/tokenisation/v1/tx";
import { VerificationMode } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { accAddress } from "../../types/address";
import { coinToProto, isValidDenom, type Coin, type ProtoCoin } from "../../types/coins";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { tokenisationErrors as E } from "./errors";
import type { TokenisationKeeper } from "./keeper";
import { validateTokenisationParams } from "./params";

const AMINO = "blockchain/x/tokenisation/";
const MAX_URI_CHARS = 512;
const MAX_REASON_CHARS = 1024;

/** A positive Int amount; anything else (zero, negative, not a number) is ErrInvalidAmount. */
function positiveAmount(amount: string, what = "amount"): bigint {
  if (!/^[0-9]{1,78}$/.test(amount))
    throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 80))} is not a positive integer`);
  const v = BigInt(amount);
  if (v <= 0n || v >= 1n << 256n) throw E.ErrInvalidAmount.wrap(`${what} ${amount} must be positive`);
  return v;
}

/**
 * An Int field as it decodes: a decimal integer, possibly negative, empty meaning zero. Whether
 * the value is acceptable is the handler's call, at its place in the order of checks.
 */
function intField(amount: string, what: string): bigint {
  if (amount === "") return 0n;
  if (!/^-?[0-9]{1,78}$/.test(amount)) throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 80))} is not an integer`);
  return BigInt(amount);
}

/** A Coin field: a valid denom and a positive amount. */
function positiveCoin(c: ProtoCoin | undefined, what: string): Coin {
  if (!c || !isValidDenom(c.denom))
    throw E.ErrWrongDenom.wrap(`${what} denom ${JSON.stringify((c?.denom ?? "").slice(0, 140))} is not a valid denom`);
  return { denom: c.denom, amount: positiveAmount(c.amount, `${what} amount`) };
}

function text(value: string, what: string, max: number): void {
  if ([...value].length > max) throw sdkErrors.ErrInvalidRequest.wrap(`${what} must be at most ${max} characters`);
}

export function tokenisationMsgs(k: TokenisationKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateTokenisationParams,
      store: k.params,
    }),
    defineAuthorityMsg({
      codec: tx.MsgCreateCollection,
      responseCodec: tx.MsgCreateCollectionResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgCreateCollection",
      handle: (ctx, m) => {
        const c = m.collection ?? {
          id: "",
          authority: "",
          verification: VerificationMode.VERIFICATION_UNSPECIFIED,
          attestationThreshold: 0,
          challengeWindowSeconds: 0n,
          disputeBondBps: 0,
          attestors: [],
        };
        k.createCollection(ctx, c);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgSetCollectionAuthority,
      responseCodec: tx.MsgSetCollectionAuthorityResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgSetCollectionAuthority",
      handle: (ctx, m) => {
        k.setCollectionAuthority(ctx, m.collectionId, m.newAuthority);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgSetCollectionAttestors,
      responseCodec: tx.MsgSetCollectionAttestorsResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgSetCollectionAttestors",
      handle: (ctx, m) => {
        k.setCollectionAttestors(ctx, m.collectionId, m.attestors);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgResolveDispute,
      responseCodec: tx.MsgResolveDisputeResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgResolveDispute",
      handle: (ctx, m) => {
        k.resolveDispute(ctx, m.assetId, m.correctedPrice);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgMintAsset,
      responseCodec: tx.MsgMintAssetResponse,
      signer: "minter",
      aminoName: AMINO + "MsgMintAsset",
      validate: (m) => {
        accAddress.validate(m.minter);
        accAddress.validate(m.owner);
        text(m.uri, "uri", MAX_URI_CHARS);
      },
      handle: (ctx, m) => ({ assetId: k.mintAsset(ctx, m.minter, m.collectionId, m.owner, m.uri, m.parcelId) }),
    }),
    defineMsg({
      codec: tx.MsgFractionalise,
      responseCodec: tx.MsgFractionaliseResponse,
      signer: "owner",
      aminoName: AMINO + "MsgFractionalise",
      // Share and supply are judged after the asset, title and issuance checks (in the keeper).
      validate: (m) => {
        accAddress.validate(m.owner);
        return intField(m.supply, "supply");
      },
      handle: (ctx, m, amount) => ({
        fractionDenom: k.fractionalise(ctx, m.owner, m.assetId, m.symbol, amount, m.holderShareBps, m.incomeDenom),
      }),
    }),
    defineMsg({
      codec: tx.MsgTransferAsset,
      responseCodec: tx.MsgTransferAssetResponse,
      signer: "owner",
      aminoName: AMINO + "MsgTransferAsset",
      validate: (m) => {
        accAddress.validate(m.owner);
        accAddress.validate(m.recipient);
      },
      handle: (ctx, m) => {
        k.transferAsset(ctx, m.owner, m.assetId, m.recipient);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgFundVault,
      responseCodec: tx.MsgFundVaultResponse,
      signer: "funder",
      aminoName: AMINO + "MsgFundVault",
      validate: (m) => {
        accAddress.validate(m.funder);
        return positiveCoin(m.amount, "amount");
      },
      handle: (ctx, m, coin) => ({ collected: coinToProto(k.fundVault(ctx, m.funder, m.assetId, coin)) }),
    }),
    defineMsg({
      codec: tx.MsgReportSale,
      responseCodec: tx.MsgReportSaleResponse,
      signer: "reporter",
      aminoName: AMINO + "MsgReportSale",
      validate: (m) => {
        accAddress.validate(m.reporter);
        const price = positiveCoin(m.price, "price");
        text(m.evidenceUri, "evidence_uri", MAX_URI_CHARS);
        return price;
      },
      handle: (ctx, m, price) => {
        k.reportSale(ctx, m.reporter, m.assetId, price, m.evidenceUri);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgPaySaleProceeds,
      responseCodec: tx.MsgPaySaleProceedsResponse,
      signer: "payer",
      aminoName: AMINO + "MsgPaySaleProceeds",
      validate: (m) => {
        accAddress.validate(m.payer);
        return positiveCoin(m.amount, "amount");
      },
      handle: (ctx, m, coin) => {
        const r = k.payProceeds(ctx, m.payer, m.assetId, coin);
        return { paid: coinToProto(r.paid), outstanding: coinToProto(r.outstanding) };
      },
    }),
    defineMsg({
      codec: tx.MsgAttestSale,
      responseCodec: tx.MsgAttestSaleResponse,
      signer: "attestor",
      aminoName: AMINO + "MsgAttestSale",
      // The price is judged against the report (ErrNotVerified), after the collection and signer.
      validate: (m) => {
        accAddress.validate(m.attestor);
      },
      handle: (ctx, m) => {
        k.attestSale(ctx, m.attestor, m.assetId, m.price);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgDisputeSale,
      responseCodec: tx.MsgDisputeSaleResponse,
      signer: "challenger",
      aminoName: AMINO + "MsgDisputeSale",
      validate: (m) => {
        accAddress.validate(m.challenger);
        text(m.reason, "reason", MAX_REASON_CHARS);
      },
      handle: (ctx, m) => {
        k.disputeSale(ctx, m.challenger, m.assetId, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgFinaliseSale,
      responseCodec: tx.MsgFinaliseSaleResponse,
      signer: "caller",
      aminoName: AMINO + "MsgFinaliseSale",
      validate: (m) => {
        accAddress.validate(m.caller);
      },
      handle: (ctx, m) => {
        k.finalise(ctx, k.getAsset(ctx, m.assetId));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgClaim,
      responseCodec: tx.MsgClaimResponse,
      signer: "holder",
      aminoName: AMINO + "MsgClaim",
      validate: (m) => {
        accAddress.validate(m.holder);
      },
      handle: (ctx, m) => ({ paid: [coinToProto(k.claim(ctx, m.holder, m.assetId))] }),
    }),
    defineMsg({
      codec: tx.MsgRedeem,
      responseCodec: tx.MsgRedeemResponse,
      signer: "holder",
      aminoName: AMINO + "MsgRedeem",
      // The amount is judged once the asset is known to be realised (in the keeper).
      validate: (m) => {
        accAddress.validate(m.holder);
        return intField(m.amount, "amount");
      },
      handle: (ctx, m, amount) => {
        const paid = k.redeem(ctx, m.holder, m.assetId, amount);
        return { paid: paid ? [coinToProto(paid)] : [] };
      },
    }),
  ];
}
