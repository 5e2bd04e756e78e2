import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { buildAuthInfoBytes, buildBodyBytes, simulationTx, type TxOptions } from "../../client/tx-builder";
import type { Secp256k1Key } from "../../client/signer";
import { accAddress } from "../../types/address";
import { parseCoins } from "../../types/coins";
import type { AnyMsg } from "../../types/codec";
import type { ClientContext } from "./context";
import type { NodeClient, TxResult } from "./node";
import { NodeError, UsageError, jsonText, print } from "./output";
import { promptLine } from "./prompt";
import { txToJson } from "./tx-json";
import { adjustGas, feesFromGasPrices } from "./values";

/** The SDK's tx flags. */
export interface TxFlags {
  from?: string;
  fees?: string;
  gas: string;
  gasAdjustment: string;
  gasPrices?: string;
  memo?: string;
  timeoutHeight?: string;
  feeGranter?: string;
  feePayer?: string;
  generateOnly?: boolean;
  yes?: boolean;
  sequence?: string;
  accountNumber?: string;
  chainId?: string;
  wait?: boolean;
}

export const DEFAULT_GAS = 200_000n;

export interface Signer {
  address: string;
  pubKey?: Uint8Array;
  /** Unlocks the private key (the file keyring asks for the passphrase here). */
  key(): Promise<Secp256k1Key>;
}

/** --from as a key name (or the address of a stored key); with --generate-only also a bare address. */
export function resolveSigner(ctx: ClientContext, from: string | undefined, generateOnly: boolean): Signer {
  if (!from) throw new UsageError("--from is required: the key name (or, with --generate-only, an address)");
  const keyring = ctx.keyring();
  if (!keyring.has(from) && accAddress.isValid(from) && !keyring.list().some((k) => k.address === from)) {
    if (!generateOnly) throw new UsageError(`no key for ${from} in the ${keyring.backend} keyring; to sign, --from must name a stored key`);
    return { address: from, key: () => Promise.reject(new UsageError(`no key for ${from}`)) };
  }
  const info = keyring.show(from);
  const pubKey = new Uint8Array(Buffer.from((JSON.parse(info.pubkey) as { key: string }).key, "base64"));
  return { address: info.address, pubKey, key: () => keyring.key(info.name) };
}

