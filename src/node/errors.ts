import type { GrpcCode } from "../types/errors";

/** A node backend failure (CometBFT unreachable or refusing), with the gRPC status REST answers it with. */
export class NodeError extends Error {
  constructor(
    readonly grpcCode: GrpcCode,
    message: string,
    /** The `data` of CometBFT's JSON-RPC error, which says what was refused. */
    readonly rpcData = "",
  ) {
    super(message);
    this.name = "NodeError";
  }
}
