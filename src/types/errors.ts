/**
 * Errors are values: codespace + code + message. They map once to ABCI (code, codespace,
 * log) and once to HTTP (grpc-gateway status). Handlers throw `AppError`; the app turns
 * anything else into the SDK's internal/panic code so bad input never crashes the node.
 */

/** gRPC status codes, used by queries so REST and ABCI query answers map the way the SDK's do. */
export enum GrpcCode {
  OK = 0,
  Canceled = 1,
  Unknown = 2,
  InvalidArgument = 3,
  DeadlineExceeded = 4,
  NotFound = 5,
  AlreadyExists = 6,
  PermissionDenied = 7,
  ResourceExhausted = 8,
  FailedPrecondition = 9,
  Aborted = 10,
  OutOfRange = 11,
  Unimplemented = 12,
  Internal = 13,
  Unavailable = 14,
  DataLoss = 15,
  Unauthenticated = 16,
}

export class AppError extends Error {
  constructor(
    readonly codespace: string,
    readonly code: number,
    message: string,
    readonly grpcCode: GrpcCode = GrpcCode.Unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A registered error kind; `.wrap()` makes an instance with context, like the SDK's errorsmod.Wrap. */
export class ErrorKind {
  constructor(
    readonly codespace: string,
    readonly code: number,
    readonly description: string,
    readonly grpcCode: GrpcCode = GrpcCode.Unknown,
  ) {}

  wrap(detail?: string): AppError {
    const message = detail ? `${detail}: ${this.description}` : this.description;
    return new AppError(this.codespace, this.code, message, this.grpcCode);
  }

  is(err: unknown): boolean {
    return err instanceof AppError && err.codespace === this.codespace && err.code === this.code;
  }
}

const registered = new Map<string, ErrorKind>();

/** Registers a code once per codespace; a duplicate is a programming error caught at start-up. */
export function registerError(codespace: string, code: number, description: string, grpcCode?: GrpcCode): ErrorKind {
  const id = `${codespace}/${code}`;
  const existing = registered.get(id);
  if (existing) {
    if (existing.description === description) return existing;
    throw new Error(`error ${id} registered twice (${existing.description} / ${description})`);
  }
  const kind = new ErrorKind(codespace, code, description, grpcCode);
  registered.set(id, kind);
  return kind;
}

/** The kind registered under codespace/code, if any (to map an ABCI result back to its gRPC code). */
export function registeredError(codespace: string, code: number): ErrorKind | undefined {
  return registered.get(`${codespace}/${code}`);
}

/** The Cosmos SDK's root codespace errors (types/errors/errors.go), numbered as clients expect. */
export const sdkErrors = {
  ErrTxDecode: registerError("sdk", 2, "tx parse error", GrpcCode.InvalidArgument),
  ErrInvalidSequence: registerError("sdk", 3, "invalid sequence", GrpcCode.InvalidArgument),
  ErrUnauthorized: registerError("sdk", 4, "unauthorized", GrpcCode.Unauthenticated),
  ErrInsufficientFunds: registerError("sdk", 5, "insufficient funds", GrpcCode.FailedPrecondition),
  ErrUnknownRequest: registerError("sdk", 6, "unknown request", GrpcCode.InvalidArgument),
  ErrInvalidAddress: registerError("sdk", 7, "invalid address", GrpcCode.InvalidArgument),
  ErrInvalidPubKey: registerError("sdk", 8, "invalid pubkey", GrpcCode.InvalidArgument),
  ErrUnknownAddress: registerError("sdk", 9, "unknown address", GrpcCode.NotFound),
  ErrInvalidCoins: registerError("sdk", 10, "invalid coins", GrpcCode.InvalidArgument),
  ErrOutOfGas: registerError("sdk", 11, "out of gas", GrpcCode.ResourceExhausted),
  ErrMemoTooLarge: registerError("sdk", 12, "memo too large", GrpcCode.InvalidArgument),
  ErrInsufficientFee: registerError("sdk", 13, "insufficient fee", GrpcCode.InvalidArgument),
  ErrTooManySignatures: registerError("sdk", 14, "maximum number of signatures exceeded", GrpcCode.InvalidArgument),
  ErrNoSignatures: registerError("sdk", 15, "no signatures supplied", GrpcCode.InvalidArgument),
  ErrJSONMarshal: registerError("sdk", 16, "failed to marshal JSON bytes", GrpcCode.Internal),
  ErrJSONUnmarshal: registerError("sdk", 17, "failed to unmarshal JSON bytes", GrpcCode.InvalidArgument),
  ErrInvalidRequest: registerError("sdk", 18, "invalid request", GrpcCode.InvalidArgument),
  ErrTxInMempoolCache: registerError("sdk", 19, "tx already in mempool", GrpcCode.AlreadyExists),
  ErrMempoolIsFull: registerError("sdk", 20, "mempool is full", GrpcCode.ResourceExhausted),
  ErrTxTooLarge: registerError("sdk", 21, "tx too large", GrpcCode.InvalidArgument),
  ErrKeyNotFound: registerError("sdk", 22, "key not found", GrpcCode.NotFound),
  ErrWrongPassword: registerError("sdk", 23, "invalid account password", GrpcCode.Unauthenticated),
  ErrorInvalidSigner: registerError("sdk", 24, "tx intended signer does not match the given signer", GrpcCode.PermissionDenied),
  ErrorInvalidGasAdjustment: registerError("sdk", 25, "invalid gas adjustment", GrpcCode.InvalidArgument),
  ErrInvalidHeight: registerError("sdk", 26, "invalid height", GrpcCode.InvalidArgument),
  ErrInvalidVersion: registerError("sdk", 27, "invalid version", GrpcCode.InvalidArgument),
  ErrInvalidChainID: registerError("sdk", 28, "invalid chain-id", GrpcCode.InvalidArgument),
  ErrInvalidType: registerError("sdk", 29, "invalid type", GrpcCode.InvalidArgument),
  ErrTxTimeoutHeight: registerError("sdk", 30, "tx timeout height", GrpcCode.InvalidArgument),
  ErrUnknownExtensionOptions: registerError("sdk", 31, "unknown extension options", GrpcCode.InvalidArgument),
  ErrWrongSequence: registerError("sdk", 32, "incorrect account sequence", GrpcCode.InvalidArgument),
  ErrPackAny: registerError("sdk", 33, "failed packing protobuf message to Any", GrpcCode.InvalidArgument),
  ErrUnpackAny: registerError("sdk", 34, "failed unpacking protobuf message from Any", GrpcCode.InvalidArgument),
  ErrLogic: registerError("sdk", 35, "internal logic error", GrpcCode.Internal),
  ErrConflict: registerError("sdk", 36, "conflict", GrpcCode.FailedPrecondition),
  ErrNotSupported: registerError("sdk", 37, "feature not supported", GrpcCode.Unimplemented),
  ErrNotFound: registerError("sdk", 38, "not found", GrpcCode.NotFound),
  ErrIO: registerError("sdk", 39, "Internal IO error", GrpcCode.Internal),
  ErrAppConfig: registerError("sdk", 40, "error in app.toml", GrpcCode.Internal),
  ErrInvalidGasLimit: registerError("sdk", 41, "invalid gas limit", GrpcCode.InvalidArgument),
  ErrTxTimeout: registerError("sdk", 42, "tx timeout", GrpcCode.InvalidArgument),
  ErrPanic: registerError("undefined", 111222, "panic", GrpcCode.Internal),
} as const;

/** Normalises anything thrown by a handler into an AppError; non-AppErrors are internal faults. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return sdkErrors.ErrPanic.wrap(message);
}
