import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { ed25519PubKey } from "../../../src/abci/dev/genesis";
import { initChainRequest, type GenesisDoc } from "../../../src/abci/genesis-doc";
import { defaultAppState } from "../../../src/app/genesis";
import {
  addGenesisAccounts,
  buildGentx,
  collectGentxs,
  defaultConsensusParams,
  genesisGentxs,
  loadGenesis,
  validateGenesis,
} from "../../../src/cli/genesis-file";
import { addGenesisAccountCmd, collectGentxsCmd, gentxCmd, validateGenesisCmd } from "../../../src/cli/commands/genesis";
import { initHome } from "../../../src/cli/commands/init";
import { nodeIdOf } from "../../../src/cli/comet";
import { homePaths } from "../../../src/cli/home";
import { Keyring } from "../../../src/cli/keyring/keyring";
import type { Secp256k1Key } from "../../../src/client/signer";
import { moduleAddress } from "../../../src/types/address";
import { silentLogger } from "../../../src/types/logger";
import { ensureTestFoundation, testKey } from "../../helpers/chain";

function emptyGenesis(): GenesisDoc {
  const doc: GenesisDoc = {
    genesis_time: "2026-01-01T00:00:00Z",
    chain_id: "t-1",
    initial_height: "1",
    consensus_params: defaultConsensusParams(),
    validators: [],
    app_hash: "",
    app_state: defaultAppState(buildModules().modules),
  };
  ensureTestFoundation(doc.app_state);
  return doc;
}

function gentxDir(gentxs: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), "gentx-"));
  gentxs.forEach((g, i) => writeFileSync(join(dir, `gentx-${i}.json`), JSON.stringify(g)));
  return dir;
}

function gentx(operator: Secp256k1Key, seed: number, bond: bigint, chainId = "t-1") {
  return buildGentx({
    chainId,
    operatorKey: operator,
    consensusPubKey: ed25519PubKey(new Uint8Array(32).fill(seed)),
    selfBond: { denom: "uyml", amount: bond.toString() },
    description: { moniker: `v${seed}` },
  });
}

const bankOf = (doc: GenesisDoc) =>
  doc.app_state.bank as { balances: Array<{ address: string; coins: Array<{ denom: string; amount: string }> }>; supply: unknown[] };
const authOf = (doc: GenesisDoc) => doc.app_state.auth as { accounts: Array<{ address: string; account_number: string }> };

