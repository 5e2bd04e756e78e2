import { GrpcCode, registeredError } from "../types/errors";

/** grpc-gateway's HTTP status for each gRPC code (runtime.HTTPStatusFromCode, gateway v1). */
const HTTP_STATUS: Record<GrpcCode, number> = {
  [GrpcCode.OK]: 200,
  [GrpcCode.Canceled]: 408,
  [GrpcCode.Unknown]: 500,
  [GrpcCode.InvalidArgument]: 400,
  [GrpcCode.DeadlineExceeded]: 504,
  [GrpcCode.NotFound]: 404,
  [GrpcCode.AlreadyExists]: 409,
  [GrpcCode.PermissionDenied]: 403,
  [GrpcCode.ResourceExhausted]: 429,
  [GrpcCode.FailedPrecondition]: 400,
  [GrpcCode.Aborted]: 409,
  [GrpcCode.OutOfRange]: 400,
  [GrpcCode.Unimplemented]: 501,
  [GrpcCode.Internal]: 500,
  [GrpcCode.Unavailable]: 503,
  [GrpcCode.DataLoss]: 500,
  [GrpcCode.Unauthenticated]: 401,
};

export function httpStatusOf(code: GrpcCode): number {
  return HTTP_STATUS[code] ?? 500;
}

/** A failure answered as the gateway's gRPC Status JSON: {code, message, details: []}. */
export class RestError extends Error {
  constructor(
    readonly grpcCode: GrpcCode,
    message: string,
    /** Overrides the gateway mapping where HTTP itself decides (413 body too large). */
    readonly httpStatus: number = httpStatusOf(grpcCode),
  ) {
    super(message);
    this.name = "RestError";
  }

  body(): { code: number; message: string; details: unknown[] } {
    return { code: this.grpcCode, message: this.message, details: [] };
  }
}

export const restErrors = {
  invalidArgument: (message: string) => new RestError(GrpcCode.InvalidArgument, message),
  notFound: (message = "Not Found") => new RestError(GrpcCode.NotFound, message),
  unimplemented: (message: string) => new RestError(GrpcCode.Unimplemented, message),
  unavailable: (message: string) => new RestError(GrpcCode.Unavailable, message),
  internal: (message: string) => new RestError(GrpcCode.Internal, message),
};

const GRPC_NAMES = new Map<string, GrpcCode>(
  Object.entries(GrpcCode)
    .filter(([, v]) => typeof v === "number")
    .map(([k, v]) => [k, v as GrpcCode]),
);

/**
 * An ABCI query failure back to its gRPC status. App.query writes the log the way the SDK's
 * gRPCErrorToSDKError does ("rpc error: code = NotFound desc = ..."), so REST answers exactly
 * what a gRPC client of the SDK would see.
 */
export function fromQueryLog(log: string, codespace = "", code = 0): RestError {
  const m = /^rpc error: code = (\w+) desc = ([\s\S]*)$/.exec(log);
  // Refused before any handler ran (a height not kept): the error's own gRPC code.
  if (!m) return new RestError(registeredError(codespace, code)?.grpcCode ?? GrpcCode.Unknown, log);
  return new RestError(GRPC_NAMES.get(m[1]) ?? GrpcCode.Unknown, m[2]);
}
