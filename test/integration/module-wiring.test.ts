import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { resolveModuleOrders } from "../../src/app/module-order";
import { registerError } from "../../src/types/errors";
import type { Module, MsgRouter } from "../../src/types/module";
import { TestChain, pack, testKey, DENOM } from "../helpers/chain";

/** A trivial module: one list entry registers its router binding, begin blocker and send restriction. */
function exampleModule() {
  const ErrRefused = registerError("wiringexample", 2, "transfer refused by the example module");
  const refused = testKey("wiring/refused").address;
  const state = { router: undefined as MsgRouter | undefined, beginBlocks: 0 };
  const module: Module = {
    name: "wiringexample",
    bindRouter: (router) => {
      state.router = router;
    },
    beginBlock: () => {
      state.beginBlocks++;
    },
    hooks: {
      sendRestriction: (_ctx, _from, to) => {
        if (to === refused) throw ErrRefused.wrap(`to ${to}`);
      },
    },
  };
  return { module, state, refused };
}

describe("module registration is one entry in the module list", () => {
  const example = exampleModule();
  let chain: TestChain;
  const alice = testKey("alice");

  beforeAll(async () => {
    chain = await TestChain.create({ build: { extraModules: [example.module] } });
  });
  afterAll(async () => chain.close());

  it("binds the router, runs the begin blocker and installs the send restriction", async () => {
    expect(example.state.router?.has("/cosmos.bank.v1beta1.MsgSend")).toBe(true);
    const before = example.state.beginBlocks;
    await chain.produceBlocks(2);
    expect(example.state.beginBlocks).toBe(before + 2);

    const send = (to: string) =>
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: alice.address, toAddress: to, amount: [{ denom: DENOM, amount: "1" }] });
    const refused = await chain.deliver(alice, [send(example.refused)]);
    expect({ code: refused.code, codespace: refused.codespace }).toEqual({ code: 2, codespace: "wiringexample" });
    expect(chain.balance(example.refused)).toBe(0n);
    expect((await chain.deliver(alice, [send(testKey("bob").address)])).code).toBe(0);
  });
});

describe("the order lists fail loudly at start", () => {
  const blocker = (name: string): Module => ({ name, endBlock: () => undefined });
  const plain = (name: string): Module => ({ name });

  it("refuses a name no module has", () => {
    expect(() => resolveModuleOrders([blocker("a")], { preBlock: [], beginBlock: [], endBlock: ["a", "typo"], initGenesis: [] })).toThrow(
      'module wiring: the endBlock order names "typo", which is not a registered module',
    );
  });

  it("refuses a module with an end blocker that its list forgets", () => {
    expect(() =>
      resolveModuleOrders([blocker("a"), blocker("b")], { preBlock: [], beginBlock: [], endBlock: ["a"], initGenesis: [] }),
    ).toThrow('module wiring: the endBlock order is missing "b" (src/app/modules.ts)');
  });

  it("refuses a module with genesis that the genesis order forgets, a name listed twice, two modules of one name", () => {
    const withGenesis = { ...plain("g"), genesis: {} as Module["genesis"] };
    expect(() => resolveModuleOrders([withGenesis], { preBlock: [], beginBlock: [], endBlock: [], initGenesis: [] })).toThrow(
      'the initGenesis order is missing "g"',
    );
    expect(() => resolveModuleOrders([blocker("a")], { preBlock: [], beginBlock: [], endBlock: ["a", "a"], initGenesis: [] })).toThrow(
      'names "a" twice',
    );
    expect(() => resolveModuleOrders([plain("a"), plain("a")], { preBlock: [], beginBlock: [], endBlock: [], initGenesis: [] })).toThrow(
      'two modules are named "a"',
    );
  });

  it("keeps the listed order and leaves out modules without the hook", () => {
    const orders = resolveModuleOrders([plain("x"), blocker("b"), blocker("a")], {
      preBlock: [],
      beginBlock: [],
      endBlock: ["a", "x", "b"],
      initGenesis: [],
    });
    expect(orders.endBlockOrder.map((m) => m.name)).toEqual(["a", "b"]);
  });
});
