import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../helpers/chain";
import {
  CaseAction,
  CaseStatus,
  caseIdOf,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  getCase,
  keys,
  msg,
  openCase,
  produceUntil,
  send,
  setJurisdictions,
  typedEvents,
  validator,
} from "./setup";

describe("the enforcement authority of the target's country", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain({
      authorities: [
        [keys.authDE.address, "DE"],
        [keys.authFR.address, "FR"],
      ],
    });
    const res = await chain.govExec(
      setJurisdictions([
        [keys.target.address, "DE"],
        [keys.other.address, "DE"],
        [keys.mallory.address, "FR"],
      ]),
    );
    expect(res.log).toBe("");
  });
  afterAll(async () => chain.close());

  it("MsgEmergencyFreeze: none → VOTING, emergency, recorded by the authority's account; validators still decide", async () => {
    const res = await chain.mustDeliver(keys.authDE, [msg.emergencyFreeze(keys.authDE.address, keys.target.address)]);
    const id = caseIdOf(res);
    expect(getCase(chain, id)).toMatchObject({
      opener: keys.authDE.address,
      emergency: true,
      action: CaseAction.CASE_ACTION_FREEZE,
      status: CaseStatus.CASE_STATUS_VOTING,
      reason: "imminent flight of funds",
    });
    expect(typedEvents(res.events, "EventCaseOpened")[0]).toMatchObject({ opener: keys.authDE.address, emergency: true });
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(true);
    // VOTING → REVERSED by MsgEmergencyRelease; the case is kept with the release reason beside the accusation.
    const rel = await chain.mustDeliver(keys.authDE, [msg.emergencyRelease(keys.authDE.address, id)]);
    expect(getCase(chain, id)).toMatchObject({
      status: CaseStatus.CASE_STATUS_REVERSED,
      reason: `imminent flight of funds\n--\nreleased by ${keys.authDE.address}: mistaken identity`,
    });
    expect(typedEvents(rel.events, "EventFreezeLifted")).toEqual([
      { address: keys.target.address, case_id: String(id), status: "CASE_STATUS_REVERSED" },
    ]);
    await chain.mustDeliver(keys.target, [send(keys.target.address, keys.other.address)]);
  });

  it("PASSED → REVERSED by MsgEmergencyRelease", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    await produceUntil(chain, getCase(chain, id).votingEndsAtHeight);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_PASSED);
    await chain.mustDeliver(keys.authDE, [msg.emergencyRelease(keys.authDE.address, id)]);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_REVERSED);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(false);
  });

  it("MsgOpenCase by the authority (a seizure): recorded by its own account; the opener may withdraw", async () => {
    const res = await chain.mustDeliver(keys.authDE, [msg.open(keys.authDE.address, keys.other.address, CaseAction.CASE_ACTION_SEIZE)]);
    const id = caseIdOf(res);
    expect(getCase(chain, id)).toMatchObject({ opener: keys.authDE.address, emergency: true, action: CaseAction.CASE_ACTION_SEIZE });
    expect(getCase(chain, id).legalInstrument!.reference).toBe("HC-2026-17");
    await chain.mustDeliver(keys.authDE, [msg.withdraw(keys.authDE.address, id)]);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_WITHDRAWN);
  });

  it("another country's authority may neither freeze nor release (ErrInvalidSigner), nor open (alias ErrOutOfScope)", async () => {
    expectEnforcementError(await chain.deliver(keys.authFR, [msg.emergencyFreeze(keys.authFR.address, keys.target.address)]), 1100);
    expect(await chain.deliver(keys.authFR, [msg.open(keys.authFR.address, keys.target.address)])).toMatchObject({
      codespace: "alias",
      code: 19,
    });
    const id = caseIdOf(await chain.mustDeliver(keys.authDE, [msg.emergencyFreeze(keys.authDE.address, keys.target.address)]));
    expectEnforcementError(await chain.deliver(keys.authFR, [msg.emergencyRelease(keys.authFR.address, id)]), 1100);
    // A validator is no emergency authority either.
    expectEnforcementError(await chain.deliver(validator(), [msg.emergencyFreeze(validator().address, keys.mallory.address)]), 1100);
    await chain.mustDeliver(keys.authDE, [msg.withdraw(keys.authDE.address, id)]);
    // A released (closed) case cannot be released again.
    expectEnforcementError(await chain.deliver(keys.authDE, [msg.emergencyRelease(keys.authDE.address, id)]), 1103);
  });

  it("an account with no recorded jurisdiction has no authority over it", async () => {
    expectEnforcementError(await chain.deliver(keys.authDE, [msg.emergencyFreeze(keys.authDE.address, keys.alice.address)]), 1100);
  });
});
