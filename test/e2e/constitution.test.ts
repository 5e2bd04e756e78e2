import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { sha256 } from "@noble/hashes/sha2.js";
import { Amendment, AmendmentStatus, type Invariants } from "../../src/gen/blockchain/constitution/v1/constitution";
import { GenesisState as ConstitutionGenesis } from "../../src/gen/blockchain/constitution/v1/genesis";
import * as cq from "../../src/gen/blockchain/constitution/v1/query";
import { MsgRatifyAmendment } from "../../src/gen/blockchain/constitution/v1/tx";
import { binaryToJson, jsonToBinary } from "../../src/codec/proto-json";
import { appHashAt, latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { accAddress, valAddress } from "../../src/types/address";
import { startLocalnet } from "./helpers";
import { accountAt, uyml, YML, type Account } from "./helpers/governance";
import { abciQuery, createValidatorMsg, mustDeliver, signingClient, type ConsensusKey } from "./helpers/validator-set";

const CQ = "/blockchain.constitution.v1.Query/";
const GENESIS_TYPE = "blockchain.constitution.v1.GenesisState";
/**
 * amendment_delay_blocks has a compiled floor of 120,960, so no amendment proposed on this chain
 * could come due within a test. Amendment 1 is planted pending in genesis instead, as an imported
 * chain would carry it (opened long ago), due at a height near enough for a test and far enough
 * for three ratifications to land first.
 */
const EFFECTIVE_AT = 45n;
/** The four genesis validators' power (10 each), the snapshot the amendment is ratified against. */
const SNAPSHOT_POWER = 40n;
/** What amendment 1 proposes: the genesis invariants with a lower entity ceiling and a higher amendment threshold. */
const amend = (inv: Invariants): Invariants => ({ ...inv, maxEntityPowerBps: 3000n, amendmentThresholdBps: 7000n });

const invariantsAt = async (url: string) =>
  (await abciQuery(url, CQ + "Invariants", cq.QueryInvariantsRequest, {}, cq.QueryInvariantsResponse)).invariants!;
const amendmentAt = async (url: string, id: bigint) =>
  (await abciQuery(url, CQ + "Amendment", cq.QueryAmendmentRequest, { id }, cq.QueryAmendmentResponse)).amendment!;

/** A consensus key nobody runs: the refused validator never gets as far as needing one. */
function unusedConsensusKey(): ConsensusKey {
  const key = new Uint8Array(32).fill(42);
  return {
    address: "",
    pubKeyBase64: Buffer.from(key).toString("base64"),
    pubKeyAny: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key }).finish() },
  };
}

