import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { BinKey } from "../../../src/store/bytes";
import { AnswerCache, type Answer, type CommittedState } from "../../../src/rest/answer-cache";

/** A committed state whose commits are lists of written keys; `unknown` marks a rollback. */
class FakeState implements CommittedState {
  lastHeight = 1n;
  version = 0;
  private readonly log: Array<BinKey[] | undefined> = [];
  commit(written: BinKey[] | undefined): void {
    this.lastHeight++;
    this.version++;
    this.log.push(written);
  }
  writtenSince(version: number): ReadonlyArray<readonly BinKey[]> | undefined {
    const lists = this.log.slice(version);
    return lists.every((l) => l !== undefined) ? (lists as BinKey[][]) : undefined;
  }
}

/** The body serveLatest sent for `url`, or undefined when it had no answer. */
function served(cache: AnswerCache, url: string): string | undefined {
  let body: string | undefined;
  const req = { method: "GET", headers: {}, url } as IncomingMessage;
  const res = { writeHead: () => undefined, end: (b: string) => (body = b) } as unknown as ServerResponse;
  cache.serveLatest(req, res);
  return body;
}

const answer = (body: string, reads?: Answer["reads"]): Answer => ({ status: 200, body, route: "/r", reads });
/** A read set of `keys` and `ranges`, weighed as ReadRecorder weighs one (each entry's bytes + 64). */
const readSet = (keys: string[], ranges: Array<[string, string]> = []) => ({
  keys: new Set(keys),
  ranges,
  bytes: [...keys, ...ranges.map(([a, b]) => a + b)].reduce((n, k) => n + k.length + 64, 0),
});

describe("the answer cache across heights", () => {
  it("keeps an answer with a read set until a commit writes a key or range it read", () => {
    const state = new FakeState();
    const cache = new AnswerCache(state);
    cache.set(1n, "0|/a", answer("a", readSet(["k1"])), "/a");
    cache.set(1n, "0|/b", answer("b", readSet([], [["r", "s"]])), "/b");
    cache.set(1n, "0|/c", answer("c"), "/c");
    expect([served(cache, "/a"), served(cache, "/b"), served(cache, "/c")]).toEqual(["a", "b", "c"]);

    state.commit(["k2", "s"]);
    expect([served(cache, "/a"), served(cache, "/b"), served(cache, "/c")]).toEqual(["a", "b", undefined]);
    state.commit(["k1"]);
    expect([served(cache, "/a"), served(cache, "/b")]).toEqual([undefined, "b"]);
    state.commit(["rz"]);
    expect(served(cache, "/b")).toBeUndefined();
  });

  it("drops every kept answer after a commit whose writes are unknown (a rollback)", () => {
    const state = new FakeState();
    const cache = new AnswerCache(state);
    cache.set(1n, "0|/a", answer("a", readSet(["k1"])), "/a");
    state.commit(undefined);
    expect(served(cache, "/a")).toBeUndefined();
  });

  it("holds no more than its byte budget: the answers are dropped once it is reached", () => {
    const state = new FakeState();
    const cache = new AnswerCache(state, 10_000, 1_000);
    cache.set(1n, "0|/a", answer("x".repeat(600), readSet(["k1"])), "/a");
    cache.set(1n, "0|/b", answer("y".repeat(600), readSet(["k2"])), "/b");
    expect(served(cache, "/a")).toHaveLength(600);
    cache.set(1n, "0|/c", answer("z"), "/c");
    expect([served(cache, "/a"), served(cache, "/b"), served(cache, "/c")]).toEqual([undefined, undefined, "z"]);
    // What a kept answer holds still counts after the height moves.
    cache.set(1n, "0|/a", answer("x".repeat(600), readSet(["k1"])), "/a");
    state.commit([]);
    cache.set(2n, "0|/b", answer("y".repeat(600), readSet(["k2"])), "/b");
    cache.set(2n, "0|/d", answer("d"), "/d");
    expect([served(cache, "/a"), served(cache, "/b"), served(cache, "/d")]).toEqual([undefined, undefined, "d"]);
  });
});
