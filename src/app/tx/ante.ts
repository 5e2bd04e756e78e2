import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { PubKey as Secp256k1PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { toBin } from "../../store/bytes";
import { accAddress, secp256k1Address } from "../../types/address";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import { OutOfGasError } from "../../types/gas";
import type { DecodedTx } from "./decode";
import { SECP256K1_PUBKEY_URL } from "./decode";
import { SigCache, SIGN_MODE_DIRECT, directSignBytes, sha256, verifySecp256k1 } from "./sigverify";
import { checkMinGasPrices, type DecCoin } from "./fees";
import type { SignatureJob } from "./sig-jobs";
import { legacyAminoSignBytesFor, SIGN_MODE_LEGACY_AMINO_JSON } from "../../codec/amino";

export interface AuthParamsView {
  maxMemoCharacters: bigint;
  txSigLimit: bigint;
  txSizeCostPerByte: bigint;
  sigVerifyCostSecp256k1: bigint;
}

/** What the ante handler needs from auth: the narrow interface, not the keeper. */
export interface AnteAccountKeeper {
  getAccount(ctx: Context, address: string): BaseAccount | undefined;
  hasAccount(ctx: Context, address: string): boolean;
  setAccount(ctx: Context, account: BaseAccount): void;
  getParams(ctx: Context): AuthParamsView;
}

export interface AnteBankKeeper {
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: Coin[]): void;
}

/** Fee grants (feegrant module): pays `fee` for `grantee` from `granter`'s allowance or throws. */
export interface AnteFeeGrantKeeper {
  useGrantedFees(ctx: Context, granter: string, grantee: string, fee: Coin[], tx: DecodedTx): void;
}

/** A chain check run after the standard steps (validator admission gate, foundation guard). */
export type AnteCheck = (ctx: Context, tx: DecodedTx) => void;

export interface AnteDeps {
  accounts: AnteAccountKeeper;
  bank: AnteBankKeeper;
  feeGrant?: () => AnteFeeGrantKeeper | undefined;
  feeCollector: string;
  /** Denom used to estimate the fee transfer's gas when a simulated tx carries no fee. */
  feeDenom: string;
  minGasPrices: DecCoin[];
  sigCache: SigCache;
  checks: AnteCheck[];
  /** Chain checks of the fee coins (stablecoin's fee denominations), run before any balance or price is looked at. */
  feeChecks?: AnteCheck[];
  /** The chain's first block height (InitChain's initial_height); 1 when not given. */
  initialHeight?: () => bigint;
}

/**
 * The SDK's ante chain (v0.50 order): timeout height, memo, tx-size gas, deduct fee, set
 * pubkey, signature count, signature gas, verify signatures, increment sequence, then the
 * chain's own checks. Runs in the tx's ante branch: if it throws, nothing it wrote survives.
 */
export function runAnte(ctx: Context, tx: DecodedTx, deps: AnteDeps): void {
  const params = deps.accounts.getParams(ctx);
  const simulate = ctx.mode === "simulate";

  if (tx.body.timeoutHeight > 0n && ctx.height > tx.body.timeoutHeight) {
    throw sdkErrors.ErrTxTimeoutHeight.wrap(`block height: ${ctx.height}, timeout height: ${tx.body.timeoutHeight}`);
  }
  // UTF-16 units never undercount code points: only a long memo needs counting (no array per tx).
  const memoChars = BigInt(tx.body.memo.length) <= params.maxMemoCharacters ? 0 : [...tx.body.memo].length;
  if (BigInt(memoChars) > params.maxMemoCharacters) {
    throw sdkErrors.ErrMemoTooLarge.wrap(
      `maximum number of characters is ${params.maxMemoCharacters} but received ${memoChars} characters`,
    );
  }

  let sizeBytes = BigInt(tx.bytes.length);
  // cosmjs simulates with empty signatures; charge for the 64-byte ones the real tx will carry.
  if (simulate) sizeBytes += BigInt(tx.raw.signatures.filter((s) => s.length === 0).length * 64);
  ctx.gasMeter.consume(params.txSizeCostPerByte * sizeBytes, "txSize");

  for (const check of deps.feeChecks ?? []) check(ctx, tx);
  if (ctx.mode === "check" && !simulate) checkMinGasPrices(tx.fee, tx.gasLimit, deps.minGasPrices);
  deductFee(ctx, tx, deps);

  const accounts = tx.signers.map((signer, i) => setPubKey(ctx, tx, deps, signer, i, simulate));

  if (BigInt(tx.raw.signatures.length) > params.txSigLimit) {
    throw sdkErrors.ErrTooManySignatures.wrap(`signatures: ${tx.raw.signatures.length}, limit: ${params.txSigLimit}`);
  }
  for (let i = 0; i < accounts.length; i++) ctx.gasMeter.consume(params.sigVerifyCostSecp256k1, "ante verify: secp256k1");

  verifySignatures(ctx, tx, accounts, deps);

  for (const account of accounts) {
    deps.accounts.setAccount(ctx, { ...account, sequence: account.sequence + 1n });
  }
  if (ctx.events.recording) {
    ctx.events.emit("tx", { acc_seq: tx.signers.map((s, i) => `${s}/${accounts[i].sequence}`).join(",") });
    // A view over the signature's bytes: no copy into Buffer's pool per tx.
    ctx.events.emit("tx", {
      signature: tx.raw.signatures.map((s) => Buffer.from(s.buffer, s.byteOffset, s.byteLength).toString("base64")).join(","),
    });
  }

  for (const check of deps.checks) check(ctx, tx);
}