describe("constitution and the admission gate on a 4-validator CometBFT localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let urls: string[];
  let faucet: Account;
  let operators: Account[];

  beforeAll(async () => {
    net = await startLocalnet({
      validators: 4,
      basePort: 30657,
      mutateGenesis: (s) => {
        const g = ConstitutionGenesis.decode(jsonToBinary(GENESIS_TYPE, s.constitution));
        const pending = Amendment.fromPartial({
          id: 1n,
          proposed: amend(g.invariants!),
          reason: "e2e: a lower entity ceiling",
          proposedAtHeight: 0n,
          effectiveAtHeight: EFFECTIVE_AT,
          snapshotPower: SNAPSHOT_POWER,
          ratifiedPower: 0n,
          status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
          resolvedAtHeight: 0n,
        });
        s.constitution = binaryToJson(
          GENESIS_TYPE,
          ConstitutionGenesis.encode({ ...g, amendments: [pending], ratifications: [], amendmentCount: 1n }).finish(),
        );
      },
    });
    urls = net.nodes.map((n) => n.rpcUrl);
    await Promise.all(urls.map((u) => waitForHeight(u, 2, 120_000)));
    faucet = await accountAt(urls[0], 0);
    operators = await Promise.all(net.nodes.map((_, i) => accountAt(urls[0], i + 1)));
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  it("an unapproved MsgCreateValidator is refused by CheckTx on every node (1103, validatorgov) and never reaches a block", async () => {
    const wallet = await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" });
    const [{ address }] = await wallet.getAccounts();
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.fromPartial({ fromAddress: faucet.address, toAddress: address, amount: [uyml(10n * YML)] }),
      },
    ]);
    const client = await signingClient(urls[0], wallet);
    const signed = await client.sign(
      address,
      [createValidatorMsg(address, unusedConsensusKey(), "uninvited", 5n * YML, 1n)],
      { amount: [uyml(20_000n)], gas: "400000" },
      "",
    );
    const bytes = TxRaw.encode(signed).finish();
    const hash = Buffer.from(sha256(bytes)).toString("hex").toUpperCase();

    for (const url of urls) {
      const res = await rpc<{ code: number; codespace: string; log: string; hash: string }>(url, "broadcast_tx_sync", {
        tx: `0x${Buffer.from(bytes).toString("hex")}`,
      });
      expect({ code: res.code, codespace: res.codespace, hash: res.hash }).toEqual({ code: 1103, codespace: "validatorgov", hash });
      expect(res.log).toMatch(/not an approved validator/);
    }
    // Blocks go on; the tx is in none of them and no validator exists for the operator.
    const from = await latestHeight(urls[0]);
    await Promise.all(urls.map((u) => waitForHeight(u, from + 3, 60_000)));
    for (const url of urls) await expect(rpc(url, "tx", { hash: `0x${hash}` })).rejects.toThrow(/not found/);
    const operator = valAddress.encode(accAddress.decode(address));
    await expect(
      abciQuery(
        urls[0],
        "/cosmos.staking.v1beta1.Query/Validator",
        QueryValidatorRequest,
        { validatorAddr: operator },
        QueryValidatorResponse,
      ),
    ).rejects.toThrow(/not found/);
  });

  it("a pending amendment (from genesis) is ratified by 3 of 4 validators and enacted on every node with one app hash", async () => {
    const before = await invariantsAt(urls[0]);
    expect(before.amendmentDelayBlocks).toBeGreaterThanOrEqual(120_960n);
    const proposed = amend(before);

    const opened = await amendmentAt(urls[0], 1n);
    expect(opened).toMatchObject({
      status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
      snapshotPower: SNAPSHOT_POWER,
      ratifiedPower: 0n,
      effectiveAtHeight: EFFECTIVE_AT,
    });
    expect(opened.proposed).toEqual(proposed);

    await Promise.all(
      operators.slice(0, 3).map((op) =>
        mustDeliver(op.client, op.address, [
          {
            typeUrl: "/blockchain.constitution.v1.MsgRatifyAmendment",
            value: MsgRatifyAmendment.fromPartial({ validator: op.address, amendmentId: 1n }),
          },
        ]),
      ),
    );
    const rat = await abciQuery(
      urls[0],
      CQ + "Ratifications",
      cq.QueryRatificationsRequest,
      { amendmentId: 1n },
      cq.QueryRatificationsResponse,
    );
    expect(rat.ratifications.map((r) => r.validator).sort()).toEqual(
      operators
        .slice(0, 3)
        .map((o) => o.address)
        .sort(),
    );
    // 6667 bps (the threshold in force) of the 40 snapshot power, rounded up.
    expect(rat.requiredPower).toBe(27n);
    expect((await amendmentAt(urls[0], 1n)).ratifiedPower).toBe(30n);
    expect(await latestHeight(urls[0])).toBeLessThan(Number(opened.effectiveAtHeight));

    const after = Number(opened.effectiveAtHeight) + 1;
    await Promise.all(urls.map((u) => waitForHeight(u, after, 120_000)));
    for (const url of urls) {
      expect(await amendmentAt(url, 1n)).toMatchObject({
        status: AmendmentStatus.AMENDMENT_STATUS_ENACTED,
        resolvedAtHeight: opened.effectiveAtHeight,
        ratifiedPower: 30n,
      });
      expect(await invariantsAt(url)).toEqual(proposed);
    }
    const hashes = await Promise.all(urls.map((u) => appHashAt(u, after)));
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/^[0-9A-F]{64}$/);
  });
});
