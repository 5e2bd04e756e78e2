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
import { benchBlock } from "./bench-block";
import { upperMedian as median } from "./bench-run";

const DENOM = "uyml";
const SHARE = "tok/1/BENCH";
const CHAIN_ID = "bench";
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A denom that is neither a share denom nor the fee denom: the like-for-like "plain" MsgSend. */
const OTHER = "ueur";
const SHARES_EACH = 1000n;

interface Row {
  label: string;
  holders: number;
  txs: number;
  gas: string;
  wallUs: number;
  cpuUs: number;
  wallMinUs: number;
  cpuMinUs: number;
}

async function run(holders: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-tok-"));
  const holderKeys = Array.from({ length: holders }, (_, i) => Secp256k1Key.fromSeed(`bench-tok/holder/${i}`));
  const funderKeys = Array.from({ length: PER_BLOCK }, (_, i) => Secp256k1Key.fromSeed(`bench-tok/funder/${i}`));
  const modules = buildModules();
  const accounts = [
    ...funderKeys.map((k) => ({ address: k.address, coins: [{ denom: DENOM, amount: "100000000000" }] })),
    ...holderKeys.map((k) => ({
      address: k.address,
      coins: [
        { denom: SHARE, amount: SHARES_EACH.toString() },
        { denom: OTHER, amount: "1000000000" },
        { denom: DENOM, amount: "1000000000" },
      ],
    })),
  ];
  const accountNumber = new Map(accounts.map((a, i) => [a.address, BigInt(i)]));
  const sequence = new Map<string, bigint>(accounts.map((a) => [a.address, 0n]));
  const genesis = buildDevGenesis(modules, {
    chainId: CHAIN_ID,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts,
    validatorSeed: new Uint8Array(32).fill(1),
    mutate: (s) => {
      s.tokenisation.collections = [
        {
          id: "bench",
          authority: funderKeys[0].address,
          verification: "VERIFICATION_UNSPECIFIED",
          attestation_threshold: 0,
          challenge_window_seconds: "3600",
          dispute_bond_bps: 0,
          attestors: [],
        },
      ];
      s.tokenisation.assets = [
        {
          id: "1",
          collection_id: "bench",
          owner: funderKeys[0].address,
          uri: "",
          fraction_denom: SHARE,
          holder_share_bps: 6000,
          status: "STATUS_ACTIVE",
          parcel_id: "0",
        },
      ];
      s.tokenisation.vaults = [{ asset_id: "1", cumulative_per_token: "0", funded: [], denom: DENOM, held: [] }];
      s.tokenisation.positions = holderKeys.map((k) => ({ asset_id: "1", holder: k.address, last_index: "0", accrued: "0" }));
      s.tokenisation.next_asset_id = "2";
    },
  });
  const app = await App.open({ dataDir: dir, modules, logger: silentLogger });
  app.initChain(initChainRequest(genesis));
  let height = 0n;
  const block = (txs: Uint8Array[]) => benchBlock(height, txs);
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
    return signTx([msg], [{ key: k, accountNumber: accountNumber.get(k.address)!, sequence: seq }], {
      chainId: CHAIN_ID,
      fee: [{ denom: DENOM, amount: "200" }],
      gasLimit: 300_000n,
    });
  };
  const samples = new Map<string, { gas: Set<string>; wall: number[]; cpu: number[]; txs: number }>();
  // The fixed cost of a block (begin/end block, app hash, commit), measured on empty blocks and
  // subtracted, so a block of 10 claims and one of 200 compare per tx.
  let emptyWall = 0;
  let emptyCpu = 0;
  const measureEmpty = async () => {
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { wall, cpu } = await deliver([]);
      walls.push(wall);
      cpus.push(cpu);
    }
    emptyWall = [...walls].sort((a, b) => a - b)[2];
    emptyCpu = [...cpus].sort((a, b) => a - b)[2];
  };
  const measure = async (label: string, txs: Uint8Array[]) => {
    const d = await deliver(txs);
    const { fin } = d;
    const wall = Math.max(0, d.wall - emptyWall);
    const cpu = Math.max(0, d.cpu - emptyCpu);
    const m = samples.get(label) ?? { gas: new Set<string>(), wall: [], cpu: [], txs: txs.length };
    for (const r of fin.txResults) m.gas.add(r.gasUsed.toString());
    m.wall.push((wall * 1000) / txs.length);
    m.cpu.push((cpu * 1000) / txs.length);
    samples.set(label, m);
  };
  const fund = () =>
    funderKeys.map((k) =>
      sign(k, {
        typeUrl: "/blockchain.tokenisation.v1.MsgFundVault",
        value: MsgFundVault.encode({ funder: k.address, assetId: 1n, amount: { denom: DENOM, amount: "1000000" } }).finish(),
      }),
    );
  const claimers = holderKeys.slice(0, Math.min(holders, PER_BLOCK));
  // PER_BLOCK sends spread over the first min(holders, PER_BLOCK) holders, each to the next holder.
  const sendOf = (denom: string) =>
    Array.from({ length: PER_BLOCK }, (_, i) => {
      const j = i % claimers.length;
      const k = holderKeys[j];
      return sign(k, {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.encode({
          fromAddress: k.address,
          toAddress: holderKeys[(j + 1) % holders].address,
          amount: [{ denom, amount: "1" }],
        }).finish(),
      });
    });
  for (let r = 0; r < ROUNDS; r++) {
    await measureEmpty();
    await measure("FundVault", fund());
    await measure(
      "Claim",
      claimers.map((k) =>
        sign(k, { typeUrl: "/blockchain.tokenisation.v1.MsgClaim", value: MsgClaim.encode({ holder: k.address, assetId: 1n }).finish() }),
      ),
    );
    await measure("FundVault (before sends)", fund());
    await measure("MsgSend share token", sendOf(SHARE));
    await measure("MsgSend plain ueur", sendOf(OTHER));
    await measure("MsgSend plain uyml (fee denom)", sendOf(DENOM));
  }
  const rows: Row[] = [...samples.entries()].map(([label, m]) => ({
    label,
    holders,
    txs: m.txs,
    gas: [...m.gas]
      .map(Number)
      .sort((a, b) => a - b)
      .filter((_, i, xs) => i === 0 || i === xs.length - 1)
      .join("–"),
    wallUs: median(m.wall),
    cpuUs: median(m.cpu),
    wallMinUs: Math.min(...m.wall),
    cpuMinUs: Math.min(...m.cpu),
  }));
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  return rows;
}

