import type { IncomingMessage, ServerResponse } from "node:http";
import type { BinKey } from "../store/bytes";
import { type ReadSet, untouchedBy } from "../store/read-set";
import type { RequestSeries } from "./metrics";

/** The header a query's answer names its height in (and a request pins one with). */
export const HEIGHT_HEADER = "x-cosmos-block-height";

/** A query route's answer: its status and JSON body, and the route it came from (for metrics). */
export interface Answer {
  status: number;
  body: string;
  route: string;
  /**
   * What the answer read of the latest committed state, when it read nothing else (a latest-
   * height answer kept across heights while no commit writes any of it); undefined otherwise.
   */
  reads?: ReadSet;
  /**
   * The commit store version the answer is known exact at, stamped by `set`: the query ran in
   * the same turn, at the height `set` checks is still the committed one.
   */
  version?: number;
  /** The request metrics' series of a GET answered this way, once it has been looked up. */
  series?: RequestSeries;
  /** The body's length in bytes as its content-length header, once it has been served. */
  contentLength?: string;
}

/** The committed state answers are computed from: its height and which keys its commits wrote (the CommitStore). */
export interface CommittedState {
  readonly lastHeight: bigint;
  readonly version: number;
  writtenSince(version: number): ReadonlyArray<readonly BinKey[]> | undefined;
}

/**
 * Query answers per committed height. State changes only at Commit, so an answer stays exact
 * until the height moves; the answers by height and URL are dropped then.
 *
 * Answers of the latest state to requests that pin no height are also kept by URL alone, so
 * `serveLatest` can answer a repeated read before the router runs: without the header, the
 * URL decides everything the answer depends on (route, parameters, `?height=`). Those that
 * carry what they read (`reads`) outlive the height: at their first read after a commit, the
 * keys every commit since wrote are checked against them, and an answer any commit touched is
 * dropped. Everything else is dropped when the height moves.
 */
export class AnswerCache {
  private height = -1n;
  private heightText = "";
  private readonly answers = new Map<string, Answer>();
  private readonly latest = new Map<string, Answer>();
  /** Body and read-set bytes held, roughly: with maxEntries, what bounds the cache's memory. */
  private bytes = 0;

  constructor(
    private readonly state: CommittedState,
    private readonly maxEntries = 10_000,
    private readonly maxBytes = 64 << 20,
  ) {}

  /** Drops the answers of an earlier height when the committed height has moved; returns that height. */
  private sync(): bigint {
    const height = this.state.lastHeight;
    if (height !== this.height) {
      this.answers.clear();
      this.bytes = 0;
      for (const answer of this.latest.values()) this.bytes += weight(answer);
      this.height = height;
      this.heightText = height.toString();
    }
    return height;
  }

  /** The latest answer for `url` if no commit since it was computed wrote what it read. */
  private latestAnswer(url: string): Answer | undefined {
    const answer = this.latest.get(url);
    if (!answer || answer.version === this.state.version) return answer;
    const written = answer.reads && this.state.writtenSince(answer.version!);
    if (written?.every((keys) => untouchedBy(answer.reads!, keys))) {
      answer.version = this.state.version;
      return answer;
    }
    this.latest.delete(url);
    return undefined;
  }

  get(height: bigint, key: string): Answer | undefined {
    return this.sync() === height ? this.answers.get(key) : undefined;
  }

  /** `latestUrl`: the request's URL when it pinned no height (header absent, answer at `height`). */
  set(height: bigint, key: string, answer: Answer, latestUrl?: string): void {
    if (this.sync() !== height) return;
    if (this.answers.size >= this.maxEntries || this.latest.size >= this.maxEntries || this.bytes >= this.maxBytes) {
      this.answers.clear();
      this.latest.clear();
      this.bytes = 0;
    }
    this.bytes += weight(answer);
    this.answers.set(key, answer);
    if (latestUrl === undefined) return;
    answer.version = this.state.version;
    this.latest.set(latestUrl, answer);
  }

  /**
   * Answers a GET that pins no height from the latest answers, with the very bytes the query
   * route sends (status, the same headers in the same order, body), and returns the answer;
   * undefined (nothing written) when it has none for the URL.
   */
  serveLatest(req: IncomingMessage, res: ServerResponse): Answer | undefined {
    if (req.method !== "GET" || req.headers[HEIGHT_HEADER] !== undefined) return undefined;
    this.sync();
    const answer = this.latestAnswer(req.url!);
    if (!answer) return undefined;
    res.writeHead(answer.status, [
      HEIGHT_HEADER,
      this.heightText,
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      (answer.contentLength ??= String(Buffer.byteLength(answer.body))),
    ]);
    res.end(answer.body);
    return answer;
  }
}

/** An answer's memory, roughly: its body and its read set. */
const weight = (answer: Answer): number => answer.body.length + (answer.reads?.bytes ?? 0);
