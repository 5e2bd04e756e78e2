import * as tx from "../../gen/blockchain/tokenisation/v1/tx";
import { VerificationMode } from "../../gen/blockchain/tokenisation/v1/tokenisation";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { coinToProto, isValidDenom, type Coin, type ProtoCoin } from "../../types/coins";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { tokenisationErrors as E } from "./errors";
import type { TokenisationKeeper } from "./keeper";
import { validateTokenisationParams } from "./params";

const T = "/blockchain.tokenisation.v1.";
const AMINO = "blockchain/x/tokenisation/";
const MAX_URI_CHARS = 512;
const MAX_REASON_CHARS = 1024;

/** A positive Int amount; anything else (zero, negative, not a number) is ErrInvalidAmount. */
function positiveAmount(amount: string, what = "amount"): bigint {
  if (!/^[0-9]{1,78}$/.test(amount)) throw E.ErrInvalidAmount.wrap(`${what} ${JSON.stringify(amount.slice(0, 80))} is not a positive integer`);
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
  if (!c || !isValidDenom(c.denom)) throw E.ErrWrongDenom.wrap(`${what} denom ${JSON.stringify((c?.denom ?? "").slice(0, 140))} is not a valid denom`);
  return { denom: c.denom, amount: positiveAmount(c.amount, `${what} amount`) };
}

function text(value: string, what: string, max: number): void {
  if ([...value].length > max) throw sdkErrors.ErrInvalidRequest.wrap(`${what} must be at most ${max} characters`);
}

