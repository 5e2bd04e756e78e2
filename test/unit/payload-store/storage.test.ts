import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvelopeStorage } from "../../../src/payload-store/storage";

describe("envelope storage", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("stores once: identical bytes are a no-op, different bytes a conflict, even when racing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "envelopes-"));
    dirs.push(dir);
    const s = await EnvelopeStorage.open(dir);
    const outcomes = await Promise.all([
      s.putOnce("yml1a", "E2E-1", new Uint8Array([1])),
      s.putOnce("yml1a", "E2E-1", new Uint8Array([2])),
      s.putOnce("yml1a", "E2E-1", new Uint8Array([1])),
    ]);
    expect(outcomes).toEqual(["stored", "conflict", "identical"]);
    expect(await s.get("yml1a", "E2E-1")).toEqual(new Uint8Array([1]));
    // Keys cannot collide through the separator: the pair is encoded unambiguously.
    expect(await s.putOnce('yml1a"', "E2E-1", new Uint8Array([3]))).toBe("stored");
    expect(await s.get("yml1b", "E2E-1")).toBeUndefined();
    await s.close();

    const reopened = await EnvelopeStorage.open(dir);
    expect(await reopened.get("yml1a", "E2E-1")).toEqual(new Uint8Array([1]));
    await reopened.close();
  });
});
