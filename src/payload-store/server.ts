import { sha256 } from "@noble/hashes/sha2.js";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { ENVELOPE_VERSION } from "../client/envelope/constants";
import { EnvelopeError } from "../client/envelope/errors";
import { validateEnvelopeShape } from "../client/envelope/validate";
import { PayloadEnvelope } from "../gen/blockchain/paymsg/v1/envelope";
import { validateEndToEndId } from "../modules/paymsg/fields";
import { accAddress } from "../types/address";
import { AppError } from "../types/errors";
import { ChainUnavailableError, type PayloadStoreChain } from "./chain";
import { StoreError, storeErrors } from "./errors";
import { EnvelopeStorage } from "./storage";
import { SIGNATURE_HEADER, verifyUploadSignature } from "./upload-auth";

/** Default upload limit: a metadata payload is small; 1 MiB leaves room for many recipients. */
export const DEFAULT_MAX_ENVELOPE_BYTES = 1024 * 1024;

export interface PayloadStoreOptions {
  /** LevelDB directory. */
  dir: string;
  host?: string;
  /** 0 picks a free port (tests). */
  port?: number;
  chain: PayloadStoreChain;
  maxEnvelopeBytes?: number;
  /** Fastify logger; off by default. */
  logger?: boolean;
}

export interface RunningPayloadStore {
  app: FastifyInstance;
  /** Base URL actually listened on, e.g. http://127.0.0.1:40123 (what MsgSetPayloadStore registers). */
  url: string;
  close(): Promise<void>;
}

const ROUTE = "/payloads/:participant/:endToEndId";

interface KeyParams {
  participant: string;
  endToEndId: string;
}

function parseKey(params: KeyParams): KeyParams {
  if (!accAddress.isValid(params.participant) || params.participant !== params.participant.toLowerCase()) {
    throw storeErrors.invalidParticipant(`${JSON.stringify(params.participant.slice(0, 100))} is not a canonical account address`);
  }
  try {
    validateEndToEndId(params.endToEndId);
  } catch (e) {
    if (e instanceof AppError) throw storeErrors.invalidEndToEndId(e.message);
    throw e;
  }
  return params;
}

/** Decodes and checks the envelope's shape; the stored bytes must be its canonical encoding. */
function checkEnvelope(body: Uint8Array): void {
  if (body.length === 0) throw storeErrors.emptyBody();
  let envelope: PayloadEnvelope;
  try {
    envelope = PayloadEnvelope.decode(body);
  } catch (e) {
    throw storeErrors.malformedEnvelope(`not a PayloadEnvelope encoding: ${(e as Error).message}`);
  }
  if (envelope.version !== ENVELOPE_VERSION) {
    throw storeErrors.unsupportedVersion(`envelope version ${envelope.version} is not supported (this store accepts ${ENVELOPE_VERSION})`);
  }
  try {
    validateEnvelopeShape(envelope);
  } catch (e) {
    if (e instanceof EnvelopeError) throw storeErrors.malformedEnvelope(e.message);
    throw e;
  }
  if (!Buffer.from(PayloadEnvelope.encode(envelope).finish()).equals(Buffer.from(body))) {
    throw storeErrors.malformedEnvelope("the body is not the canonical encoding of its envelope (unknown or repeated fields)");
  }
}

async function fromChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof ChainUnavailableError) throw storeErrors.chainUnavailable(e.message);
    throw e;
  }
}

