import {
  PayloadReaderBasis,
  QueryAuditorsRequest,
  QueryAuditorsResponse,
  QueryPayloadReadersRequest,
  QueryPayloadReadersResponse,
  type AuditorEntitlement,
  type PayloadReader,
} from "../../gen/blockchain/alias/v1/query";
import { EnvelopeError } from "./errors";
import { isUsableRecipientKey } from "./keys";

/**
 * Resolving an envelope's readers from the chain: the PayloadReaders of the settlement
 * jurisdiction (its appointed regulator and every supervisor covering it) and the Auditors
 * query (unexpired grants), each with the reader's current viewing key. An institution then
 * seals to `recipients` instead of picking keys by hand; a lapsed auditor or a revoked key
 * is never returned by the chain, so it is never a recipient of a new envelope.
 */

/** Where the two alias queries come from (an ABCI query client, a REST client, a test chain). */
export interface AliasReaderSource {
  payloadReaders(country: string): Promise<PayloadReader[]> | PayloadReader[];
  auditors(): Promise<AuditorEntitlement[]> | AuditorEntitlement[];
}

/** An ABCI query: path + request bytes → response value bytes (throws on a non-zero code). */
export type AbciQueryFn = (path: string, data: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** A source over ABCI queries (CometBFT's abci_query, or an in-process app). */
export function aliasReaderSourceFromAbci(query: AbciQueryFn): AliasReaderSource {
  const Q = "/blockchain.alias.v1.Query/";
  return {
    async payloadReaders(country) {
      const value = await query(Q + "PayloadReaders", QueryPayloadReadersRequest.encode({ country }).finish());
      return QueryPayloadReadersResponse.decode(value).readers;
    },
    async auditors() {
      const value = await query(Q + "Auditors", QueryAuditorsRequest.encode({}).finish());
      return QueryAuditorsResponse.decode(value).auditors;
    },
  };
}

export type EnvelopeReaderBasis = "regulator" | "supervisor" | "auditor";

export interface EnvelopeReader {
  address: string;
  basis: EnvelopeReaderBasis;
  /** The country, "*" for a chain-wide supervisor, "" for the regulator and auditors. */
  scope: string;
  keyVersion: bigint;
  publicKey: Uint8Array;
}

export interface ResolvedReaders {
  /** Readers with a current key, regulator first, each address once. */
  readers: EnvelopeReader[];
  /** Their public keys, ready for sealEnvelope({ recipients }). */
  recipients: Uint8Array[];
  /** Entitled readers that have published no usable key (none, revoked, or a low-order point: they cannot be sealed to). */
  withoutKey: Array<{ address: string; basis: EnvelopeReaderBasis }>;
}

function basisOf(b: PayloadReaderBasis): EnvelopeReaderBasis {
  return b === PayloadReaderBasis.PAYLOAD_READER_REGULATOR ? "regulator" : "supervisor";
}

/**
 * The readers of a payment settled in `settlementJurisdiction`. With `requireRegulatorKey`
 * (default true) a jurisdiction whose appointed regulator has no key is refused, rather
 * than sealing a payload the regulator could not open.
 */
export async function resolveEnvelopeReaders(
  source: AliasReaderSource,
  settlementJurisdiction: string,
  opts: { requireRegulatorKey?: boolean } = {},
): Promise<ResolvedReaders> {
  const [payloadReaders, auditors] = await Promise.all([source.payloadReaders(settlementJurisdiction), source.auditors()]);
  const out: ResolvedReaders = { readers: [], recipients: [], withoutKey: [] };
  const seen = new Set<string>();
  const add = (
    address: string,
    basis: EnvelopeReaderBasis,
    scope: string,
    key: { version: bigint; publicKey: Uint8Array; revoked: boolean } | undefined,
  ) => {
    if (seen.has(address)) return;
    seen.add(address);
    if (!key || key.revoked || !isUsableRecipientKey(key.publicKey)) {
      out.withoutKey.push({ address, basis });
      return;
    }
    out.readers.push({ address, basis, scope, keyVersion: key.version, publicKey: key.publicKey });
    out.recipients.push(key.publicKey);
  };
  for (const r of payloadReaders) add(r.address, basisOf(r.basis), r.scope, r.key);
  for (const a of auditors) if (a.grant) add(a.grant.address, "auditor", "", a.key);
  if ((opts.requireRegulatorKey ?? true) && out.withoutKey.some((w) => w.basis === "regulator")) {
    throw new EnvelopeError("malformed", `the regulator of ${settlementJurisdiction} has no viewing key published`);
  }
  return out;
}
