/**
 * The concentration epoch's cost in EndBlock: 150 bonded validators whose declarations fall
 * in 40 jurisdictions (and 40 beneficial owners, 75 legal entities), ceilings tight enough
 * that groups breach and validators are demoted, an epoch every block. Prints validatorgov's
 * EndBlock wall and CPU time per epoch (first epoch, which demotes, and the steady state,
 * which re-measures with the demoted validators counted back in). Target: ≤ 20 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ed25519 } from "@noble/curves/ed25519.js";
import { App } from "../../src/app/app";
import { buildModules } from "../../src/app/modules";
import { DevEngine } from "../../src/abci/dev/engine";
import { buildDevGenesis } from "../../src/abci/dev/genesis";
import { Secp256k1Key } from "../../src/client/signer";
import { BONDED_POOL } from "../../src/modules/staking";
import { admitInGenesisJson } from "../../src/modules/validatorgov";
import { accAddress, moduleAddress, valAddress } from "../../src/types/address";
import { silentLogger } from "../../src/types/logger";

const VALIDATORS = Number(process.env.BENCH_VALIDATORS ?? 150);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 40);
const EPOCHS = Number(process.env.BENCH_EPOCHS ?? 30);
const JURISDICTIONS =
  "AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK US CA AU NZ JP SG HK BR".split(" ");

function addValidators(s: Record<string, any>): void {
  s.staking.params.max_validators = VALIDATORS + 10;
  let bonded = 0n;
  for (let i = 1; i < VALIDATORS; i++) {
    const operator = Secp256k1Key.fromSeed(`bench/validatorgov/${i}`).address;
    const valoper = valAddress.encode(accAddress.decode(operator));
    const tokens = BigInt(1 + ((i * 37) % 100)) * 1_000_000n;
    bonded += tokens;
    const seed = new Uint8Array(32);
    new DataView(seed.buffer).setUint32(0, i + 1000);
    s.staking.validators.push({
      operator_address: valoper,
      consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.from(ed25519.getPublicKey(seed)).toString("base64") },
      jailed: false,
      status: "BOND_STATUS_BONDED",
      tokens: tokens.toString(),
      delegator_shares: `${tokens}.000000000000000000`,
      description: { moniker: `v${i}`, identity: "", website: "", security_contact: "", details: "" },
      commission: {
        commission_rates: { rate: "0.000000000000000000", max_rate: "1.000000000000000000", max_change_rate: "0.010000000000000000" },
        update_time: "1970-01-01T00:00:00Z",
      },
      min_self_delegation: "1",
    });
    s.staking.delegations.push({ delegator_address: operator, validator_address: valoper, shares: `${tokens}.000000000000000000` });
    // Every seventh validator sits in DE, so DE breaches its ceiling and the epoch demotes.
    admitInGenesisJson(s, operator, i % 7 === 0 ? "DE" : JURISDICTIONS[i % GROUPS]);
    const entry = s.validatorgov.approved_validator_map.at(-1);
    const app = s.validatorgov.validator_application_map.at(-1);
    entry.declaration.legal_entity_id = app.declaration.legal_entity_id = `ENT-${i % 75}`;
    entry.declaration.beneficial_owner_id = app.declaration.beneficial_owner_id = `UBO-${i % GROUPS}`;
  }
  const pool = s.bank.balances.find((b: { address: string }) => b.address === moduleAddress(BONDED_POOL));
  pool.coins[0].amount = (BigInt(pool.coins[0].amount) + bonded).toString();
  Object.assign(s.constitution.invariants, {
    max_entity_power_bps: "250",
    max_beneficial_owner_power_bps: "400",
    max_jurisdiction_power_bps: "600",
    concentration_epoch_blocks: "1",
    min_active_validators: Math.floor(VALIDATORS / 2),
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-validatorgov-"));
  const modules = buildModules();
  const genesis = buildDevGenesis(modules, {
    chainId: "bench-validatorgov",
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: [],
    validatorSeed: new Uint8Array(32).fill(7),
    validatorOperator: Secp256k1Key.fromSeed("bench/validatorgov/0").address,
    mutate: addValidators,
  });
  const app = await App.open({ dataDir: join(dir, "app"), modules, logger: silentLogger });
  const engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger: silentLogger });
  const vgov = modules.modules.find((m) => m.name === "validatorgov")!;
  const original = vgov.endBlock!.bind(vgov);
  const samples: Array<{ wall: number; cpu: number; events: number }> = [];
  vgov.endBlock = (ctx) => {
    const before = ctx.events.events.length;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    original(ctx);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    samples.push({ wall, cpu: (cpu.user + cpu.system) / 1000, events: ctx.events.events.length - before });
  };
  for (let i = 0; i < EPOCHS + 1; i++) await engine.produceBlock();
  const query = modules.modules.find((m) => m.name === "validatorgov")!.queries!.find((q) => q.path.endsWith("/Concentration"))!;
  const c = query.handle(app.queryContext(), {}) as { groups: Array<{ over: boolean }>; activeValidators: number; totalPower: bigint };
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const steady = samples
    .slice(2)
    .map((s) => s.wall)
    .sort((a, b) => a - b);
  const p90 = steady[Math.floor(steady.length * 0.9)];
  const steadyCpu = samples
    .slice(2)
    .map((s) => s.cpu)
    .sort((a, b) => a - b);
  console.log(
    `${VALIDATORS} validators, ${GROUPS} jurisdictions / owners, 75 entities; ${c.groups.length} groups measured, ${c.groups.filter((g) => g.over).length} over; active after demotions: ${c.activeValidators}; total power ${c.totalPower}`,
  );
  console.log(
    `first epochs (genesis block, demotions): ${samples
      .slice(0, 2)
      .map((s) => `${ms(s.wall)} wall / ${ms(s.cpu)} cpu, ${s.events} events`)
      .join("; ")}`,
  );
  console.log(
    `steady epochs (${steady.length}): median ${ms(steady[steady.length >> 1])} wall, p90 ${ms(p90)}, max ${ms(steady[steady.length - 1])}; median ${ms(steadyCpu[steadyCpu.length >> 1])} cpu`,
  );
  await engine.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
