import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CycleStatus, DenomStatus, SettlementMode } from "../../../src/gen/blockchain/netting/v1/netting";
import * as q from "../../../src/gen/blockchain/netting/v1/query";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  CYCLE,
  EUR,
  Q,
  THRESHOLD,
  USD,
  batchHash,
  currentCycle,
  cycle,
  eventOf,
  eventsOf,
  expectNettingError,
  held,
  keys,
  msg,
  nettingChain,
  obligations,
  position,
  queryCode,
  throughBoundary,
} from "./setup";

const { bankA, bankB, bankC, outsider } = keys;
const A = bankA.address;
const B = bankB.address;
const C = bankC.address;

describe("netting: reserves, obligations and the cycle", () => {
  let chain: TestChain;
  let first: bigint;

  beforeAll(async () => {
    chain = await nettingChain();
    await chain.produceBlocks(1);
    first = currentCycle(chain).cycle!.id;
  });
  afterAll(async () => chain.close());

  it("a cycle is open from the start (none → OPEN) and closes at the next multiple of cycle_blocks", () => {
    const cur = currentCycle(chain);
    expect(cur.cycle).toMatchObject({ id: 1n, status: CycleStatus.CYCLE_STATUS_OPEN, closedAtHeight: 0n, outcomes: [] });
    expect(cur.closesAtHeight).toBe((chain.height / CYCLE + 1n) * CYCLE);
  });

  it("posts reserves per currency; non-participants are refused (1101)", async () => {
    const res = await chain.mustDeliver(bankA, [
      msg.post(A, [
        { denom: EUR, amount: "500" },
        { denom: USD, amount: "300" },
      ]),
    ]);
    expect(eventsOf(res, "blockchain.netting.v1.EventReserveChanged")).toEqual(
      [
        { participant: A, denom: EUR, amount: "500", deposited: true },
        { participant: A, denom: USD, amount: "300", deposited: true },
      ].map((e) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, JSON.stringify(v)]))),
    );
    await chain.mustDeliver(bankB, [msg.post(B, [{ denom: EUR, amount: "400" }])]);
    await chain.mustDeliver(bankC, [msg.post(C, [{ denom: EUR, amount: "100" }])]);
    expectNettingError(await chain.deliver(outsider, [msg.post(outsider.address, [{ denom: EUR, amount: "1" }])]), 1101);
    expectNettingError(await chain.deliver(outsider, [msg.withdraw(outsider.address, [{ denom: EUR, amount: "1" }])]), 1101);
    expect(position(chain, A)).toEqual([
      { denom: EUR, reserve: "500", locked: "0", available: "500", netPosition: "0" },
      { denom: USD, reserve: "300", locked: "0", available: "300", netPosition: "0" },
    ]);
  });

  it("validates obligations exactly as the spec lists (1101, 1102, 1103, 1104, 1105)", async () => {
    expectNettingError(await chain.deliver(outsider, [msg.submit(outsider.address, A, "10")]), 1101);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, outsider.address, "10")]), 1101);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, A, "10")]), 1104);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, B, "0")]), 1102);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, B, "-5")]), 1102);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, B, "10", EUR, new Uint8Array(31))]), 1103);
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, B, "10", EUR, new Uint8Array(33))]), 1103);
    expectNettingError(await chain.deliver(bankC, [msg.submit(C, A, "101")]), 1105);
    // A third party cannot declare another institution's debt: the signer is from_participant.
    const res = await chain.deliver(bankB, [msg.submit(A, B, "10")]);
    expect(res.code).not.toBe(0);
  });

  it("netted obligations move signed positions and commit reserve; the cap counts the running position", async () => {
    const r1 = await chain.mustDeliver(bankA, [msg.submit(A, B, "300")]);
    expect(eventOf(r1, "blockchain.netting.v1.EventObligationSubmitted")).toMatchObject({
      mode: '"SETTLEMENT_MODE_NET"',
      cycle_id: `"${first}"`,
      amount: '"300"',
    });
    await chain.mustDeliver(bankB, [msg.submit(B, C, "250")]);
    await chain.mustDeliver(bankC, [msg.submit(C, A, "150")]); // C: +250 -150 = +100, within reserve 100 anyway
    await chain.mustDeliver(bankA, [msg.submit(A, B, "100", USD)]);
    expect(position(chain, A)).toEqual([
      { denom: EUR, reserve: "500", locked: "150", available: "350", netPosition: "-150" },
      { denom: USD, reserve: "300", locked: "100", available: "200", netPosition: "-100" },
    ]);
    // Position lists a currency where the participant is only owed (no reserve, no lock) ...
    expect(position(chain, B)).toEqual([
      { denom: EUR, reserve: "400", locked: "0", available: "400", netPosition: "50" },
      { denom: USD, reserve: "0", locked: "0", available: "0", netPosition: "100" },
    ]);
    // ... and nothing for an address with no reserve and no activity.
    expect(position(chain, outsider.address)).toEqual([]);
    // A's debit in EUR is 150 of 500: 351 more would pass the reserve.
    expectNettingError(await chain.deliver(bankA, [msg.submit(A, C, "351")]), 1105);
    expect(obligations(chain, A, first).map((o) => [o.id, o.mode])).toEqual([
      [1n, SettlementMode.SETTLEMENT_MODE_NET],
      [3n, SettlementMode.SETTLEMENT_MODE_NET],
      [4n, SettlementMode.SETTLEMENT_MODE_NET],
    ]);
  });

  it("committed reserve cannot leave (1106), more than the reserve is 1107; the uncommitted part can", async () => {
    expectNettingError(await chain.deliver(bankA, [msg.withdraw(A, [{ denom: EUR, amount: "351" }])]), 1106);
    expectNettingError(await chain.deliver(bankA, [msg.withdraw(A, [{ denom: EUR, amount: "501" }])]), 1107);
    const before = chain.balance(A, EUR);
    await chain.mustDeliver(bankA, [msg.withdraw(A, [{ denom: EUR, amount: "50" }])]);
    expect(chain.balance(A, EUR)).toBe(before + 50n);
    expect(position(chain, A)[0]).toEqual({ denom: EUR, reserve: "450", locked: "150", available: "300", netPosition: "-150" });
  });

  it("gross settlement in the block: amount at the threshold, or a currency without policy", async () => {
    const [a0, b0] = [chain.balance(A, EUR), chain.balance(B, EUR)];
    const res = await chain.mustDeliver(bankA, [msg.submit(A, B, THRESHOLD)]);
    expect(eventOf(res, "blockchain.netting.v1.EventObligationSubmitted")!.mode).toBe('"SETTLEMENT_MODE_GROSS"');
    expect([chain.balance(A, EUR), chain.balance(B, EUR)]).toEqual([a0 - 1000000n, b0 + 1000000n]);
    const y0 = chain.balance(B, DENOM);
    await chain.mustDeliver(bankA, [msg.submit(A, B, "7", DENOM)]);
    expect(chain.balance(B, DENOM)).toBe(y0 + 7n);
    // Gross obligations take no part in positions.
    expect(position(chain, A)[0].netPosition).toBe("-150");
  });

  it("OPEN → SETTLED at the boundary: per currency, reserves debited and credited, outcomes and compression", async () => {
    const settled = await throughBoundary(chain);
    // EventCycleSettled once per currency, in denom order.
    expect(settled.map((e) => [e.denom, e.gross_amount, e.net_amount, e.obligation_count, e.participant_count, e.retried])).toEqual([
      [`"${EUR}"`, '"700"', '"150"', '"3"', '"3"', "false"],
      [`"${USD}"`, '"100"', '"100"', '"1"', '"2"', "false"],
    ]);
    const c = cycle(chain, first);
    expect(c.cycle).toMatchObject({ id: first, status: CycleStatus.CYCLE_STATUS_SETTLED, closedAtHeight: chain.height });
    expect(c.cycle!.outcomes).toEqual([
      { denom: EUR, status: DenomStatus.DENOM_STATUS_SETTLED, grossAmount: "700", netAmount: "150", obligationCount: 3n, holdReason: "" },
      { denom: USD, status: DenomStatus.DENOM_STATUS_SETTLED, grossAmount: "100", netAmount: "100", obligationCount: 1n, holdReason: "" },
    ]);
    expect(c.compression).toEqual([
      { denom: EUR, compressionBps: 7857n },
      { denom: USD, compressionBps: 0n },
    ]);
    // A: 450-150, B: 400+300-250 = 450, C: 100+250-150 = 200.
    expect(position(chain, A)).toEqual([
      { denom: EUR, reserve: "300", locked: "0", available: "300", netPosition: "0" },
      { denom: USD, reserve: "200", locked: "0", available: "200", netPosition: "0" },
    ]);
    expect(position(chain, B)[0]).toMatchObject({ denom: EUR, reserve: "450" });
    expect(position(chain, C)[0]).toMatchObject({ denom: EUR, reserve: "200" });
    const next = currentCycle(chain).cycle!;
    expect(next).toMatchObject({ id: first + 1n, status: CycleStatus.CYCLE_STATUS_OPEN, openedAtHeight: chain.height });
    expect(held(chain)).toEqual([]);
  });

  it("unknown cycles are 1108; only governance updates params or abandons (1100)", async () => {
    // Queries answer as the SDK maps gRPC codes: NotFound is 22.
    expect(queryCode(() => cycle(chain, 99n))).toBe(22);
    expectNettingError(await chain.deliver(bankA, [msg.updateParams({ cycleBlocks: 0n, denomPolicies: [], maxHoldCycles: 0n }, A)]), 1100);
    expectNettingError(await chain.deliver(bankA, [msg.abandon(1n, EUR, "x", A)]), 1100);
    expect(await chain.govExec([msg.abandon(1n, EUR)])).toMatchObject({ codespace: "netting", code: 1108 });
  });

  it("cycle_blocks = 0: every submission gross, nothing closes; restoring a value settles the open window", async () => {
    await chain.mustDeliver(bankB, [msg.submit(B, A, "40")]);
    const open = currentCycle(chain).cycle!.id;
    const params = {
      cycleBlocks: 0n,
      denomPolicies: [{ denom: EUR, grossThreshold: THRESHOLD, aggregateGrossThreshold: "0" }],
      maxHoldCycles: 0n,
    };
    expect((await chain.govExec([msg.updateParams(params)])).log).toBe("");
    expect(currentCycle(chain).closesAtHeight).toBe(0n);
    const b0 = chain.balance(B, EUR);
    const res = await chain.mustDeliver(bankB, [msg.submit(B, A, "5")]);
    expect(eventOf(res, "blockchain.netting.v1.EventObligationSubmitted")!.mode).toBe('"SETTLEMENT_MODE_GROSS"');
    expect(chain.balance(B, EUR)).toBe(b0 - 5n);
    await chain.produceBlocks(Number(CYCLE) + 1);
    expect(currentCycle(chain).cycle).toMatchObject({ id: open, status: CycleStatus.CYCLE_STATUS_OPEN });
    expect((await chain.govExec([msg.updateParams({ ...params, cycleBlocks: CYCLE })])).log).toBe("");
    await throughBoundary(chain);
    expect(cycle(chain, open).cycle).toMatchObject({ status: CycleStatus.CYCLE_STATUS_SETTLED });
    expect(cycle(chain, open).cycle!.outcomes[0]).toMatchObject({ denom: EUR, netAmount: "40", obligationCount: 1n });
  });

  it("ParticipantObligations pages oldest id first, both directions, by key; cycle 0 is never a cycle (404)", () => {
    const all = obligations(chain, A, first).map((o) => o.id);
    expect(all).toEqual([...all].sort((x, y) => (x < y ? -1 : 1)));
    const page = (key: Uint8Array) =>
      chain.query(
        Q + "ParticipantObligations",
        q.QueryParticipantObligationsRequest,
        {
          participant: A,
          cycleId: first,
          pagination: { key, offset: 0n, limit: 2n, countTotal: false, reverse: false },
        },
        q.QueryParticipantObligationsResponse,
      );
    const seen: bigint[] = [];
    let key: Uint8Array = new Uint8Array();
    do {
      const res = page(key);
      expect(res.obligations.length).toBeLessThanOrEqual(2);
      seen.push(...res.obligations.map((o) => o.id));
      key = res.pagination!.nextKey;
    } while (key.length > 0);
    expect(seen).toEqual(all);
    // Both directions: what A owes and what it is owed (C → A 150).
    const listed = obligations(chain, A, first);
    expect(listed.every((o) => o.fromParticipant === A || o.toParticipant === A)).toBe(true);
    expect(listed.some((o) => o.fromParticipant === C && o.toParticipant === A && o.amount === "150")).toBe(true);
    expect(queryCode(() => cycle(chain, 0n))).toBe(22);
  });

  it("batch hashes are stored as given", () => {
    const o = obligations(chain, A, first)[0];
    expect(Buffer.from(o.batchHash).toString("hex")).toBe(Buffer.from(batchHash(`${A}${B}300`)).toString("hex"));
  });
});
