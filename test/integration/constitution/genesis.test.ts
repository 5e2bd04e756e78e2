import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { type GenesisDoc } from "../../../src/abci/genesis-doc";
import { AmendmentStatus } from "../../../src/gen/blockchain/constitution/v1/constitution";
import { GenesisState } from "../../../src/gen/blockchain/constitution/v1/genesis";
import { validateConstitutionGenesis } from "../../../src/modules/constitution/genesis";
import type { TestChain } from "../../helpers/chain";
import {
  GENESIS_POWER,
  chainWith,
  constitutionChain,
  getAmendment,
  getInvariants,
  invariantsJson,
  keys,
  listAmendments,
  msg,
  pendingAt,
  ratifications,
  testInvariants,
  validator,
} from "./setup";

/** InitChain of a fresh app from `doc`; returns the app hash and the app (caller closes it). */
describe("constitution genesis export and import", () => {
  let chain: TestChain;
  const genesis = testInvariants();
  const enacted = testInvariants({ maxJurisdictionPowerBps: 4000n });
  // Amendment 1 comes in pending (due within the test), amendment 2 is opened and withdrawn.
  const DUE = 40n;

  beforeAll(async () => {
    chain = await chainWith(genesis, undefined, [pendingAt(1n, enacted, DUE, GENESIS_POWER, "first")]);
    expect((await chain.govExec([msg.propose(enacted, "second")])).log).toBe("");
    expect((await chain.govExec([msg.withdraw(2n)])).log).toBe("");
    await chain.mustDeliver(validator(), [msg.ratify(validator().address, 1n)]);
  });
  afterAll(async () => chain.close());

  it("exports invariants, amendments, ratifications and the count in proto JSON", () => {
    const exported = chain.app.exportAppState().constitution as Record<string, any>;
    expect(exported).toEqual({
      invariants: invariantsJson(genesis),
      amendments: [
        {
          id: "1",
          proposed: invariantsJson(enacted),
          reason: "first",
          proposed_at_height: "0",
          effective_at_height: String(DUE),
          snapshot_power: "10",
          ratified_power: "10",
          status: "AMENDMENT_STATUS_PENDING",
          resolved_at_height: "0",
        },
        expect.objectContaining({ id: "2", status: "AMENDMENT_STATUS_WITHDRAWN", reason: "second" }),
      ],
      ratifications: [{ amendment_id: "1", validator: validator().address, power: "10", height: expect.any(String) }],
      amendment_count: "2",
    });
  });

  it("a chain imported from the export has the exporting chain's app hash, and carries on", async () => {
    const doc: GenesisDoc = { ...chain.genesis, app_state: chain.app.exportAppState() as Record<string, unknown> };
    const imported = await importGenesis(doc);
    // The whole state round-trips: InitChain from the export gives the exporting chain's app hash.
    expect(imported.appHash).toBe(Buffer.from(chain.app.store.lastAppHash).toString("hex"));

    // The imported section serves the same records and resolves the pending amendment on schedule.
    const next = await constitutionChain((s) => {
      s.constitution = doc.app_state.constitution;
    });
    try {
      expect(getInvariants(next)).toEqual(genesis);
      expect(listAmendments(next).amendment).toEqual(listAmendments(chain).amendment);
      expect(ratifications(next, 1n)).toEqual(ratifications(chain, 1n));
      while (next.height < DUE) await next.produceBlocks(1);
      expect(getAmendment(next, 1n).status).toBe(AmendmentStatus.AMENDMENT_STATUS_ENACTED);
      expect(getInvariants(next)).toEqual(enacted);
      // A new amendment continues the numbering.
      expect((await next.govExec([msg.propose(genesis, "third")])).log).toBe("");
      expect(getAmendment(next, 3n).reason).toBe("third");
    } finally {
      await next.close();
    }
  });
});

describe("constitution genesis validation", () => {
  const fields = Object.keys(invariantsJson(testInvariants()));

  it.each(fields)("refuses a genesis whose %s is zero", async (field) => {
    const inv = invariantsJson(testInvariants());
    inv[field] =
      typeof inv[field] === "string" && field !== "enforcement_recovery_destination"
        ? "0"
        : field === "enforcement_recovery_destination"
          ? ""
          : 0;
    await expect(
      constitutionChain((s) => {
        s.constitution.invariants = inv;
      }),
    ).rejects.toThrow(new RegExp(field));
  });

  it("refuses a genesis without invariants", async () => {
    await expect(
      constitutionChain((s) => {
        s.constitution = { amendments: [], ratifications: [], amendment_count: "0" };
      }),
    ).rejects.toThrow(/invariants are empty/);
  });

  const inv = testInvariants();
  const amendment = {
    id: 1n,
    proposed: inv,
    reason: "r",
    proposedAtHeight: 5n,
    effectiveAtHeight: 10n,
    snapshotPower: 10n,
    ratifiedPower: 10n,
    status: AmendmentStatus.AMENDMENT_STATUS_PENDING,
    resolvedAtHeight: 0n,
  };
  const ratification = { amendmentId: 1n, validator: keys.alice.address, power: 10n, height: 6n };
  const base = GenesisState.fromPartial({ invariants: inv, amendments: [amendment], ratifications: [ratification], amendmentCount: 1n });

  it.each([
    ["an amendment beyond the count", { amendmentCount: 0n }, /amendment_count/],
    ["a duplicate amendment", { amendments: [amendment, amendment], amendmentCount: 1n }, /given twice/],
    ["an unspecified status", { amendments: [{ ...amendment, status: AmendmentStatus.AMENDMENT_STATUS_UNSPECIFIED }] }, /status/],
    ["a pending amendment with a resolution height", { amendments: [{ ...amendment, resolvedAtHeight: 9n }] }, /resolved_at_height/],
    [
      "a resolved amendment without one",
      { amendments: [{ ...amendment, status: AmendmentStatus.AMENDMENT_STATUS_LAPSED }] },
      /resolved_at_height/,
    ],
    [
      "an invalid proposed set",
      { amendments: [{ ...amendment, proposed: { ...inv, amendmentThresholdBps: 10001n } }] },
      /amendment_threshold_bps/,
    ],
    ["a ratification of an unknown amendment", { ratifications: [{ ...ratification, amendmentId: 2n }] }, /unknown amendment/],
    ["a duplicate ratification", { ratifications: [ratification, ratification] }, /twice/],
    ["ratified power that is not the sum", { amendments: [{ ...amendment, ratifiedPower: 11n }] }, /not the sum/],
  ])("refuses %s", (_what, over, reason) => {
    expect(() => validateConstitutionGenesis(base)).not.toThrow();
    expect(() => validateConstitutionGenesis({ ...base, ...over })).toThrow(reason);
  });

  it("the genesis power of the test chain's validator is what the tests assume", async () => {
    const chain = await constitutionChain();
    try {
      expect(
        (
          await chain.govExec([
            msg.propose(testInvariants({ enforcementRecoveryDestination: getInvariants(chain).enforcementRecoveryDestination })),
          ])
        ).log,
      ).toBe("");
      expect(getAmendment(chain, 1n).snapshotPower).toBe(GENESIS_POWER);
    } finally {
      await chain.close();
    }
  });
});
