import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import {
  aminoMsgJson,
  aminoNameOf,
  stdSignBytes,
  stdSignDoc,
  SIGN_MODE_LEGACY_AMINO_JSON,
  type AminoNameLookup,
  type JsonObject,
  type StdSignDocInput,
} from "../codec/amino";
import type { AnyMsg } from "../types/codec";
import { buildAuthInfoBytes, buildBodyBytes, type SignerData, type TxOptions } from "./tx-builder";

export { SIGN_MODE_LEGACY_AMINO_JSON, type AminoNameLookup };

/** Defaults match signTx (tx-builder.ts), so DIRECT and amino signing of the same options agree. */
function signDocInput(msgs: AnyMsg[], opts: TxOptions, accountNumber: bigint, sequence: bigint, lookup: AminoNameLookup): StdSignDocInput {
  return {
    chainId: opts.chainId,
    accountNumber,
    sequence,
    fee: { amount: opts.fee ?? [], gasLimit: opts.gasLimit ?? 200_000n, payer: opts.feePayer ?? "", granter: opts.feeGranter ?? "" },
    memo: opts.memo ?? "",
    timeoutHeight: opts.timeoutHeight ?? 0n,
    msgs: msgs.map((m) => aminoMsgJson(m, lookup(m.typeUrl.replace(/^\//, "")), lookup)),
  };
}

/** The StdSignDoc a Ledger or amino wallet shows and signs (what @cosmjs/amino's makeSignDoc builds). */
export function makeStdSignDoc(
  msgs: AnyMsg[],
  opts: TxOptions,
  accountNumber: bigint,
  sequence: bigint,
  lookup: AminoNameLookup = aminoNameOf,
): JsonObject {
  return stdSignDoc(signDocInput(msgs, opts, accountNumber, sequence, lookup));
}

/** Canonical StdSignDoc bytes: the signer signs SHA-256 of these. */
export function stdSignDocBytes(
  msgs: AnyMsg[],
  opts: TxOptions,
  accountNumber: bigint,
  sequence: bigint,
  lookup: AminoNameLookup = aminoNameOf,
): Uint8Array {
  return stdSignBytes(signDocInput(msgs, opts, accountNumber, sequence, lookup));
}

/**
 * Builds and signs a tx with SIGN_MODE_LEGACY_AMINO_JSON; signers in the order the messages
 * require them. `lookup` gives amino names (default: the protos' amino.name and the Cosmos names);
 * a message it gives none for is signed under its type URL, as the SDK's x/tx encoder does.
 */
export function signAminoTx(msgs: AnyMsg[], signers: SignerData[], opts: TxOptions, lookup: AminoNameLookup = aminoNameOf): Uint8Array {
  const bodyBytes = buildBodyBytes(msgs, opts);
  const authInfoBytes = buildAuthInfoBytes(
    signers.map((s) => ({ pubKey: s.key.pubKey, sequence: s.sequence })),
    opts,
    SIGN_MODE_LEGACY_AMINO_JSON,
  );
  const signatures = signers.map((s) => s.key.sign(stdSignDocBytes(msgs, opts, s.accountNumber, s.sequence, lookup)));
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures }).finish();
}
