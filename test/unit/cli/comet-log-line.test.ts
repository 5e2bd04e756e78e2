import { describe, expect, it } from "vitest";
import { parseCometLogLine } from "../../../src/cli/comet-supervisor";

describe("CometBFT log lines through the app's logger", () => {
  it("splits a plain line into level, message and fields (module and msg renamed)", () => {
    const line =
      'I[2026-11-23|23:06:08.204] ABCI Handshake App Info                      module=consensus height=61 hash=E311 software-version=0.1.0 msg="Starting x service"';
    expect(parseCometLogLine(line)).toEqual({
      level: "info",
      msg: "ABCI Handshake App Info",
      fields: { cometModule: "consensus", height: "61", hash: "E311", "software-version": "0.1.0", detail: "Starting x service" },
    });
  });

  it("maps E/D/W and keeps a message longer than the padding", () => {
    expect(
      parseCometLogLine(
        'E[2026-11-23|23:05:54.713] CONSENSUS FAILURE!!! with a very long message text here module=consensus err="failed \\"x\\""',
      ),
    ).toEqual({
      level: "error",
      msg: "CONSENSUS FAILURE!!! with a very long message text here",
      fields: { cometModule: "consensus", err: 'failed "x"' },
    });
    expect(parseCometLogLine("D[x] debug thing").level).toBe("debug");
    expect(parseCometLogLine("W[x] warned").level).toBe("warn");
  });

  it("reads log_format = json lines and passes anything else through as info", () => {
    expect(parseCometLogLine('{"level":"error","ts":"t","msg":"bad","module":"p2p","peer":"x"}')).toEqual({
      level: "error",
      msg: "bad",
      fields: { ts: "t", peer: "x", cometModule: "p2p" },
    });
    expect(parseCometLogLine("panic: runtime error")).toEqual({ level: "info", msg: "panic: runtime error", fields: {} });
  });
});

describe("stderr without CometBFT's format", () => {
  it("is an error (a Go panic)", () => {
    expect(parseCometLogLine("panic: runtime error", "error").level).toBe("error");
  });
});
