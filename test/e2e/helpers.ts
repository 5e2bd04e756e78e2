import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { Localnet, rpc, type LocalnetOptions } from "../../src/cli/localnet";
import { homePaths, PROJECT_ROOT } from "../../src/cli/home";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { baseOf } from "../../src/modules/auth/keeper";
import type { AnyMsg } from "../../src/types/codec";
import { abciQuery } from "./helpers/validator-set";

/** Builds .bin/cometbft when missing; a failed build fails the suite (never a skip). */
export function requireCometBFT(): void {
  const bin = join(PROJECT_ROOT, ".bin", "cometbft");
  if (existsSync(bin) && !process.env.COMETBFT_BIN) return;
  execFileSync("bash", [join(PROJECT_ROOT, "scripts", "install-cometbft.sh")], { stdio: "inherit" });
  if (!existsSync(bin)) throw new Error(`CometBFT is required for the e2e suite and ${bin} could not be built`);
}

/** A fresh localnet in a temp dir; stop() also removes it unless E2E_KEEP is set. */
export async function startLocalnet(
  o: Omit<LocalnetOptions, "dir"> & { beforeStart?: (net: Localnet) => void },
): Promise<Localnet & { cleanup(): Promise<void> }> {
  requireCometBFT();
  const dir = mkdtempSync(join(tmpdir(), "e2e-localnet-"));
  const net = await Localnet.prepare({ ...o, dir, reset: true });
  o.beforeStart?.(net);
  const cleanup = async () => {
    await net.stop();
    if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await net.start();
  } catch (e) {
    await cleanup();
    throw e;
  }
  return Object.assign(net, { cleanup });
}

/** Sets app.toml's `warm-up-txs` on every node: 0 spares a test the start-up warm-up's CPU. */
export function setWarmUpTxs(net: Localnet, txs: number): void {
  for (const n of net.nodes) {
    const file = homePaths(n.home).appConfig;
    writeFileSync(file, readFileSync(file, "utf8").replace(/^warm-up-txs = \d+$/m, `warm-up-txs = ${txs}`));
  }
}

export function faucetKey(): Promise<Secp256k1Key> {
  return Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC);
}

/**
 * The faucet's account number on a localnet: `init` writes the foundation's group policy
 * account first (account 0), then add-genesis-account funds the faucet.
 */
export const LOCALNET_FAUCET_ACCOUNT_NUMBER = 1n;

/** A MsgSend from `from`, signed with our own client code, submitted with broadcast_tx_sync. */
export async function sendWithOwnClient(
  url: string,
  chainId: string,
  from: Secp256k1Key,
  accountNumber: bigint,
  sequence: bigint,
  to: string,
  amount: string,
): Promise<{ hash: string; code: number; log: string }> {
  const msg = {
    typeUrl: "/cosmos.bank.v1beta1.MsgSend",
    value: MsgSend.encode({ fromAddress: from.address, toAddress: to, amount: [{ denom: "uyml", amount }] }).finish(),
  };
  const tx = signTx([msg], [{ key: from, accountNumber, sequence }], {
    chainId,
    gasLimit: 200_000n,
    fee: [{ denom: "uyml", amount: "5000" }],
  });
  return rpc(url, "broadcast_tx_sync", { tx: `0x${Buffer.from(tx).toString("hex")}` });
}

export async function waitForTx(url: string, hash: string, timeoutMs = 30_000): Promise<{ height: string; tx_result: { code: number } }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await rpc(url, "tx", { hash: `0x${hash}` });
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

/** uyml balance through abci_query, as cosmjs reads it. */
export async function balanceOf(url: string, address: string): Promise<string> {
  const data = Buffer.from(QueryBalanceRequest.encode({ address, denom: "uyml" }).finish()).toString("hex");
  const res = await rpc<{ response: { code: number; log: string; value: string | null } }>(url, "abci_query", {
    path: '"/cosmos.bank.v1beta1.Query/Balance"',
    data: `0x${data}`,
  });
  if (res.response.code !== 0) throw new Error(res.response.log);
  return QueryBalanceResponse.decode(Buffer.from(res.response.value ?? "", "base64")).balance?.amount ?? "0";
}

export function logOf(home: string, name: "app" | "comet"): string {
  const f = join(home, "logs", `${name}.log`);
  return existsSync(f) ? readFileSync(f, "utf8") : "";
}

/** Signs `msgs` with our own client (account read from the node), broadcasts, and waits until included with code 0; returns its height. */
export async function deliverSigned(url: string, key: Secp256k1Key, msgs: AnyMsg[], chainId = "localnet"): Promise<number> {
  return (await deliverSignedTx(url, key, msgs, { chainId })).height;
}

/** deliverSigned, returning the block height and the messages' responses (TxMsgData.msg_responses). */
export async function deliverSignedTx(
  url: string,
  key: Secp256k1Key,
  msgs: AnyMsg[],
  o: { chainId?: string; gasLimit?: bigint } = {},
): Promise<{ height: number; msgResponses: AnyMsg[] }> {
  const acc = await abciQuery(
    url,
    "/cosmos.auth.v1beta1.Query/Account",
    QueryAccountRequest,
    { address: key.address },
    QueryAccountResponse,
  );
  const base = baseOf(acc.account!)!;
  const gasLimit = o.gasLimit ?? 300_000n;
  const fee = [{ denom: "uyml", amount: ((gasLimit + 59n) / 60n).toString() }];
  const bytes = signTx(msgs, [{ key, accountNumber: base.accountNumber, sequence: base.sequence }], {
    chainId: o.chainId ?? "localnet",
    gasLimit,
    fee,
  });
  const sent = await rpc<{ hash: string; code: number; log: string }>(url, "broadcast_tx_sync", {
    tx: `0x${Buffer.from(bytes).toString("hex")}`,
  });
  expect(sent.log ?? "").toBe("");
  expect(sent.code).toBe(0);
  const included = await waitForTx(url, sent.hash, 60_000);
  const result = included.tx_result as { code: number; log?: string; data?: string | null };
  if (result.code !== 0) throw new Error(`tx ${sent.hash} failed with code ${result.code}: ${result.log ?? ""}`);
  const data = result.data;
  return { height: Number(included.height), msgResponses: TxMsgData.decode(Buffer.from(data ?? "", "base64")).msgResponses };
}
