import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/enforcement/v1/query";
import { DENOM, type DeliverResult, type TestChain } from "../../helpers/chain";
import { basic, grantAllowance } from "../feegrant/setup";
import {
  CaseAction,
  CaseStatus,
  HASH,
  Q,
  caseIdOf,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  getCase,
  getParams,
  instrument,
  keys,
  msg,
  produceUntil,
  send,
  seizureWindow,
  setJurisdictions,
  typedEvents,
  validator,
} from "./setup";

// Rules 39–43 of the conformance round, through signed transactions on one shared chain.

const WINDOW = 12n;
/** A fee the frozen account cannot pay itself: a free account's allowance pays it. */
const FEE = [{ denom: DENOM, amount: "2000" }];

const caseCount = (chain: TestChain) => chain.query(Q + "Recovered", q.QueryRecoveredRequest, {}, q.QueryRecoveredResponse).casesOpened;

function expectAliasError(res: DeliverResult, code: number): void {
  expect({ codespace: res.codespace, code: res.code, log: res.log }).toMatchObject({ codespace: "alias", code });
}

describe("enforcement conformance", () => {
  let chain: TestChain;
  const v = validator;

  beforeAll(async () => {
    chain = await enforcementChain({
      params: {
        seizure_delay_blocks: "3",
        seizure_window_blocks: String(WINDOW),
        // The value cap names a denomination nobody holds: only the count can defer.
        seizure_window_cap: [{ denom: "uother", amount: "1" }],
        max_seizures_per_window: "1",
      },
      authorities: [
        [keys.authDE.address, "DE"],
        [keys.authFR.address, "FR"],
      ],
    });
    const res = await chain.govExec(
      setJurisdictions([
        [keys.other.address, "DE"],
        [keys.target.address, "DE"],
      ]),
    );
    expect(res.log).toBe("");
  });
  afterAll(async () => chain.close());

  describe("rule 39: any defect of a seizure's instrument is ErrLegalInstrumentRequired (1115)", () => {
    const seize = (over: Parameters<typeof instrument>[0]) =>
      chain.deliver(v(), [msg.open(v().address, keys.alice.address, CaseAction.CASE_ACTION_SEIZE, { legalInstrument: instrument(over) })]);
    const defects: Array<[string, Parameters<typeof instrument>[0]]> = [
      ["blank issuing authority", { issuingAuthority: "  " }],
      ["empty reference", { reference: "" }],
      ["unspecified kind", { kind: 0 }],
      ["hash in upper case", { hash: HASH.toUpperCase() }],
      ["hash too short", { hash: "ab".repeat(31) }],
      ["issued_at zero", { issuedAt: 0n }],
      ["issued_at after the block time", { issuedAt: 4_000_000_000n }],
    ];
    for (const [name, over] of defects) {
      it(name, async () => {
        const before = caseCount(chain);
        expectEnforcementError(await seize(over), 1115);
        expect(caseCount(chain)).toBe(before);
      });
    }
  });

  describe("rule 40: a non-validator opener is scoped by the target's country", () => {
    it("no ROLE_ENFORCEMENT_AUTHORITY anywhere: 1101, before the target's jurisdiction is read", async () => {
      expectEnforcementError(await chain.deliver(keys.mallory, [msg.open(keys.mallory.address, keys.alice.address)]), 1101);
      expectEnforcementError(await chain.deliver(keys.mallory, [msg.open(keys.mallory.address, keys.other.address)]), 1101);
    });

    it("a role holder against a target with no recorded country: alias ErrNoJurisdiction (9)", async () => {
      expectAliasError(await chain.deliver(keys.authFR, [msg.open(keys.authFR.address, keys.alice.address)]), 9);
    });

    it("the role held only for another country: alias ErrOutOfScope (19) naming the role and the target's country; nothing written", async () => {
      const before = caseCount(chain);
      const res = await chain.deliver(keys.authFR, [msg.open(keys.authFR.address, keys.other.address)]);
      expectAliasError(res, 19);
      expect(res.log).toContain("ROLE_ENFORCEMENT_AUTHORITY");
      expect(res.log).toContain("DE");
      expect(caseCount(chain)).toBe(before);
      expect(freezeStatus(chain, keys.other.address).frozen).toBe(false);
    });

    it("the target country's authority opens; a bonded validator is unscoped (a target with no country)", async () => {
      const byAuthority = caseIdOf(await chain.mustDeliver(keys.authDE, [msg.open(keys.authDE.address, keys.other.address)]));
      expect(getCase(chain, byAuthority)).toMatchObject({ opener: keys.authDE.address, emergency: true });
      const byValidator = caseIdOf(await chain.mustDeliver(v(), [msg.open(v().address, keys.alice.address)]));
      expect(getCase(chain, byValidator).status).toBe(CaseStatus.CASE_STATUS_VOTING);
      await chain.mustDeliver(keys.authDE, [msg.withdraw(keys.authDE.address, byAuthority)]);
      await chain.mustDeliver(v(), [msg.withdraw(v().address, byValidator)]);
    });
  });

  describe("rule 41: the seizure cap window rolls with the height; a refused seizure stays HELD until the window allows", () => {
    let first = 0n;
    let second = 0n;
    let due = 0n;

    it("two seizures agreed together fall due at the same height", async () => {
      const res = await chain.mustDeliver(v(), [
        msg.open(v().address, keys.target.address, CaseAction.CASE_ACTION_SEIZE),
        msg.open(v().address, keys.other.address, CaseAction.CASE_ACTION_SEIZE),
      ]);
      first = caseIdOf(res);
      second = first + 1n;
      await chain.mustDeliver(v(), [msg.vote(v().address, first), msg.vote(v().address, second)]);
      await produceUntil(chain, getCase(chain, first).votingEndsAtHeight);
      due = getCase(chain, first).executeAtHeight;
      expect(getCase(chain, second)).toMatchObject({ status: CaseStatus.CASE_STATUS_HELD, executeAtHeight: due });
    });

    it("the count cap defers the second (its denomination is not in the value cap); it stays HELD with execute_at_height at the retry", async () => {
      const events = await produceUntil(chain, due);
      expect(getCase(chain, first).status).toBe(CaseStatus.CASE_STATUS_PASSED);
      expect(typedEvents(events, "EventSeizureDeferred")).toEqual([
        {
          case_id: String(second),
          target: keys.other.address,
          retry_at_height: String(due + WINDOW),
          reason: expect.stringContaining("seizure window cap reached"),
        },
      ]);
      expect(getCase(chain, second)).toMatchObject({ status: CaseStatus.CASE_STATUS_HELD, executeAtHeight: due + WINDOW });
      expect(seizureWindow(chain)).toMatchObject({
        windowStartHeight: due > WINDOW ? due - WINDOW + 1n : 0n,
        currentHeight: due,
        seizureCount: 1n,
        maxSeizures: 1n,
      });
    });

    it("the window is rolling: nothing runs before the first seizure is WINDOW blocks old, whatever the alignment", async () => {
      const events = await produceUntil(chain, due + WINDOW - 1n);
      expect(typedEvents(events, "EventSeizureDeferred")).toEqual([]);
      expect(typedEvents(events, "EventSeized")).toEqual([]);
      expect(getCase(chain, second).status).toBe(CaseStatus.CASE_STATUS_HELD);
      expect(seizureWindow(chain)).toMatchObject({ windowStartHeight: due, seizureCount: 1n });
    });

    it("deferred, never cancelled: it executes once the first leaves the window", async () => {
      const events = await produceUntil(chain, due + WINDOW);
      expect(typedEvents(events, "EventSeized").map((e) => e.case_id)).toEqual([String(second)]);
      expect(getCase(chain, second).status).toBe(CaseStatus.CASE_STATUS_PASSED);
      expect(seizureWindow(chain)).toMatchObject({ windowStartHeight: due + 1n, seizureCount: 1n });
    });

    it("rule 43: a veto of an executed seizure is ErrCaseClosed (1103) and changes nothing", async () => {
      const before = getCase(chain, first);
      expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, first)]), 1103);
      expect(getCase(chain, first)).toEqual(before);
      expect(freezeStatus(chain, keys.target.address).frozen).toBe(true);
    });
  });

  describe("rule 42: a frozen account may still pay the recovery destination", () => {
    let destination = "";

    beforeAll(async () => {
      destination = getParams(chain).recoveryDestination;
      await chain.mustDeliver(keys.grantee, [grantAllowance(keys.grantee.address, keys.mallory.address, basic())]);
      await chain.mustDeliver(v(), [msg.open(v().address, keys.mallory.address)]);
      expect(freezeStatus(chain, keys.mallory.address).frozen).toBe(true);
    });

    it("a voluntary surrender to the recovery destination goes through", async () => {
      const before = chain.balance(destination);
      await chain.mustDeliver(keys.mallory, [send(keys.mallory.address, destination, "700")], {
        fee: FEE,
        feeGranter: keys.grantee.address,
      });
      expect(chain.balance(destination)).toBe(before + 700n);
    });

    it("every other send stays refused (1107)", async () => {
      expectEnforcementError(
        await chain.deliver(keys.mallory, [send(keys.mallory.address, keys.alice.address)], { fee: FEE, feeGranter: keys.grantee.address }),
        1107,
      );
      // A surrender and another send together: the whole tx is refused.
      const both = [send(keys.mallory.address, destination), send(keys.mallory.address, keys.alice.address)];
      expectEnforcementError(await chain.deliver(keys.mallory, both, { fee: FEE, feeGranter: keys.grantee.address }), 1107);
    });
  });
});
