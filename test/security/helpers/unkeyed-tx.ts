import { AuthInfo, SignDoc, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { buildBodyBytes } from "../../../src/client/tx-builder";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID, DENOM, type DeliverOptions, type TestChain } from "../../helpers/chain";
import type { Secp256k1Key } from "../../../src/client/signer";

/**
 * A SIGN_MODE_DIRECT tx whose signer info carries no public key, as a wallet sends once the
 * account's key is on chain: the key stored under the account verifies the signature, so the
 * signer's address may be spelled any way the decoder accepts.
 */
export function signWithoutPubKey(chain: TestChain, key: Secp256k1Key, msgs: AnyMsg[], opts: DeliverOptions = {}): Uint8Array {
  const account = chain.account(key.address)!;
  const bodyBytes = buildBodyBytes(msgs, {});
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [{ modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } }, sequence: opts.sequence ?? account.sequence }],
      fee: {
        amount: opts.fee ?? [{ denom: DENOM, amount: "5000" }],
        gasLimit: opts.gasLimit ?? 400_000n,
        payer: opts.feePayer ?? "",
        granter: opts.feeGranter ?? "",
      },
    }),
  ).finish();
  const signature = key.sign(
    SignDoc.encode({ bodyBytes, authInfoBytes, chainId: CHAIN_ID, accountNumber: account.accountNumber }).finish(),
  );
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
}