function deductFee(ctx: Context, tx: DecodedTx, deps: AnteDeps): void {
  const payer = tx.feePayer;
  if (!deps.accounts.hasAccount(ctx, payer)) throw sdkErrors.ErrUnknownAddress.wrap(`fee payer address: ${payer} does not exist`);
  let deductFrom = payer;
  // Zero-valued fee coins are valid and charge nothing (as the SDK, which deducts only a non-zero fee).
  const charged = tx.fee.filter((c) => c.amount > 0n);
  if (tx.feeGranter !== "") {
    const grants = deps.feeGrant?.();
    if (!grants) throw sdkErrors.ErrInvalidRequest.wrap("fee grants are not enabled");
    if (tx.feeGranter !== payer) {
      grants.useGrantedFees(ctx, tx.feeGranter, payer, charged, tx);
      deductFrom = tx.feeGranter;
    }
  }
  if (charged.length > 0) {
    if (deductFrom !== payer && !deps.accounts.hasAccount(ctx, deductFrom))
      throw sdkErrors.ErrUnknownAddress.wrap(`fee payer address: ${deductFrom} does not exist`);
    deps.bank.sendCoinsFromAccountToModule(ctx, deductFrom, deps.feeCollector, charged);
  } else if (ctx.mode === "simulate") {
    // Wallets (cosmjs) simulate with an empty fee, then pay one: charge the gas of a fee
    // transfer on a throwaway branch so the estimate covers the real tx.
    try {
      deps.bank.sendCoinsFromAccountToModule(ctx.withStore(ctx.rawStore.branch()), deductFrom, deps.feeCollector, [
        { denom: deps.feeDenom, amount: 1n },
      ]);
    } catch (e) {
      if (e instanceof OutOfGasError) throw e;
    }
  }
  if (ctx.events.recording) {
    ctx.events.emit("tx", {
      fee: tx.fee.map((c) => `${c.amount}${c.denom}`).join(","),
      fee_payer: deductFrom,
    });
  }
}

function setPubKey(ctx: Context, tx: DecodedTx, deps: AnteDeps, signer: string, index: number, simulate: boolean): BaseAccount {
  const account = deps.accounts.getAccount(ctx, signer);
  if (!account) throw sdkErrors.ErrUnknownAddress.wrap(`account ${signer} does not exist`);
  const infoKey = tx.signerInfos[index].pubKey;
  if (!infoKey) {
    if (!account.pubKey && !simulate) throw sdkErrors.ErrInvalidPubKey.wrap(`pubkey on account ${signer} is not set`);
    return account;
  }
  if (addressOfPubKey(infoKey) !== signer) {
    throw sdkErrors.ErrInvalidPubKey.wrap(`pubKey does not match signer address ${signer} with signer index: ${index}`);
  }
  if (account.pubKey) return account;
  const withKey = { ...account, pubKey: { typeUrl: SECP256K1_PUBKEY_URL, value: Secp256k1PubKey.encode({ key: infoKey }).finish() } };
  deps.accounts.setAccount(ctx, withKey);
  return withKey;
}

/** Signers repeat across txs; RIPEMD160(SHA256(key)) plus bech32 per tx is worth remembering. */
const pubKeyAddresses = new Map<string, string>();

function addressOfPubKey(pubKey: Uint8Array): string {
  const k = toBin(pubKey);
  let address = pubKeyAddresses.get(k);
  if (address === undefined) {
    address = accAddress.encode(secp256k1Address(pubKey));
    if (pubKeyAddresses.size >= 100_000) pubKeyAddresses.clear();
    pubKeyAddresses.set(k, address);
  }
  return address;
}

function storedPubKey(account: BaseAccount): Uint8Array | undefined {
  if (!account.pubKey || account.pubKey.typeUrl !== SECP256K1_PUBKEY_URL) return undefined;
  const value = account.pubKey.value;
  // A PubKey of one 33-byte key field (tag 0x0a, length 33), as every stored key is: the key is a
  // view of those bytes, what the decoder would return, without building the message.
  if (value.length === 35 && value[0] === 0x0a && value[1] === 33) return value.subarray(2);
  return Secp256k1PubKey.decode(value).key;
}

