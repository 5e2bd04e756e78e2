/** A JSON-RPC 2.0 error as CometBFT's RPC server writes it. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data = "",
  ) {
    super(message);
  }

  body(): { code: number; message: string; data?: string } {
    return this.data === "" ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export const rpcErrors = {
  parse: (data: string) => new RpcError(-32700, "Parse error", data),
  invalidRequest: (data: string) => new RpcError(-32600, "Invalid Request", data),
  methodNotFound: () => new RpcError(-32601, "Method not found"),
  invalidParams: (data: string) => new RpcError(-32602, "Invalid params", `error converting json params to arguments: ${data}`),
  /** Any failure of the method itself: CometBFT answers "Internal error" with the error text as data. */
  internal: (data: string) => new RpcError(-32603, "Internal error", data),
};