async function main(): Promise<void> {
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, node ${process.version}; ${PER_BLOCK} txs per block (Claim: one per holder up to ${PER_BLOCK}); medians of ${ROUNDS} rounds`,
  );
  const all = [...(await run(10)), ...(await run(10_000))];
  console.log(
    "| tx | holders | txs in block | gas per tx (min–max) | wall µs/tx (FinalizeBlock+Commit minus an empty block): min / median | CPU µs/tx: min / median |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const r of all)
    console.log(
      `| ${r.label} | ${r.holders.toLocaleString("en-US")} | ${r.txs} | ${r.gas} | ${r.wallMinUs.toFixed(0)} / ${r.wallUs.toFixed(0)} | ${r.cpuMinUs.toFixed(0)} / ${r.cpuUs.toFixed(0)} |`,
    );
  const maxGas = (r: Row) => Number(r.gas.split("–").pop());
  for (const h of [10, 10_000]) {
    const share = all.find((r) => r.holders === h && r.label === "MsgSend share token")!;
    for (const plainLabel of ["MsgSend plain ueur", "MsgSend plain uyml (fee denom)"]) {
      const plain = all.find((r) => r.holders === h && r.label === plainLabel)!;
      console.log(
        `share / ${plainLabel} at ${h} holders: max gas ${(maxGas(share) / maxGas(plain)).toFixed(2)}×, wall min ${(share.wallMinUs / plain.wallMinUs).toFixed(2)}× median ${(share.wallUs / plain.wallUs).toFixed(2)}×, CPU min ${(share.cpuMinUs / plain.cpuMinUs).toFixed(2)}× median ${(share.cpuUs / plain.cpuUs).toFixed(2)}×`,
      );
    }
  }
}

await main();