function verifySignatures(ctx: Context, tx: DecodedTx, accounts: BaseAccount[], deps: AnteDeps): void {
  for (let i = 0; i < accounts.length; i++) {
    const info = tx.signerInfos[i];
    if (info.sequence !== accounts[i].sequence) {
      throw sdkErrors.ErrWrongSequence.wrap(`account sequence mismatch, expected ${accounts[i].sequence}, got ${info.sequence}`);
    }
  }
  // Simulation has no real signatures; recheck already verified them when the tx entered the mempool.
  if (ctx.mode === "simulate" || ctx.mode === "recheck") return;

  // As the SDK at genesis: gentxs are signed before account numbers exist, so every signer
  // signs with account number 0 while the chain is below its first block (DeliverGenTxs).
  const genesis = ctx.mode === "deliver" && ctx.height < (deps.initialHeight?.() ?? 1n);
  const accountNumbers = accounts.map((a) => (genesis ? 0n : a.accountNumber));
  const cacheContext = sigCacheContext(ctx.chainId, accountNumbers);
  if (deps.sigCache.has(tx.hash, cacheContext)) return;

  const signBytes = signBytesBuilder(tx, ctx.chainId);
  for (let i = 0; i < accounts.length; i++) {
    const account = accounts[i];
    const bytes = signBytes(i, accountNumbers[i]);
    const pubKey = storedPubKey(account);
    if (!pubKey) throw sdkErrors.ErrInvalidPubKey.wrap(`pubkey on account ${account.address} is not set`);
    if (!verifySecp256k1(pubKey, bytes, tx.raw.signatures[i])) {
      throw sdkErrors.ErrUnauthorized.wrap(
        `signature verification failed; please verify account number (${accountNumbers[i]}), sequence (${account.sequence}) and chain-id (${ctx.chainId})`,
      );
    }
  }
  deps.sigCache.add(tx.hash, cacheContext);
}

/**
 * What the sign bytes depend on besides the tx bytes (which the tx hash covers, signer infos'
 * sequences, sign modes and pubkeys included). Pubkeys need no place here: each was checked
 * against its signer's address (set pubkey step), so the address fixes the key.
 */
function sigCacheContext(chainId: string, accountNumbers: bigint[]): string {
  return `${chainId}|${accountNumbers.join(",")}`;
}

/**
 * Sign bytes of signer `i` for an account number; the sequence signed is the signer info's,
 * which verifySignatures has checked equal to the account's. Amino JSON of the messages is
 * built on first use and shared by every amino signer of the tx.
 */
function signBytesBuilder(tx: DecodedTx, chainId: string): (i: number, accountNumber: bigint) => Uint8Array {
  let aminoSignBytes: ReturnType<typeof legacyAminoSignBytesFor> | undefined;
  return (i, accountNumber) => {
    const info = tx.signerInfos[i];
    if (info.signMode === SIGN_MODE_LEGACY_AMINO_JSON)
      return (aminoSignBytes ??= legacyAminoSignBytesFor(tx))(chainId, accountNumber, info.sequence);
    if (info.signMode === SIGN_MODE_DIRECT) return directSignBytes(tx.raw.bodyBytes, tx.raw.authInfoBytes, chainId, accountNumber);
    throw sdkErrors.ErrNotSupported.wrap(
      `sign mode ${info.signMode} is not supported; use SIGN_MODE_DIRECT or SIGN_MODE_LEGACY_AMINO_JSON`,
    );
  };
}

/**
 * The signatures a NEW CheckTx will verify, predicted from the check state before its turn
 * (for the worker pool): account numbers and stored keys as they are now. `confirm` records
 * them as verified under exactly that prediction; if the stateful check then computes other
 * sign bytes (an account created or keyed in between), its cache context differs and it
 * verifies inline. Undefined when nothing can be predicted (unknown signer, no key yet).
 */
export function predictSignatures(ctx: Context, tx: DecodedTx, deps: AnteDeps): { jobs: SignatureJob[]; confirm: () => void } | undefined {
  const accountNumbers: bigint[] = [];
  const jobs: SignatureJob[] = [];
  const signBytes = signBytesBuilder(tx, ctx.chainId);
  for (let i = 0; i < tx.signers.length; i++) {
    const account = deps.accounts.getAccount(ctx, tx.signers[i]);
    if (!account) return undefined;
    // The key verifySignatures will use: the stored one, else the signer info's (set pubkey step, which checks its address).
    const infoKey = tx.signerInfos[i].pubKey;
    if (infoKey && addressOfPubKey(infoKey) !== tx.signers[i]) return undefined;
    const pubKey = account.pubKey ? storedPubKey(account) : infoKey;
    if (!pubKey) return undefined;
    accountNumbers.push(account.accountNumber);
    jobs.push({ digest: sha256(signBytes(i, account.accountNumber)), pubKey, signature: tx.raw.signatures[i] });
  }
  const context = sigCacheContext(ctx.chainId, accountNumbers);
  if (deps.sigCache.has(tx.hash, context)) return { jobs: [], confirm: () => undefined };
  return { jobs, confirm: () => deps.sigCache.add(tx.hash, context) };
}
