import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { BLOCKCHAIND_BIN, localnetOperator, rpc, waitForHeight } from "../../src/cli/localnet";
import { accAddress, bech32Prefix, toBech32, valAddress } from "../../src/types/address";
import { startLocalnet } from "./helpers";
import {
  consensusKeyOf,
  mustDeliver,
  signingClient,
  waitForCometPower,
  waitForSignedBlock,
  type ConsensusKey,
} from "./helpers/validator-set";

const run = promisify(execFile);
const WINDOW = 20;
const JAIL_SECONDS = 20;

interface SigningInfoJson {
  address: string;
  start_height: string;
  index_offset: string;
  jailed_until: string;
  tombstoned: boolean;
  missed_blocks_counter: string;
}

/**
 * Downtime through real consensus: node 3's CometBFT and app stop, the other three keep the
 * chain going (30 of 40 power), the missed-blocks counter rises until more than half of a
 * 20-block window is missed, the validator is jailed and slashed 1%, and after the 20 s
 * downtime jail and a restart MsgUnjail brings it back into CometBFT's set.
 */
describe("slashing: downtime jail and unjail on a 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let rpc0: string;
  let rest0: string;
  let key: ConsensusKey;
  let valcons: string;
  let valoper: string;

  beforeAll(async () => {
    net = await startLocalnet({
      validators: 4,
      basePort: 19657,
      mutateGenesis: (s) =>
        Object.assign(s.slashing.params, {
          signed_blocks_window: String(WINDOW),
          min_signed_per_window: "0.500000000000000000",
          downtime_jail_duration: `${JAIL_SECONDS}s`,
          slash_fraction_downtime: "0.010000000000000000",
        }),
    });
    rpc0 = net.nodes[0].rpcUrl;
    rest0 = `http://127.0.0.1:${net.nodes[0].ports.api}`;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, 2, 120_000)));
    key = consensusKeyOf(net.nodes[3].home);
    valcons = toBech32(bech32Prefix.consensus, Buffer.from(key.address, "hex"));
    valoper = valAddress.encode(accAddress.decode(await localnetOperator(3)));
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  const restJson = async (path: string) => (await fetch(rest0 + path)).json() as Promise<any>;
  const signingInfo = async (): Promise<SigningInfoJson> =>
    (await restJson(`/cosmos/slashing/v1beta1/signing_infos/${valcons}`)).val_signing_info;
  const validator = async () => (await restJson(`/cosmos/staking/v1beta1/validators/${valoper}`)).validator;
  const cliSigningInfo = async (): Promise<SigningInfoJson> => {
    const { stdout } = await run(process.execPath, [
      BLOCKCHAIND_BIN,
      "query",
      "slashing",
      "signing-info",
      valcons,
      "--node",
      rpc0,
      "--output",
      "json",
    ]);
    return JSON.parse(stdout).val_signing_info;
  };

  it("every validator has a signing info from genesis on; at most a start-up precommit missed while all sign", async () => {
    const infos = (await restJson("/cosmos/slashing/v1beta1/signing_infos")).info as SigningInfoJson[];
    expect(infos).toHaveLength(4);
    const mine = await cliSigningInfo();
    expect(mine).toMatchObject({ address: valcons, tombstoned: false, jailed_until: "1970-01-01T00:00:00Z" });
    // The last validator to start may have its first precommits arrive after their blocks closed
    // (seen once on the loaded 2-core CI machine: 1 missed); while all sign, that is all it misses.
    expect(Number(mine.missed_blocks_counter)).toBeLessThanOrEqual(2);
  });

  it("a stopped validator's missed-blocks counter rises until it is jailed and slashed 1%", async () => {
    await net.nodes[3].stop();
    const seen: number[] = [];
    let cliSeen: number | undefined;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`not jailed; counters seen: ${seen.join(",")}`);
      const v = await validator();
      if (v.jailed) break;
      const counter = Number((await signingInfo()).missed_blocks_counter);
      if (counter > 0) seen.push(counter);
      if (cliSeen === undefined && counter >= 2) cliSeen = Number((await cliSigningInfo()).missed_blocks_counter);
      await new Promise((r) => setTimeout(r, 300));
    }
    // More than window − min signed (20 − 10) misses jail once the first window (start height
    // + 20) is past; the counter was seen rising until then, never beyond the window.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBeGreaterThan(seen[0]);
    expect(seen.every((c, i) => i === 0 || c >= seen[i - 1])).toBe(true);
    expect(Math.max(...seen)).toBeLessThanOrEqual(WINDOW);
    expect(cliSeen).toBeGreaterThanOrEqual(2);

    const v = await validator();
    expect(v.tokens).toBe("9900000");
    const info = await signingInfo();
    expect(info).toMatchObject({ missed_blocks_counter: "0", index_offset: "0", tombstoned: false });
    expect(Date.parse(info.jailed_until)).toBeGreaterThan(Date.parse("2000-01-01T00:00:00Z"));
    await waitForCometPower(rpc0, key.address, 0n);
  });

  it("after jailed_until and a restart, MsgUnjail brings it back into CometBFT's set, signing again", async () => {
    const jailedUntil = Date.parse((await signingInfo()).jailed_until);
    await net.nodes[3].start();
    for (;;) {
      const status = await rpc<{ sync_info: { latest_block_time: string } }>(rpc0, "status");
      if (Date.parse(status.sync_info.latest_block_time) > jailedUntil) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml", hdPaths: [makeCosmoshubPath(4)] });
    const [{ address }] = await wallet.getAccounts();
    expect(address).toBe(await localnetOperator(3));
    const client = await signingClient(rpc0, wallet);
    await mustDeliver(client, address, [{ typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: valoper } }]);
    expect((await validator()).jailed).toBe(false);
    // 9.9 YML bonded: consensus power 9.
    const back = await waitForCometPower(rpc0, key.address, 9n, 60_000);
    await waitForSignedBlock(rpc0, key.address, back, 60_000);
    expect(Number((await signingInfo()).start_height)).toBeGreaterThan(0);
  });
});