describe("genesis add-genesis-account", () => {
  it("numbers accounts in order and records balances", () => {
    const doc = emptyGenesis();
    addGenesisAccounts(doc, [{ address: testKey("a").address, coins: [{ denom: "uyml", amount: 5n }] }]);
    addGenesisAccounts(doc, [{ address: testKey("b").address, coins: [{ denom: "uyml", amount: 7n }] }]);
    // Account 0 is the foundation's policy account, which the genesis already holds.
    expect(
      authOf(doc)
        .accounts.slice(1)
        .map((a) => [a.address, a.account_number]),
    ).toEqual([
      [testKey("a").address, "1"],
      [testKey("b").address, "2"],
    ]);
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

describe("genesis gentx and collect-gentxs", () => {
  it("signs a gentx from the keyring and the node's consensus key; collect-gentxs puts it in genutil and InitChain returns its validator", async () => {
    const home = mkdtempSync(join(tmpdir(), "gentx-home-"));
    try {
      initHome({ home, moniker: "node-a", chainId: "t-1" });
      const operator = testKey("op1");
      await new Keyring(home, "test", () => "").add("op1", operator);
      addGenesisAccountCmd(home, [{ address: operator.address, coins: "50000000uyml" }]);
      await expect(gentxCmd(home, { key: "op1", amount: "10000000uyml", chainId: "other", keyringBackend: "test" })).rejects.toThrow(
        /differs from the genesis file's chain id t-1/,
      );
      await expect(gentxCmd(home, { key: "op1", amount: "10000000ufoo", keyringBackend: "test" })).rejects.toThrow(/bond denom uyml/);
      const { file, gentx } = await gentxCmd(home, {
        key: "op1",
        amount: "10000000",
        keyringBackend: "test",
        commissionRate: "0.05",
        ip: "10.0.0.1",
      });
      const paths = homePaths(home);
      const nodeId = nodeIdOf(paths.nodeKey);
      expect(file).toBe(join(paths.gentxDir, `gentx-${nodeId}.json`));
      const tx = gentx as any;
      expect(tx.body.memo).toBe(`${nodeId}@10.0.0.1:26656`);
      expect(tx.body.messages[0]["@type"]).toBe("/cosmos.staking.v1beta1.MsgCreateValidator");
      expect(tx.body.messages[0].description.moniker).toBe("node-a");
      // Gentx JSON is the SDK form: LegacyDec as decimal text (the wire keeps 5e16 atomics).
      expect(tx.body.messages[0].commission.rate).toBe("0.050000000000000000");
      expect(tx.auth_info.fee.amount).toEqual([]);
      expect(tx.auth_info.signer_infos[0].sequence).toBe("0");
      const consKey = JSON.parse(readFileSync(paths.privValidatorKey, "utf8")).pub_key.value;
      expect(tx.body.messages[0].pubkey.key).toBe(consKey);

      const collected = collectGentxsCmd(home);
      expect(collected.map((c) => [c.moniker, c.operator, c.power])).toEqual([["node-a", operator.address, "10"]]);
      const doc = loadGenesis(paths.genesis);
      expect(doc.validators).toEqual([]);
      expect((doc.app_state.genutil as any).gen_txs).toEqual([gentx]);
      expect((doc.app_state.staking as any).validators).toEqual([]);
      validateGenesisCmd(paths.genesis);

      const app = await App.open({ dataDir: join(home, "app"), modules: buildModules(), logger: silentLogger });
      try {
        const res = app.initChain(initChainRequest(doc));
        expect(res.validators.map((v) => [Buffer.from(v.pubKey!.ed25519!).toString("base64"), v.power])).toEqual([[consKey, 10n]]);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("collects gentxs in file order without bonding anything itself", () => {
    const doc = emptyGenesis();
    const [op1, op2] = [testKey("op1"), testKey("op2")];
    addGenesisAccounts(doc, [
      { address: op1.address, coins: [{ denom: "uyml", amount: 50_000_000n }] },
      { address: op2.address, coins: [{ denom: "uyml", amount: 20_000_000n }] },
    ]);
    const before = JSON.stringify(doc.app_state.bank);
    const collected = collectGentxs(doc, gentxDir([gentx(op1, 1, 10_000_000n), gentx(op2, 2, 20_000_000n)]));
    validateGenesis(doc, buildModules());
    expect(collected.map((c) => [c.moniker, c.power, c.self_bond])).toEqual([
      ["v1", "10", "10000000uyml"],
      ["v2", "20", "20000000uyml"],
    ]);
    expect(JSON.stringify(doc.app_state.bank)).toBe(before);
    expect(bankOf(doc).balances.some((b) => b.address === moduleAddress("bonded_tokens_pool"))).toBe(false);
    expect(genesisGentxs(doc).map((g) => g.signer)).toEqual([op1.address, op2.address]);
  });

  it("refuses a gentx whose operator cannot pay the self-bond or has no account, one that is not a gentx, and an empty directory", () => {
    const doc = emptyGenesis();
    const op = testKey("op");
    addGenesisAccounts(doc, [{ address: op.address, coins: [{ denom: "uyml", amount: 9_999_999n }] }]);
    expect(() => collectGentxs(doc, gentxDir([gentx(op, 1, 10_000_000n)]))).toThrow(
      /gentx-0.json: gentx 0 \(v1\): account yml1\w+ has a balance in genesis of 9999999uyml, less than the self-bond 10000000uyml/,
    );
    expect(() => collectGentxs(doc, gentxDir([gentx(testKey("nobody"), 1, 10_000_000n)]))).toThrow(/not in genesis state/);
    expect(() => collectGentxs(doc, gentxDir([{ body: { messages: [] }, auth_info: {}, signatures: [] }]))).toThrow(
      /exactly 1 CreateValidator message, got 0/,
    );
    expect(() => collectGentxs(doc, gentxDir([]))).toThrow(/no gentx files/);
  });

  it("genesis validate refuses gen_txs whose signer cannot pay the self-bond", () => {
    const doc = emptyGenesis();
    addGenesisAccounts(doc, [{ address: testKey("op").address, coins: [{ denom: "uyml", amount: 5n }] }]);
    doc.app_state.genutil = { gen_txs: [gentx(testKey("op"), 1, 10_000_000n)] };
    expect(() => validateGenesis(doc, buildModules())).toThrow(/less than the self-bond/);
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
