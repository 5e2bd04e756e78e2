import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as q from "../../src/gen/blockchain/oracle/v1/query";
import * as tx from "../../src/gen/blockchain/oracle/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { accAddress, valAddress } from "../../src/types/address";
import { deliverSigned, startLocalnet } from "./helpers";
import { pack } from "../helpers/chain";
import { abciQuery } from "./helpers/validator-set";

/** A query of the latest state with the height it answers for (nodes keep no historical state). */
async function queryLatest<Req, Res>(
  url: string,
  path: string,
  req: { encode(m: Req): { finish(): Uint8Array } },
  request: Req,
  res: { decode(b: Uint8Array): Res },
): Promise<{ height: string; value: Res }> {
  const data = Buffer.from(req.encode(request).finish()).toString("hex");
  const out = await rpc<{ response: { code: number; log: string; value: string | null; height: string } }>(url, "abci_query", {
    path: `"${path}"`,
    data: `0x${data}`,
  });
  if (out.response.code !== 0) throw new Error(`${path}: ${out.response.log}`);
  return { height: out.response.height, value: res.decode(Buffer.from(out.response.value ?? "", "base64")) };
}

/**
 * Each validator's operator names a feeder; each feeder votes through real CometBFT; every
 * node reports the same agreed rate, voting_power_bps and miss counters (default params:
 * rounds of 5 blocks, uyml accepted, half the power must vote).
 */
describe("oracle on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let urls: string[];

  beforeAll(async () => {
    net = await startLocalnet({ validators: 4, basePort: 28657 });
    urls = net.nodes.map((n) => n.rpcUrl);
    await Promise.all(urls.map((u) => waitForHeight(u, 2, 120_000)));
  }, 180_000);

  afterAll(async () => {
    await net?.cleanup();
  });

  it("feeders vote for their validators; every node agrees the same rate and counters", async () => {
    const operators = await Promise.all(
      [0, 1, 2, 3].map((i) => Secp256k1Key.fromMnemonic(DEV_FAUCET_MNEMONIC, `m/44'/118'/0'/0/${i + 1}`)),
    );
    const feeders = [0, 1, 2, 3].map((i) => Secp256k1Key.fromSeed(`oracle-e2e/feeder/${i}`));
    const valoper = (k: Secp256k1Key) => valAddress.encode(accAddress.decode(k.address));
    // Operators fund their feeders and delegate to them (in parallel: different signers).
    await Promise.all(
      operators.map((op, i) =>
        deliverSigned(urls[i], op, [
          pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: op.address,
            toAddress: feeders[i].address,
            amount: [{ denom: "uyml", amount: "1000000" }],
          }),
          pack("/blockchain.oracle.v1.MsgDelegateFeeder", tx.MsgDelegateFeeder, {
            operator: op.address,
            validator: valoper(op),
            feeder: feeders[i].address,
          }),
        ]),
      ),
    );
    for (const [i, op] of operators.entries()) {
      const f = await abciQuery(
        urls[(i + 1) % 4],
        "/blockchain.oracle.v1.Query/FeederDelegation",
        q.QueryFeederDelegationRequest,
        { validator: valoper(op) },
        q.QueryFeederDelegationResponse,
      );
      expect(f.feeder).toBe(feeders[i].address);
    }
    // Three of four feeders vote (75% of power); the fourth validator abstains.
    const rates = ["0.51", "0.49", "0.50"];
    await Promise.all(
      [0, 1, 2].map((i) =>
        deliverSigned(urls[i], feeders[i], [
          pack("/blockchain.oracle.v1.MsgSubmitExchangeRates", tx.MsgSubmitExchangeRates, {
            feeder: feeders[i].address,
            validator: valoper(operators[i]),
            rates: [{ denom: "uyml", rate: rates[i] }],
          }),
        ]),
      ),
    );
    // Votes may straddle a round boundary: wait for a round in which all three landed.
    const deadline = Date.now() + 90_000;
    let answer: q.QueryExchangeRateResponse | undefined;
    for (;;) {
      try {
        answer = await abciQuery(
          urls[0],
          "/blockchain.oracle.v1.Query/ExchangeRate",
          q.QueryExchangeRateRequest,
          { denom: "uyml" },
          q.QueryExchangeRateResponse,
        );
        if (answer.rate?.votingPowerBps === 7500n) break;
      } catch {
        // no rate yet
      }
      if (Date.now() > deadline) throw new Error(`no round with three votes: ${JSON.stringify(answer?.rate)}`);
      if (answer?.rate) {
        // A round that saw only part of the votes: vote again, all three.
        await Promise.all(
          [0, 1, 2].map((i) =>
            deliverSigned(urls[i], feeders[i], [
              pack("/blockchain.oracle.v1.MsgSubmitExchangeRates", tx.MsgSubmitExchangeRates, {
                feeder: feeders[i].address,
                validator: valoper(operators[i]),
                rates: [{ denom: "uyml", rate: rates[i] }],
              }),
            ]),
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(answer!.rate).toMatchObject({ denom: "uyml", rate: "0.500000000000000000", votingPowerBps: 7500n });
    const height = Number(answer!.rate!.updatedHeight);
    await Promise.all(urls.map((u) => waitForHeight(u, height + 1, 60_000)));
    // Nodes keep only their latest state: read all four until they answer for the same height.
    let all: Array<{ rate: q.QueryExchangeRateResponse; misses: q.QueryMissCountersResponse }>;
    for (let attempt = 0; ; attempt++) {
      const got = await Promise.all(
        urls.map(async (u) => {
          const [r, m] = await Promise.all([
            queryLatest(
              u,
              "/blockchain.oracle.v1.Query/ExchangeRate",
              q.QueryExchangeRateRequest,
              { denom: "uyml" },
              q.QueryExchangeRateResponse,
            ),
            queryLatest(
              u,
              "/blockchain.oracle.v1.Query/MissCounters",
              q.QueryMissCountersRequest,
              { pagination: undefined },
              q.QueryMissCountersResponse,
            ),
          ]);
          return { heights: [r.height, m.height], rate: r.value, misses: m.value };
        }),
      );
      if (new Set(got.flatMap((g) => g.heights)).size === 1) {
        all = got;
        break;
      }
      if (attempt > 200) throw new Error("nodes never answered for one height");
      await new Promise((r) => setTimeout(r, 50));
    }
    // Every node answers the same rate record, voting_power_bps and miss counters at that height.
    for (const a of all) expect(a.rate.rate).toEqual(answer!.rate);
    for (const a of all.slice(1)) expect(a.misses.counters).toEqual(all[0].misses.counters);
    for (const a of all) {
      const byVal = Object.fromEntries(a.misses.counters.map((c) => [c.validator, c]));
      expect(Object.keys(byVal).sort()).toEqual(operators.map(valoper).sort());
      expect(byVal[valoper(operators[3])].misses).toBeGreaterThanOrEqual(byVal[valoper(operators[0])].misses);
    }
    expect(await latestHeight(urls[0])).toBeGreaterThan(height);
  }, 240_000);
});
