/** The node's REST, read through /explorer/api (which answers 200 and carries the gateway's status). */

export interface Answer<T> {
  status: number;
  ok: boolean;
  data: T;
  /** The gateway's error message when not ok. */
  message: string;
}

export class FetchError extends Error {}

export async function rest<T = Record<string, unknown>>(path: string): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(`api/${path}`, { headers: { accept: "application/json" } });
  } catch (e) {
    throw new FetchError(`the node did not answer (${(e as Error).message})`);
  }
  if (!res.ok) throw new FetchError(`the node answered HTTP ${res.status}`);
  const envelope = (await res.json()) as { status: number; body: T & { message?: string } };
  const ok = envelope.status >= 200 && envelope.status < 300;
  return {
    status: envelope.status,
    ok,
    data: envelope.body,
    message: ok ? "" : String(envelope.body?.message ?? `HTTP ${envelope.status}`),
  };
}

/** The body of a read that must succeed; otherwise an error the page shows. */
export async function must<T = Record<string, unknown>>(path: string): Promise<T> {
  const a = await rest<T>(path);
  if (!a.ok) throw new FetchError(a.message);
  return a.data;
}

/** The body, or undefined when the node says there is none (404) — any other failure throws. */
export async function maybe<T = Record<string, unknown>>(path: string): Promise<T | undefined> {
  const a = await rest<T>(path);
  if (a.status === 404) return undefined;
  if (!a.ok) throw new FetchError(a.message);
  return a.data;
}

export function q(s: string): string {
  return encodeURIComponent(s);
}

export interface TxResponse {
  height: string;
  txhash: string;
  code: number;
  codespace?: string;
  raw_log?: string;
  gas_used: string;
  gas_wanted: string;
  timestamp: string;
  tx: { body: { messages: Record<string, unknown>[]; memo: string }; auth_info?: { fee?: { amount: Coin[] } } };
  events: { type: string; attributes: { key: string; value: string; index?: boolean }[] }[];
}

export interface Coin {
  denom: string;
  amount: string;
}

/** Txs matching a CometBFT event query, newest first. */
export async function searchTxs(query: string, limit = 20): Promise<TxResponse[]> {
  const body = await must<{ tx_responses: TxResponse[] | null }>(
    `cosmos/tx/v1beta1/txs?query=${q(query)}&order_by=ORDER_BY_DESC&limit=${limit}`,
  );
  return body.tx_responses ?? [];
}

/** Attribute values of events of one type across txs, in order, each event as a record. */
export function eventsOf(txs: TxResponse[], type: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const tx of txs)
    for (const e of tx.events ?? []) if (e.type === type) out.push(Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
  return out;
}

type Rec = Record<string, unknown>;

/** The first list in a query answer (each list query names its field differently). */
export function listIn(body: unknown): Rec[] {
  if (typeof body !== "object" || body === null) return [];
  for (const v of Object.values(body)) if (Array.isArray(v)) return v as Rec[];
  return [];
}

/** The first record in a query answer (e.g. `{ parcel: {...} }`). */
export function recordIn(body: unknown): Rec | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  for (const v of Object.values(body)) if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Rec;
  return undefined;
}