export function tokenisationMsgs(k: TokenisationKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams", codec: tx.MsgUpdateParams, responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams", invalidSigner: E.ErrInvalidSigner, missingParams: E.ErrInvalidParams,
      validate: validateTokenisationParams, store: k.params,
    }),
    defineMsg({
      typeUrl: T + "MsgCreateCollection", codec: tx.MsgCreateCollection, responseCodec: tx.MsgCreateCollectionResponse,
      signer: "authority", aminoName: AMINO + "MsgCreateCollection",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        const c = m.collection ?? { id: "", authority: "", verification: VerificationMode.VERIFICATION_UNSPECIFIED, attestationThreshold: 0, challengeWindowSeconds: 0n, disputeBondBps: 0, attestors: [] };
        k.createCollection(ctx, c);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetCollectionAuthority", codec: tx.MsgSetCollectionAuthority, responseCodec: tx.MsgSetCollectionAuthorityResponse,
      signer: "authority", aminoName: AMINO + "MsgSetCollectionAuthority",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.setCollectionAuthority(ctx, m.collectionId, m.newAuthority);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetCollectionAttestors", codec: tx.MsgSetCollectionAttestors, responseCodec: tx.MsgSetCollectionAttestorsResponse,
      signer: "authority", aminoName: AMINO + "MsgSetCollectionAttestors",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.setCollectionAttestors(ctx, m.collectionId, m.attestors);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgResolveDispute", codec: tx.MsgResolveDispute, responseCodec: tx.MsgResolveDisputeResponse,
      signer: "authority", aminoName: AMINO + "MsgResolveDispute",
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.resolveDispute(ctx, m.assetId, m.correctedPrice);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgMintAsset", codec: tx.MsgMintAsset, responseCodec: tx.MsgMintAssetResponse,
      signer: "minter", aminoName: AMINO + "MsgMintAsset",
      validate: (m) => {
        accAddress.validate(m.minter);
        accAddress.validate(m.owner);
        text(m.uri, "uri", MAX_URI_CHARS);
      },
      handle: (ctx, m) => ({ assetId: k.mintAsset(ctx, m.minter, m.collectionId, m.owner, m.uri, m.parcelId) }),
    }),
    defineMsg({
      typeUrl: T + "MsgFractionalise", codec: tx.MsgFractionalise, responseCodec: tx.MsgFractionaliseResponse,
      signer: "owner", aminoName: AMINO + "MsgFractionalise",
      // Share and supply are judged after the asset, title and issuance checks (in the keeper).
      validate: (m) => {
        accAddress.validate(m.owner);
        intField(m.supply, "supply");
      },
      handle: (ctx, m) => ({
        fractionDenom: k.fractionalise(ctx, m.owner, m.assetId, m.symbol, intField(m.supply, "supply"), m.holderShareBps, m.incomeDenom),
      }),
    }),
    defineMsg({
      typeUrl: T + "MsgTransferAsset", codec: tx.MsgTransferAsset, responseCodec: tx.MsgTransferAssetResponse,
      signer: "owner", aminoName: AMINO + "MsgTransferAsset",
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
      typeUrl: T + "MsgFundVault", codec: tx.MsgFundVault, responseCodec: tx.MsgFundVaultResponse,
      signer: "funder", aminoName: AMINO + "MsgFundVault",
      validate: (m) => {
        accAddress.validate(m.funder);
        positiveCoin(m.amount, "amount");
      },
      handle: (ctx, m) => ({ collected: coinToProto(k.fundVault(ctx, m.funder, m.assetId, positiveCoin(m.amount, "amount"))) }),
    }),
    defineMsg({
      typeUrl: T + "MsgReportSale", codec: tx.MsgReportSale, responseCodec: tx.MsgReportSaleResponse,
      signer: "reporter", aminoName: AMINO + "MsgReportSale",
      validate: (m) => {
        accAddress.validate(m.reporter);
        positiveCoin(m.price, "price");
        text(m.evidenceUri, "evidence_uri", MAX_URI_CHARS);
      },
      handle: (ctx, m) => {
        k.reportSale(ctx, m.reporter, m.assetId, positiveCoin(m.price, "price"), m.evidenceUri);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgPaySaleProceeds", codec: tx.MsgPaySaleProceeds, responseCodec: tx.MsgPaySaleProceedsResponse,
      signer: "payer", aminoName: AMINO + "MsgPaySaleProceeds",
      validate: (m) => {
        accAddress.validate(m.payer);
        positiveCoin(m.amount, "amount");
      },
      handle: (ctx, m) => {
        const r = k.payProceeds(ctx, m.payer, m.assetId, positiveCoin(m.amount, "amount"));
        return { paid: coinToProto(r.paid), outstanding: coinToProto(r.outstanding) };
      },
    }),
    defineMsg({
      typeUrl: T + "MsgAttestSale", codec: tx.MsgAttestSale, responseCodec: tx.MsgAttestSaleResponse,
      signer: "attestor", aminoName: AMINO + "MsgAttestSale",
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
      typeUrl: T + "MsgDisputeSale", codec: tx.MsgDisputeSale, responseCodec: tx.MsgDisputeSaleResponse,
      signer: "challenger", aminoName: AMINO + "MsgDisputeSale",
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
      typeUrl: T + "MsgFinaliseSale", codec: tx.MsgFinaliseSale, responseCodec: tx.MsgFinaliseSaleResponse,
      signer: "caller", aminoName: AMINO + "MsgFinaliseSale",
      validate: (m) => {
        accAddress.validate(m.caller);
      },
      handle: (ctx, m) => {
        k.finalise(ctx, k.getAsset(ctx, m.assetId));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgClaim", codec: tx.MsgClaim, responseCodec: tx.MsgClaimResponse,
      signer: "holder", aminoName: AMINO + "MsgClaim",
      validate: (m) => {
        accAddress.validate(m.holder);
      },
      handle: (ctx, m) => ({ paid: [coinToProto(k.claim(ctx, m.holder, m.assetId))] }),
    }),
    defineMsg({
      typeUrl: T + "MsgRedeem", codec: tx.MsgRedeem, responseCodec: tx.MsgRedeemResponse,
      signer: "holder", aminoName: AMINO + "MsgRedeem",
      // The amount is judged once the asset is known to be realised (in the keeper).
      validate: (m) => {
        accAddress.validate(m.holder);
        intField(m.amount, "amount");
      },
      handle: (ctx, m) => {
        const paid = k.redeem(ctx, m.holder, m.assetId, intField(m.amount, "amount"));
        return { paid: paid ? [coinToProto(paid)] : [] };
      },
    }),
  ];
}
