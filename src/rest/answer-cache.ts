import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestSeries } from "./metrics";

/** The header a query's answer names its height in (and a request pins one with). */
export const HEIGHT_HEADER = "x-cosmos-block-height";

/** A query route's answer: its status and JSON body, and the route it came from (for metrics). */
export interface Answer {
  status: number;
  body: string;
  route: string;
  /** The request metrics' series of a GET answered this way, once it has been looked up. */
  series?: RequestSeries;
  /** The body's length in bytes as its content-length header, once it has been served. */
  contentLength?: string;
}

/**
 * Query answers per committed height. State changes only at Commit, so an answer stays exact
 * until the height moves; the whole cache is dropped then.
 *
 * Answers of the latest state to requests that pin no height are also kept by URL alone, so
 * `serveLatest` can answer a repeated read before the router runs: without the header, the
 * URL decides everything the answer depends on (route, parameters, `?height=`).
 */
export class AnswerCache {
  private height = -1n;
  private heightText = "";
  private readonly answers = new Map<string, Answer>();
  private readonly latest = new Map<string, Answer>();

  constructor(
    /** The latest committed height, read on every lookup. */
    private readonly currentHeight: () => bigint,
    private readonly maxEntries = 10_000,
  ) {}

  /** Drops every answer when the committed height has moved; returns that height. */
  private sync(): bigint {
    const height = this.currentHeight();
    if (height !== this.height) {
      this.answers.clear();
      this.latest.clear();
      this.height = height;
      this.heightText = height.toString();
    }
    return height;
  }

  get(height: bigint, key: string): Answer | undefined {
    return this.sync() === height ? this.answers.get(key) : undefined;
  }

  /** `latestUrl`: the request's URL when it pinned no height (header absent, answer at `height`). */
  set(height: bigint, key: string, answer: Answer, latestUrl?: string): void {
    if (this.sync() !== height) return;
    if (this.answers.size >= this.maxEntries) {
      this.answers.clear();
      this.latest.clear();
    }
    this.answers.set(key, answer);
    if (latestUrl !== undefined) this.latest.set(latestUrl, answer);
  }

  /**
   * Answers a GET that pins no height from the latest answers, with the very bytes the query
   * route sends (status, the same headers in the same order, body), and returns the answer;
   * undefined (nothing written) when it has none for the URL.
   */
  serveLatest(req: IncomingMessage, res: ServerResponse): Answer | undefined {
    if (req.method !== "GET" || req.headers[HEIGHT_HEADER] !== undefined) return undefined;
    this.sync();
    const answer = this.latest.get(req.url!);
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
