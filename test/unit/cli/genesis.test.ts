import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { ed25519PubKey } from "../../../src/abci/dev/genesis";
import { initChainRequest, type GenesisDoc } from "../../../src/abci/genesis-doc";
import { defaultAppState } from "../../../src/app/genesis";
import { addGenesisAccounts, collectGentxs, defaultConsensusParams, validateGenesis, type GenTx } from "../../../src/cli/genesis-file";
import { moduleAddress } from "../../../src/types/address";
import { silentLogger } from "../../../src/types/logger";
import { testKey } from "../../helpers/chain";

function emptyGenesis(): GenesisDoc {
  return { genesis_time: "2026-01-01T00:00:00Z", chain_id: "t-1", initial_height: "1", consensus_params: defaultConsensusParams(), validators: [], app_hash: "", app_state: defaultAppState(buildModules().modules) };
}

function gentx(name: string, seed: number, operator: string, selfBond: string): GenTx {
  const pub = Buffer.from(ed25519PubKey(new Uint8Array(32).fill(seed))).toString("base64");
  return { moniker: name, operator, self_bond: selfBond, validator: { pub_key: { type: "tendermint/PubKeyEd25519", value: pub }, power: String(BigInt(selfBond) / 1_000_000n), name } };
}

function gentxDir(gentxs: GenTx[]): string {
  const dir = mkdtempSync(join(tmpdir(), "gentx-"));
  gentxs.forEach((g, i) => writeFileSync(join(dir, `gentx-${i}.json`), JSON.stringify(g)));
  return dir;
}

const bankOf = (doc: GenesisDoc) => doc.app_state.bank as { balances: Array<{ address: string; coins: Array<{ denom: string; amount: string }> }>; supply: unknown[] };
const authOf = (doc: GenesisDoc) => doc.app_state.auth as { accounts: Array<{ address: string; account_number: string }> };

describe("genesis add-genesis-account", () => {
  it("numbers accounts in order and records balances", () => {
    const doc = emptyGenesis();
    addGenesisAccounts(doc, [{ address: testKey("a").address, coins: [{ denom: "uyml", amount: 5n }] }]);
    addGenesisAccounts(doc, [{ address: testKey("b").address, coins: [{ denom: "uyml", amount: 7n }] }]);
    expect(authOf(doc).accounts.map((a) => [a.address, a.account_number])).toEqual([[testKey("a").address, "0"], [testKey("b").address, "1"]]);
    expect(bankOf(doc).balances).toEqual([
      { address: testKey("a").address, coins: [{ denom: "uyml", amount: "5" }] },
      { address: testKey("b").address, coins: [{ denom: "uyml", amount: "7" }] },
    ]);
    validateGenesis(doc, buildModules());
  });

  it("refuses a duplicate or malformed address", () => {
    const doc = emptyGenesis();
    addGenesisAccounts(doc, [{ address: testKey("a").address, coins: [] }]);
    expect(() => addGenesisAccounts(doc, [{ address: testKey("a").address, coins: [] }])).toThrow(/already exists/);
    expect(() => addGenesisAccounts(doc, [{ address: "yml1notanaddress", coins: [] }])).toThrow();
  });
});

describe("genesis collect-gentxs", () => {
  it("bonds every gentx in staking from its operator's balance, and InitChain returns that validator set", async () => {
    const doc = emptyGenesis();
    const [op1, op2] = [testKey("op1").address, testKey("op2").address];
    addGenesisAccounts(doc, [
      { address: op1, coins: [{ denom: "uyml", amount: 50_000_000n }] },
      { address: op2, coins: [{ denom: "uyml", amount: 20_000_000n }] },
    ]);
    collectGentxs(doc, gentxDir([gentx("v1", 1, op1, "10000000"), gentx("v2", 2, op2, "20000000")]));
    validateGenesis(doc, buildModules());

    expect(doc.validators?.map((v) => [v.name, v.power])).toEqual([["v1", "10"], ["v2", "20"]]);
    const balances = Object.fromEntries(bankOf(doc).balances.map((b) => [b.address, b.coins[0]?.amount]));
    expect(balances[op1]).toBe("40000000");
    expect(balances[op2]).toBeUndefined();
    expect(balances[moduleAddress("bonded_tokens_pool")]).toBe("30000000");

    const dir = mkdtempSync(join(tmpdir(), "gentx-app-"));
    mkdirSync(dir, { recursive: true });
    const app = await App.open({ dataDir: join(dir, "app"), modules: buildModules(), logger: silentLogger });
    try {
      const res = app.initChain(initChainRequest(doc));
      const byKey = new Map(res.validators.map((v) => [Buffer.from(v.pubKey!.ed25519!).toString("base64"), v.power]));
      expect(byKey).toEqual(new Map(doc.validators!.map((v) => [v.pub_key.value, BigInt(v.power)])));
    } finally {
      await app.close();
    }
  });

  it("refuses a gentx whose operator cannot pay the self-bond, and an empty gentx directory", () => {
    const doc = emptyGenesis();
    addGenesisAccounts(doc, [{ address: testKey("op").address, coins: [{ denom: "uyml", amount: 9_999_999n }] }]);
    expect(() => collectGentxs(doc, gentxDir([gentx("v", 1, testKey("op").address, "10000000")]))).toThrow(/less than the self-bond/);
    expect(() => collectGentxs(doc, gentxDir([]))).toThrow(/no gentx files/);
  });
});

describe("genesis validate", () => {
  it("rejects a bad chain id, time, validator key or module section", () => {
    const modules = buildModules();
    const bad = (mutate: (d: GenesisDoc) => void) => {
      const d = emptyGenesis();
      mutate(d);
      return () => validateGenesis(d, modules);
    };
    expect(bad(() => undefined)).not.toThrow();
    expect(bad((d) => (d.chain_id = ""))).toThrow(/chain_id/);
    expect(bad((d) => (d.genesis_time = "yesterday"))).toThrow(/RFC 3339/);
    expect(bad((d) => (d.validators = [{ pub_key: { type: "tendermint/PubKeyEd25519", value: "AAAA" }, power: "1" }]))).toThrow(/32 bytes/);
    expect(bad((d) => (d.app_state.nonsense = {}))).toThrow(/unknown module/);
    expect(bad((d) => ((d.app_state.bank as any).balances = [{ address: "yml1bad", coins: [] }]))).toThrow();
  });
});
