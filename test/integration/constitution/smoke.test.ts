import { afterAll, describe, expect, it } from "vitest";
import { defaultInvariants } from "../../../src/modules/constitution";
import type { TestChain } from "../../helpers/chain";
import { FOUNDATION, constitutionChain, getInvariants } from "./setup";

describe("constitution default genesis", () => {
  const chains: TestChain[] = [];
  afterAll(async () => Promise.all(chains.map((c) => c.close())));

  it("starts with the default invariants", async () => {
    const chain = await constitutionChain();
    chains.push(chain);
    // The recovery destination is the foundation group's policy the test chain's genesis creates.
    expect(getInvariants(chain)).toEqual({ ...defaultInvariants(), enforcementRecoveryDestination: FOUNDATION });
  });
});
