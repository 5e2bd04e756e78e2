import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../helpers/chain";
import {
  MULTI_SEND,
  SEND,
  builderfeeChain,
  eventsOf,
  expectBuilderfeeError,
  getApplication,
  getBps,
  getBuilder,
  keys,
  listApplications,
  listBuilders,
  msg,
  queryCode,
} from "./setup";

const { creator, mallory, sendBuilder, multiBuilder } = keys;

describe("builderfee registration and approval", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await builderfeeChain();
  });
  afterAll(async () => chain.close());

  it("anyone registers a builder for a message type: a pending application", async () => {
    const res = await chain.mustDeliver(creator, [msg.register(creator.address, SEND, sendBuilder.address)]);
    expect(eventsOf(res, "builderfee_builder_registered")).toEqual([
      { msg_type_url: SEND, creator: creator.address, payout_address: sendBuilder.address },
    ]);
    expect(getApplication(chain, SEND)).toEqual({
      msgTypeUrl: SEND,
      status: "pending",
      payoutAddress: sendBuilder.address,
      creator: creator.address,
    });
    expect(listApplications(chain).builderApplication).toHaveLength(1);
    expect(queryCode(() => getBuilder(chain, SEND))).toBe(22);
  });

  it("refuses a second application for the same type (1101)", async () => {
    expectBuilderfeeError(await chain.deliver(mallory, [msg.register(mallory.address, SEND, mallory.address)]), 1101);
    expect(getApplication(chain, SEND).creator).toBe(creator.address);
  });

  it.each([
    ["no leading slash", "cosmos.bank.v1beta1.MsgSend"],
    ["an empty URL", ""],
    ["spaces", "/cosmos bank.MsgSend"],
    ["no package", "/MsgSend"],
  ])("refuses a type URL with %s (1104)", async (_what, url) => {
    expectBuilderfeeError(await chain.deliver(mallory, [msg.register(mallory.address, url, mallory.address)]), 1104);
  });

  it("refuses a type URL the chain does not execute (1104)", async () => {
    expectBuilderfeeError(
      await chain.deliver(mallory, [msg.register(mallory.address, "/cosmos.bank.v1beta1.MsgBurn", mallory.address)]),
      1104,
    );
  });

  it("refuses a malformed payout address (sdk 7)", async () => {
    const res = await chain.deliver(mallory, [msg.register(mallory.address, MULTI_SEND, "yml1nope")]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
  });

  it("only governance decides or changes params (1100)", async () => {
    expectBuilderfeeError(await chain.deliver(mallory, [msg.approve(SEND, true, mallory.address)]), 1100);
    expectBuilderfeeError(await chain.deliver(mallory, [msg.updateParams(10000n, mallory.address)]), 1100);
    expect(getApplication(chain, SEND).status).toBe("pending");
    expect(getBps(chain)).toBe(3000n);
  });

  it("deciding a type nobody applied for is 1102", async () => {
    expect(await chain.govExec([msg.approve(MULTI_SEND)])).toMatchObject({ codespace: "builderfee", code: 1102 });
  });

  it("approval makes the application's payout address the type's builder", async () => {
    expect((await chain.govExec([msg.approve(SEND)])).log).toBe("");
    expect(getApplication(chain, SEND).status).toBe("approved");
    expect(getBuilder(chain, SEND)).toEqual({ msgTypeUrl: SEND, payoutAddress: sendBuilder.address });
    expect(listBuilders(chain).approvedBuilder).toEqual([{ msgTypeUrl: SEND, payoutAddress: sendBuilder.address }]);
  });

  it("deciding a decided application is 1103; an approved type cannot be registered again (1101)", async () => {
    expect(await chain.govExec([msg.approve(SEND, false)])).toMatchObject({ codespace: "builderfee", code: 1103 });
    expect(getBuilder(chain, SEND).payoutAddress).toBe(sendBuilder.address);
    expectBuilderfeeError(await chain.deliver(mallory, [msg.register(mallory.address, SEND, mallory.address)]), 1101);
  });

  it("a rejection removes the application (NotFound) and frees the type for a new application", async () => {
    await chain.mustDeliver(mallory, [msg.register(mallory.address, MULTI_SEND, mallory.address)]);
    expect((await chain.govExec([msg.approve(MULTI_SEND, false)])).code).toBe(0);
    expect(queryCode(() => getApplication(chain, MULTI_SEND))).toBe(22);
    expect(queryCode(() => getBuilder(chain, MULTI_SEND))).toBe(22);
    await chain.mustDeliver(creator, [msg.register(creator.address, MULTI_SEND, multiBuilder.address)]);
    expect(getApplication(chain, MULTI_SEND)).toEqual({
      msgTypeUrl: MULTI_SEND,
      status: "pending",
      payoutAddress: multiBuilder.address,
      creator: creator.address,
    });
  });

  it("params: the default share is 3000 bps; governance may set up to 10000", async () => {
    expect(await chain.govExec([msg.updateParams(10001n)])).toMatchObject({ codespace: "sdk", code: 18 });
    expect(getBps(chain)).toBe(3000n);
    expect((await chain.govExec([msg.updateParams(10000n)])).code).toBe(0);
    expect(getBps(chain)).toBe(10000n);
  });

  it("answers an empty key with InvalidArgument", () => {
    expect(queryCode(() => getApplication(chain, ""))).toBe(18);
    expect(queryCode(() => getBuilder(chain, ""))).toBe(18);
  });
});
