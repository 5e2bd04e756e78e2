import fc from "fast-check";
import { Request } from "cosmjs-types/tendermint/abci/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FrameDecoder, FrameError, encodeFrame } from "../../../src/abci/socket/framing";
import { decodeRequest } from "../../../src/abci/socket/requests";
import { AbciSocketServer } from "../../../src/abci/socket/server";
import { FakeApp, TestClient, captureLogger, kindOf, reqFrame } from "../../unit/abci/setup";

/**
 * The ABCI socket boundary: the length-prefixed framing split anywhere, garbage prefixes and
 * bodies, and undecodable requests over a live socket. The decoder returns exactly the frames
 * sent or refuses with FrameError; the server answers an exception or closes that connection,
 * and keeps serving the next one.
 */
describe("fuzz: ABCI socket framing", () => {
  it("frames split at random points decode to exactly the frames sent", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 10 }), (bodies, cuts) => {
        const wire = Buffer.concat(bodies.map((b) => encodeFrame(b)));
        const points = [...new Set(cuts.map((c) => (wire.length === 0 ? 0 : c % wire.length)))].sort((a, b) => a - b);
        const decoder = new FrameDecoder();
        const out: Buffer[] = [];
        let at = 0;
        for (const p of [...points, wire.length]) {
          out.push(...decoder.push(wire.subarray(at, p)));
          at = p;
        }
        expect(out.map((b) => Buffer.from(b).toString("hex"))).toEqual(bodies.map((b) => Buffer.from(b).toString("hex")));
        expect(decoder.buffered).toBe(0);
      }),
      { numRuns: 2000, seed: 38 },
    );
  });

  it("garbage is frames or a FrameError, never another exception; requests decode or are refused", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat({ max: 1 << 20 }), (bytes, max) => {
        const decoder = new FrameDecoder({ maxFrameBytes: max });
        let frames: Buffer[] = [];
        try {
          frames = decoder.push(Buffer.from(bytes));
        } catch (e) {
          expect(e).toBeInstanceOf(FrameError);
        }
        for (const f of frames) {
          const req = decodeRequest(f);
          expect(typeof req.ok).toBe("boolean");
        }
        expect(decodeRequest(bytes).ok === true || decodeRequest(bytes).ok === false).toBe(true);
      }),
      { numRuns: 3000, seed: 39 },
    );
  });

  describe("over a live socket", () => {
    let server: AbciSocketServer;
    beforeAll(async () => {
      server = new AbciSocketServer(new FakeApp(), { address: "tcp://127.0.0.1:0", logger: captureLogger(), maxFrameBytes: 1 << 16 });
      await server.listen();
    });
    afterAll(async () => server.close());

    it("garbage on one connection never stops the server answering the next", async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.boolean(), async (bytes, framed) => {
          const bad = await TestClient.connect(server.address());
          await bad.write(framed ? encodeFrame(bytes) : bytes);
          await bad.write(reqFrame({ flush: {} }));
          // The bad connection may be answered, closed, or left waiting for the rest of a frame;
          // whichever, a second connection is served meanwhile.
          const good = await TestClient.connect(server.address());
          await good.write(Buffer.concat([reqFrame({ echo: { message: "still here" } }), reqFrame({ flush: {} })]));
          const [echo] = await good.waitFor(1);
          expect(kindOf(echo)).toBe("echo");
          expect(echo.echo!.message).toBe("still here");
          good.destroy();
          bad.destroy();
        }),
        { numRuns: 60, seed: 40 },
      );
    });
  });

  it("every request type survives random field values through decodeRequest", () => {
    const kinds = [
      "echo",
      "flush",
      "info",
      "initChain",
      "query",
      "checkTx",
      "commit",
      "listSnapshots",
      "offerSnapshot",
      "loadSnapshotChunk",
      "applySnapshotChunk",
      "prepareProposal",
      "processProposal",
      "extendVote",
      "verifyVoteExtension",
      "finalizeBlock",
    ];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.uint8Array({ maxLength: 100 }), fc.nat({ max: 99 }), (kind, junk, cut) => {
        const frame = Request.encode(Request.fromPartial({ [kind]: {} } as Parameters<typeof Request.fromPartial>[0])).finish();
        const mutated = Buffer.concat([frame.subarray(0, Math.min(cut, frame.length)), junk]);
        const req = decodeRequest(mutated);
        if (req.ok) expect(kinds.includes(req.kind) || req.kind === "flush").toBe(true);
        else expect(req.error).toMatch(/request/);
      }),
      { numRuns: 3000, seed: 41 },
    );
  });
});
