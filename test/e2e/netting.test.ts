import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { CycleStatus, DenomStatus, SettlementMode } from "../../src/gen/blockchain/netting/v1/netting";
import * as q from "../../src/gen/blockchain/netting/v1/query";
import * as tx from "../../src/gen/blockchain/netting/v1/tx";
import { appHashAt, latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { deliverSigned, startLocalnet } from "./helpers";
import { pack } from "../helpers/chain";
import { abciQuery } from "./helpers/validator-set";

const EUR = "ueur";
const CYCLE_BLOCKS = 20;
const Q = "/blockchain.netting.v1.Query/";
const T = "/blockchain.netting.v1.";
const banks = ["A", "B", "C"].map((n) => Secp256k1Key.fromSeed(`netting-e2e/bank${n}`));
const [A, B, C] = banks.map((k) => k.address);

const cycleOf = (url: string, id: bigint) => abciQuery(url, Q + "Cycle", q.QueryCycleRequest, { id }, q.QueryCycleResponse);
const positionOf = (url: string, participant: string) =>
  abciQuery(url, Q + "Position", q.QueryPositionRequest, { participant }, q.QueryPositionResponse);

/**
 * Three approved institutions post reserves and submit obligations through signed txs on the
 * 4-validator localnet; the cycle closes through real CometBFT and every node reports the
 * same outcome, reserves, settlement events and app hash.
 */
describe("netting on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let urls: string[];

  beforeAll(async () => {
    net = await startLocalnet({
      validators: 4,
      basePort: 18657,
      accounts: banks.map((k) => ({ address: k.address, coins: "1000000000uyml,1000000000ueur" })),
      mutateGenesis: (s) => {
        s.paymsg.approved_participant_map = banks.map((k, i) => ({
          participant: k.address,
          code: `BANK${i}`,
          name: `Bank ${i}`,
          payload_store_url: "",
        }));
        s.netting.params = {
          cycle_blocks: String(CYCLE_BLOCKS),
          max_hold_cycles: "0",
          denom_policies: [{ denom: EUR, gross_threshold: "1000000", aggregate_gross_threshold: "0" }],
        };
      },
    });
    urls = net.nodes.map((n) => n.rpcUrl);
    await Promise.all(urls.map((u) => waitForHeight(u, 2, 120_000)));
  }, 180_000);

  afterAll(async () => {
    await net?.cleanup();
  });

  it("obligations from three participants close in one cycle; every node agrees on the settlement and the app hash", async () => {
    await Promise.all(
      banks.map((k, i) =>
        deliverSigned(urls[i], k, [
          pack(T + "MsgPostReserve", tx.MsgPostReserve, { participant: k.address, amount: [{ denom: EUR, amount: "1000" }] }),
        ]),
      ),
    );
    // Submit early in a cycle so that the three land in the same one.
    let cur = await abciQuery(urls[0], Q + "CurrentCycle", q.QueryCurrentCycleRequest, {}, q.QueryCurrentCycleResponse);
    if (Number(cur.closesAtHeight) - (await latestHeight(urls[0])) < CYCLE_BLOCKS / 2) {
      await waitForHeight(urls[0], Number(cur.closesAtHeight) + 1, 120_000);
      cur = await abciQuery(urls[0], Q + "CurrentCycle", q.QueryCurrentCycleRequest, {}, q.QueryCurrentCycleResponse);
    }
    const id = cur.cycle!.id;
    const obligation = (from: Secp256k1Key, to: string, amount: string) =>
      pack(T + "MsgSubmitObligation", tx.MsgSubmitObligation, {
        fromParticipant: from.address,
        toParticipant: to,
        denom: EUR,
        amount,
        batchHash: createHash("sha256").update(`${from.address}>${to}:${amount}`).digest(),
      });
    await Promise.all([
      deliverSigned(urls[0], banks[0], [obligation(banks[0], B, "300")]),
      deliverSigned(urls[1], banks[1], [obligation(banks[1], C, "250")]),
      deliverSigned(urls[2], banks[2], [obligation(banks[2], A, "150")]),
    ]);
    const submitted = await abciQuery(
      urls[3],
      Q + "ParticipantObligations",
      q.QueryParticipantObligationsRequest,
      { participant: A, cycleId: id, pagination: undefined },
      q.QueryParticipantObligationsResponse,
    );
    expect(submitted.obligations.map((o) => [o.fromParticipant, o.amount, o.mode])).toEqual(
      expect.arrayContaining([
        [A, "300", SettlementMode.SETTLEMENT_MODE_NET],
        [C, "150", SettlementMode.SETTLEMENT_MODE_NET],
      ]),
    );

    const closesAt = Number(cur.closesAtHeight);
    await Promise.all(urls.map((u) => waitForHeight(u, closesAt + 1, 120_000)));
    const cycles = await Promise.all(urls.map((u) => cycleOf(u, id)));
    for (const c of cycles) {
      expect(c.cycle).toMatchObject({ id, status: CycleStatus.CYCLE_STATUS_SETTLED, closedAtHeight: BigInt(closesAt) });
      expect(c.cycle!.outcomes).toEqual([
        { denom: EUR, status: DenomStatus.DENOM_STATUS_SETTLED, grossAmount: "700", netAmount: "150", obligationCount: 3n, holdReason: "" },
      ]);
      expect(c.compression).toEqual([{ denom: EUR, compressionBps: 7857n }]);
    }
    // A: 1000 − 150, B: 1000 + 50, C: 1000 + 100 on every node.
    for (const u of urls) {
      const reserves = await Promise.all(
        [A, B, C].map(async (p) => (await positionOf(u, p)).entries.map((e) => [e.denom, e.reserve, e.locked, e.netPosition])),
      );
      expect(reserves).toEqual([[[EUR, "850", "0", "0"]], [[EUR, "1050", "0", "0"]], [[EUR, "1100", "0", "0"]]]);
    }
    // The boundary block's EndBlock events are the same everywhere.
    const settled = await Promise.all(
      urls.map(async (u) => {
        const r = await rpc<{ finalize_block_events: Array<{ type: string; attributes: Array<{ key: string; value: string }> }> }>(
          u,
          "block_results",
          { height: String(closesAt) },
        );
        return r.finalize_block_events
          .filter((e) => e.type === "blockchain.netting.v1.EventCycleSettled")
          .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
      }),
    );
    expect(settled[0]).toEqual([
      expect.objectContaining({
        cycle_id: `"${id}"`,
        denom: `"${EUR}"`,
        gross_amount: '"700"',
        net_amount: '"150"',
        obligation_count: '"3"',
        participant_count: '"3"',
        retried: "false",
      }),
    ]);
    for (const s of settled.slice(1)) expect(s).toEqual(settled[0]);
    // The app hash after the boundary block (in the header of the next) is the same on every node.
    const hashes = await Promise.all(urls.map((u) => appHashAt(u, closesAt + 1)));
    expect(new Set(hashes).size).toBe(1);
  });
});
