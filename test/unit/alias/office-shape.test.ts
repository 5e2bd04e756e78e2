import { describe, expect, it } from "vitest";
import { checkOfficeShape, signaturesNeeded } from "../../../src/modules/alias";
import type { GroupPolicyView } from "../../../src/modules/alias/expected-keepers";

const ONE = 10n ** 18n;
const view = (weights: number[], decision: GroupPolicyView["decision"]): GroupPolicyView => ({
  members: weights.map((w, i) => ({ address: `m${i}`, weight: BigInt(w) * ONE })),
  decision,
});
const threshold = (t: number) => ({ kind: "threshold" as const, threshold: BigInt(t) * ONE });
const percentage = (p: string) => ({ kind: "percentage" as const, percentage: BigInt(Math.round(Number(p) * 1000)) * 10n ** 15n });

describe("OfficeShape against a group policy", () => {
  it("counts the fewest members, heaviest first, that reach the threshold", () => {
    expect(signaturesNeeded(view([1, 1, 1], threshold(2)))).toBe(2);
    expect(signaturesNeeded(view([5, 1, 1], threshold(2)))).toBe(1);
    expect(signaturesNeeded(view([1, 3, 1, 1], threshold(4)))).toBe(2);
    // A threshold above the total weight needs everyone (x/group caps it at the total).
    expect(signaturesNeeded(view([1, 1], threshold(10)))).toBe(2);
    expect(signaturesNeeded(view([1, 1, 1, 1], percentage("0.5")))).toBe(2);
    expect(signaturesNeeded(view([1, 1, 1, 1], percentage("0.51")))).toBe(3);
    expect(signaturesNeeded(view([0, 0], threshold(1)))).toBeUndefined();
  });

  it("requires both floors; zero-weight members do not count", () => {
    expect(() => checkOfficeShape(view([1, 1, 1], threshold(2)), { signatures: 2, members: 3 }, "office")).not.toThrow();
    expect(() => checkOfficeShape(view([1, 1, 1], threshold(2)), { signatures: 3, members: 3 }, "office")).toThrow(/2 signatures/);
    expect(() => checkOfficeShape(view([1, 1, 0], threshold(2)), { signatures: 2, members: 3 }, "office")).toThrow(/2 members/);
    expect(() => checkOfficeShape(view([5, 1, 1], threshold(2)), { signatures: 2, members: 3 }, "office")).toThrow(
      expect.objectContaining({ codespace: "alias", code: 23 }),
    );
  });
});
