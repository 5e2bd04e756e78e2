/**
 * Tokenisation benchmark: FundVault and Claim cost the same gas and time whatever the number
 * of holders (the income index is never iterated over holders), and a MsgSend of a share token
 * (which settles both parties' positions in the bank send hook) against a plain MsgSend.
 *
 * For each holder count (10 and 10,000, given at genesis with positions), blocks of signed txs
 * go through FinalizeBlock + Commit: FundVault, Claim, FundVault again, share-token MsgSend,
 * plain MsgSend. Prints gas per tx (identical across a block) and wall / CPU time per tx.
 * Run: npx tsx scripts/bench/tokenisation.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, cpus } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { buildDevGenesis } from "../../src/abci/dev/genesis";
import { initChainRequest } from "../../src/abci/genesis-doc";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx } from "../../src/client/tx-builder";
import { MsgClaim, MsgFundVault } from "../../src/gen/blockchain/tokenisation/v1/tx";
import { silentLogger } from "../../src/types/logger";
import type { AnyMsg } from "../../src/types/codec";

const DENOM = "uyml";
const SHARE = "tokenisation/1";
const CHAIN_ID = "bench";
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 200);
const SHARES_EACH = 1000n;

interface Row { label: string; holders: number; txs: number; gas: string; wallUs: number; cpuUs: number }

async function run(holders: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-tok-"));
  const holderKeys = Array.from({ length: holders }, (_, i) => Secp256k1Key.fromSeed(`bench-tok/holder/${i}`));
  const funderKeys = Array.from({ length: PER_BLOCK }, (_, i) => Secp256k1Key.fromSeed(`bench-tok/funder/${i}`));
  const modules = buildModules();
  const accounts = [
    ...funderKeys.map((k) => ({ address: k.address, coins: [{ denom: DENOM, amount: "100000000000" }] })),
    ...holderKeys.map((k) => ({ address: k.address, coins: [{ denom: SHARE, amount: SHARES_EACH.toString() }, { denom: DENOM, amount: "1000000000" }] })),
  ];
  const accountNumber = new Map(accounts.map((a, i) => [a.address, BigInt(i)]));
  const sequence = new Map<string, bigint>(accounts.map((a) => [a.address, 0n]));
  const genesis = buildDevGenesis(modules, {
    chainId: CHAIN_ID,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts,
    validatorSeed: new Uint8Array(32).fill(1),
    mutate: (s) => {
      s.tokenisation.collections = [{ id: "bench", authority: funderKeys[0].address, verification: "VERIFICATION_UNSPECIFIED", attestation_threshold: 0, challenge_window_seconds: "3600", dispute_bond_bps: 0, attestors: [] }];
      s.tokenisation.assets = [{ id: "1", collection_id: "bench", owner: funderKeys[0].address, uri: "", fraction_denom: SHARE, holder_share_bps: 6000, status: "STATUS_ACTIVE", parcel_id: "0" }];
      s.tokenisation.vaults = [{ asset_id: "1", cumulative_per_token: "0", funded: [], denom: DENOM, held: [] }];
      s.tokenisation.positions = holderKeys.map((k) => ({ asset_id: "1", holder: k.address, last_index: "0", accrued: "0" }));
      s.tokenisation.next_asset_id = "2";
    },
  });
  const app = await App.open({ dataDir: dir, modules, logger: silentLogger });
  app.initChain(initChainRequest(genesis));
  let height = 0n;
  const block = (txs: Uint8Array[]) => ({
    txs, decidedLastCommit: { round: 0, votes: [] }, misbehavior: [], hash: new Uint8Array(32), height,
    time: { seconds: 1_767_225_600n + height, nanos: 0 }, nextValidatorsHash: new Uint8Array(32), proposerAddress: new Uint8Array(20),
  });
  const deliver = async (txs: Uint8Array[]) => {
    height++;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const fin = app.finalizeBlock(block(txs));
    await app.commit({});
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const failed = fin.txResults.filter((r) => r.code !== 0);
    if (failed.length > 0) throw new Error(`${failed.length} txs failed, e.g. ${failed[0].log}`);
    return { fin, wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  await deliver([]);
  const sign = (k: Secp256k1Key, msg: AnyMsg) => {
    const seq = sequence.get(k.address)!;
    sequence.set(k.address, seq + 1n);
    return signTx([msg], [{ key: k, accountNumber: accountNumber.get(k.address)!, sequence: seq }], { chainId: CHAIN_ID, fee: [{ denom: DENOM, amount: "200" }], gasLimit: 300_000n });
  };
  const rows: Row[] = [];
  const measure = async (label: string, txs: Uint8Array[]) => {
    const { fin, wall, cpu } = await deliver(txs);
    const gas = [...new Set(fin.txResults.map((r) => r.gasUsed.toString()))].join("/");
    rows.push({ label, holders, txs: txs.length, gas, wallUs: (wall * 1000) / txs.length, cpuUs: (cpu * 1000) / txs.length });
  };
  const fund = () => funderKeys.map((k) => sign(k, { typeUrl: "/blockchain.tokenisation.v1.MsgFundVault", value: MsgFundVault.encode({ funder: k.address, assetId: 1n, amount: { denom: DENOM, amount: "1000000" } }).finish() }));
  const active = holderKeys.slice(0, Math.min(holders, PER_BLOCK));
  const next = (i: number) => holderKeys[(i + 1) % holders].address;
  const sendOf = (denom: string) => active.map((k, i) => sign(k, { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.encode({ fromAddress: k.address, toAddress: next(i), amount: [{ denom, amount: "1" }] }).finish() }));

  await measure("FundVault", fund());
  await measure("Claim", active.map((k) => sign(k, { typeUrl: "/blockchain.tokenisation.v1.MsgClaim", value: MsgClaim.encode({ holder: k.address, assetId: 1n }).finish() })));
  await measure("FundVault (2nd)", fund());
  await measure("MsgSend share token", sendOf(SHARE));
  await measure("MsgSend plain uyml", sendOf(DENOM));
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  return rows;
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}; ${PER_BLOCK} txs per block (Claim/MsgSend: min(holders, ${PER_BLOCK}))`);
  const all = [...(await run(10)), ...(await run(10_000))];
  console.log("| tx | holders | txs in block | gas per tx | wall µs/tx (FinalizeBlock+Commit) | CPU µs/tx |");
  console.log("|---|---|---|---|---|---|");
  for (const r of all) console.log(`| ${r.label} | ${r.holders.toLocaleString("en-US")} | ${r.txs} | ${r.gas} | ${r.wallUs.toFixed(0)} | ${r.cpuUs.toFixed(0)} |`);
  for (const h of [10, 10_000]) {
    const share = all.find((r) => r.holders === h && r.label === "MsgSend share token")!;
    const plain = all.find((r) => r.holders === h && r.label === "MsgSend plain uyml")!;
    console.log(`share/plain MsgSend at ${h} holders: gas ${(Number(share.gas) / Number(plain.gas)).toFixed(3)}×, wall ${(share.wallUs / plain.wallUs).toFixed(2)}×, CPU ${(share.cpuUs / plain.cpuUs).toFixed(2)}×`);
  }
}

await main();