export async function accountOf(node: NodeClient, address: string): Promise<{ accountNumber: bigint; sequence: bigint }> {
  let bytes: Uint8Array;
  try {
    bytes = await node.query("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest.encode({ address }).finish());
  } catch (e) {
    if (e instanceof NodeError && /not found/i.test(e.message))
      throw new NodeError(`account ${address} does not exist on chain yet: send it funds first`, e.result);
    throw e;
  }
  const any = QueryAccountResponse.decode(bytes).account;
  if (!any) throw new NodeError(`account ${address} not found`);
  if (any.typeUrl === "/cosmos.auth.v1beta1.BaseAccount") {
    const a = BaseAccount.decode(any.value);
    return { accountNumber: a.accountNumber, sequence: a.sequence };
  }
  throw new NodeError(`account ${address} is a ${any.typeUrl}, which cannot sign with a key`);
}

function uintFlag(name: string, v: string | undefined): bigint | undefined {
  if (v === undefined) return undefined;
  if (!/^[0-9]+$/.test(v)) throw new UsageError(`--${name}: expected a non-negative integer, got ${JSON.stringify(v)}`);
  return BigInt(v);
}

async function chainIdOf(node: NodeClient, flags: TxFlags): Promise<string> {
  return flags.chainId ?? (await node.status()).node_info.network;
}

/**
 * The whole client path of a tx: account lookup, gas (simulated with --gas auto), fees, then
 * either the unsigned JSON (--generate-only) or confirm, sign, broadcast, and optionally wait.
 */
export async function runTx(ctx: ClientContext, msgs: AnyMsg[], signer: Signer, flags: TxFlags): Promise<void> {
  const timeoutHeight = uintFlag("timeout-height", flags.timeoutHeight) ?? 0n;
  const base: TxOptions = { chainId: "", memo: flags.memo ?? "", timeoutHeight, feeGranter: flags.feeGranter, feePayer: flags.feePayer };
  let sequence = uintFlag("sequence", flags.sequence);
  let accountNumber = uintFlag("account-number", flags.accountNumber);
  const auto = flags.gas === "auto";
  if (!auto && !/^[0-9]+$/.test(flags.gas)) throw new UsageError(`--gas: expected auto or a number, got ${JSON.stringify(flags.gas)}`);
  if (flags.fees && flags.gasPrices) throw new UsageError("give --fees or --gas-prices, not both");
  const needsAccount = !flags.generateOnly || auto;
  if (needsAccount && (sequence === undefined || accountNumber === undefined)) {
    const acc = await accountOf(ctx.node(), signer.address);
    sequence ??= acc.sequence;
    accountNumber ??= acc.accountNumber;
  }
  let gas = auto ? 0n : BigInt(flags.gas);
  if (auto) {
    if (!signer.pubKey) throw new UsageError("--gas auto needs the signer's public key: --from must name a stored key");
    const sim = await ctx
      .node()
      .simulate(simulationTx(msgs, [{ pubKey: signer.pubKey, sequence: sequence ?? 0n }], { ...base, fee: fees(flags, DEFAULT_GAS) }));
    gas = adjustGas(sim.gasUsed, flags.gasAdjustment);
    process.stderr.write(`estimated gas: ${gas}\n`);
  }
  const opts: TxOptions = { ...base, fee: fees(flags, gas), gasLimit: gas };
  const bodyBytes = buildBodyBytes(msgs, opts);

  if (flags.generateOnly) {
    const authInfoBytes = AuthInfo.encode(
      AuthInfo.fromPartial({
        signerInfos: [],
        fee: { amount: opts.fee, gasLimit: gas, payer: opts.feePayer ?? "", granter: opts.feeGranter ?? "" },
      }),
    ).finish();
    print(txToJson({ bodyBytes, authInfoBytes, signatures: [] }), "json");
    return;
  }
  const chainId = await chainIdOf(ctx.node(), flags);
  if (!flags.yes && process.stdin.isTTY) {
    const preview = txToJson({ bodyBytes, authInfoBytes: buildAuthInfoBytes([], opts), signatures: [] });
    process.stderr.write(`${jsonText(preview)}\n`);
    const answer = await promptLine("confirm transaction before signing and broadcasting [y/N]: ");
    if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError("transaction cancelled");
  }
  const key = await signer.key();
  const authInfoBytes = buildAuthInfoBytes([{ pubKey: key.pubKey, sequence: sequence! }], opts);
  const signature = key.sign(SignDoc.encode({ bodyBytes, authInfoBytes, chainId, accountNumber: accountNumber! }).finish());
  await broadcast(ctx, TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish(), Boolean(flags.wait));
}

function fees(flags: TxFlags, gas: bigint) {
  if (flags.fees) return parseCoinsArg("--fees", flags.fees);
  if (flags.gasPrices) return feesFromGasPrices(flags.gasPrices, gas);
  return [];
}

function parseCoinsArg(flag: string, v: string) {
  try {
    return parseCoins(v).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
  } catch (e) {
    throw new UsageError(`${flag}: ${(e as Error).message}`);
  }
}

/** Signs an existing tx (from `--generate-only`) with one key, SIGN_MODE_DIRECT. */
export async function signTxBytes(
  ctx: ClientContext,
  tx: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array },
  signer: Signer,
  flags: Pick<TxFlags, "sequence" | "accountNumber" | "chainId">,
): Promise<Uint8Array> {
  let sequence = uintFlag("sequence", flags.sequence);
  let accountNumber = uintFlag("account-number", flags.accountNumber);
  if (sequence === undefined || accountNumber === undefined) {
    const acc = await accountOf(ctx.node(), signer.address);
    sequence ??= acc.sequence;
    accountNumber ??= acc.accountNumber;
  }
  const chainId = flags.chainId ?? (await ctx.node().status()).node_info.network;
  const key = await signer.key();
  const auth = AuthInfo.decode(tx.authInfoBytes);
  auth.signerInfos = [
    {
      publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: key.pubKey }).finish() },
      modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
      sequence,
    },
  ];
  const authInfoBytes = AuthInfo.encode(auth).finish();
  const signature = key.sign(SignDoc.encode({ bodyBytes: tx.bodyBytes, authInfoBytes, chainId, accountNumber }).finish());
  return TxRaw.encode({ bodyBytes: tx.bodyBytes, authInfoBytes, signatures: [signature] }).finish();
}

/** broadcast_tx_sync; with `wait`, polls until the tx is in a block. A non-zero code exits 2. */
export async function broadcast(ctx: ClientContext, txBytes: Uint8Array, wait: boolean): Promise<void> {
  const res = await ctx.node().broadcastSync(txBytes);
  let out: TxResult | (typeof res & { height: string }) = { height: "0", ...res };
  if (res.code === 0 && wait) out = await waitForTx(ctx.node(), res.txhash);
  if (out.code !== 0)
    throw new NodeError(`tx ${out.txhash} failed with code ${out.code} (${out.codespace}): ${out.raw_log}`, {
      code: out.code,
      codespace: out.codespace,
      log: out.raw_log,
      txhash: out.txhash,
    });
  print(out, ctx.output);
}

export async function waitForTx(node: NodeClient, hash: string, timeoutMs = 60_000): Promise<TxResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await node.getTx(hash);
    if (r) return r;
    if (Date.now() > deadline) throw new NodeError(`tx ${hash} was not included in a block within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