async function authorizeUpload(chain: PayloadStoreChain, key: KeyParams, body: Uint8Array, req: FastifyRequest): Promise<void> {
  const header = req.headers[SIGNATURE_HEADER];
  if (typeof header !== "string" || header === "") throw storeErrors.missingSignature();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(header)) throw storeErrors.badSignature("the signature must be 64 bytes, base64");
  const signature = Buffer.from(header, "base64");

  const record = await fromChain(() => chain.getPaymentRecord(key.participant, key.endToEndId));
  if (!record) throw storeErrors.noPaymentRecord(`no payment ${JSON.stringify(key.endToEndId)} of ${key.participant} on chain`);
  if (record.metadataHash.length !== 32)
    throw storeErrors.noMetadataHash("the on-chain payment carries no metadata_hash, so it has no payload");

  const pubKey = await fromChain(() => chain.getAccountPubKey(key.participant));
  if (!pubKey) throw storeErrors.badSignature(`${key.participant} has no secp256k1 public key on chain`);
  if (!verifyUploadSignature(signature, pubKey, key.participant, key.endToEndId, body)) {
    throw storeErrors.badSignature("the signature is not the instructing participant's over this payment and envelope");
  }
}

export async function startPayloadStore(opts: PayloadStoreOptions): Promise<RunningPayloadStore> {
  const maxBytes = opts.maxEnvelopeBytes ?? DEFAULT_MAX_ENVELOPE_BYTES;
  const storage = await EnvelopeStorage.open(opts.dir);
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: maxBytes });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/octet-stream", "application/x-protobuf", "application/protobuf"],
    { parseAs: "buffer", bodyLimit: maxBytes },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser("*", (_req, _payload, done) => done(storeErrors.unsupportedMediaType(), undefined));

  app.setErrorHandler((err: unknown, _req, reply) => {
    if (err instanceof StoreError) return reply.status(err.status).send({ code: err.code, message: err.message });
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return reply.status(413).send({ code: "envelope_too_large", message: `envelopes are limited to ${maxBytes} bytes` });
    if (e.code === "FST_ERR_CTP_EMPTY_BODY")
      return reply.status(400).send({ code: "empty_body", message: storeErrors.emptyBody().message });
    if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(e.statusCode).send({ code: "bad_request", message: e.message ?? "bad request" });
    }
    app.log.error(err);
    return reply.status(500).send({ code: "internal", message: "internal error" });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ code: "not_found", message: "no such route" }));

  const upload = async (req: FastifyRequest<{ Params: KeyParams; Body: Buffer | undefined }>) => {
    const key = parseKey(req.params);
    const body = new Uint8Array(req.body ?? new Uint8Array());
    if (body.length > maxBytes) throw storeErrors.tooLarge(maxBytes);
    checkEnvelope(body);
    await authorizeUpload(opts.chain, key, body, req);
    const outcome = await storage.putOnce(key.participant, key.endToEndId, body);
    if (outcome === "conflict") throw storeErrors.conflict();
    return { outcome, sha256: Buffer.from(sha256(body)).toString("hex") };
  };
  for (const method of ["PUT", "POST"] as const) {
    app.route<{ Params: KeyParams; Body: Buffer | undefined }>({
      method,
      url: ROUTE,
      handler: async (req, reply) => {
        const { outcome, sha256: digest } = await upload(req);
        return reply.status(outcome === "stored" ? 201 : 200).send({
          instructing_participant: req.params.participant,
          end_to_end_id: req.params.endToEndId,
          sha256: digest,
          stored: outcome === "stored",
        });
      },
    });
  }

  app.get<{ Params: KeyParams }>(ROUTE, async (req, reply) => {
    const key = parseKey(req.params);
    const envelope = await storage.get(key.participant, key.endToEndId);
    if (!envelope) throw storeErrors.notFound();
    return reply
      .type("application/octet-stream")
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(Buffer.from(envelope));
  });
  app.get("/healthz", async () => ({ ok: true }));

  let address: string;
  try {
    address = await app.listen({ host: opts.host ?? "127.0.0.1", port: opts.port ?? 0 });
  } catch (e) {
    await storage.close();
    throw e;
  }
  return {
    app,
    url: address,
    close: async () => {
      await app.close();
      await storage.close();
    },
  };
}

/** Path of an envelope under a store's base URL (the id is percent-encoded). */
export function envelopePath(instructingParticipant: string, endToEndId: string): string {
  return `/payloads/${instructingParticipant}/${encodeURIComponent(endToEndId)}`;
}
