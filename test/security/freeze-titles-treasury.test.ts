import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleAddress } from "../../src/types/address";
import type { AnyMsg } from "../../src/types/codec";
import type { TestChain } from "../helpers/chain";
import { LockType, Role, USD, idOf, keys, msg, now, treasuryChain } from "../integration/treasury/setup";
import { ERR_FROZEN, deliverFrozen, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";

// Attack: treasury outflows are paid by the module account, so bank's send check sees the module,
// never the frozen account that decided them. A frozen admin, spender or depositor must not pay
// out (spend, lock, revoke, release an escrow) nor widen who may (roles, admin, policy, unpause);
// a frozen beneficiary may still be paid.

const { admin, spender, bene, other, buyer, seller, moderator } = keys;
const usd = (chain: TestChain, address: string) => chain.balance(address, USD);
const MODULE = moduleAddress("treasury");

describe("treasury: a frozen actor moves no treasury value", () => {
  let chain: TestChain;
  let treasury: bigint;
  let revocable: bigint;
  let escrow: bigint;
  let disputed: bigint;
  const cases: bigint[] = [];

  beforeAll(async () => {
    chain = await treasuryChain();
    treasury = idOf(await chain.mustDeliver(admin, [msg.create(admin.address)]));
    await chain.mustDeliver(admin, [
      msg.deposit(admin.address, treasury, 100_000n),
      msg.assign(admin.address, treasury, spender.address, Role.ROLE_SPENDER),
    ]);
    const start = now(chain);
    revocable = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, treasury, bene.address, 1000n, {
          lockType: LockType.LOCK_TYPE_VESTING,
          startTime: start - 100n,
          cliffTime: start - 100n,
          endTime: start + 1_000_000n,
          revocable: true,
        }),
      ]),
    );
    escrow = idOf(await chain.mustDeliver(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 500n)]));
    disputed = idOf(await chain.mustDeliver(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 700n)]));
    await chain.mustDeliver(seller, [msg.dispute(seller.address, disputed)]);
    await chain.mustDeliver(admin, [msg.pause(admin.address, treasury)]);
    await chain.mustDeliver(admin, [msg.pause(admin.address, treasury, false)]);
    for (const who of [admin, spender, buyer, seller]) cases.push(await freeze(chain, who.address));
  });
  afterAll(async () => chain.close());

  const refused: Array<[string, () => [typeof admin, AnyMsg]]> = [
    ["MsgSpend by a frozen spender", () => [spender, msg.spend(spender.address, treasury, other.address, 10n)]],
    ["MsgSpend by a frozen admin", () => [admin, msg.spend(admin.address, treasury, other.address, 10n)]],
    [
      "MsgCreateLock by a frozen admin",
      () => [
        admin,
        msg.lock(admin.address, treasury, other.address, 10n, {
          lockType: LockType.LOCK_TYPE_TIME,
          startTime: now(chain),
          cliffTime: now(chain),
          endTime: now(chain) + 1_000_000n,
        }),
      ],
    ],
    ["MsgRevokeLock by a frozen admin", () => [admin, msg.revoke(admin.address, revocable)]],
    ["MsgAssignRole by a frozen admin", () => [admin, msg.assign(admin.address, treasury, other.address, Role.ROLE_SPENDER)]],
    ["MsgSetAdmin by a frozen admin", () => [admin, msg.setAdmin(admin.address, treasury, other.address)]],
    ["MsgSetSpendPolicy by a frozen admin", () => [admin, msg.policy(admin.address, { treasuryId: treasury, perTransactionLimit: "1" })]],
    ["MsgReleaseEscrow by a frozen depositor", () => [buyer, msg.release(buyer.address, escrow)]],
    ["MsgResolveEscrow paying the beneficiary of a frozen depositor", () => [moderator, msg.resolve(moderator.address, disputed, true)]],
  ];

  it.each(refused)("%s is refused with ErrFrozen and nothing leaves", async (_name, make) => {
    const [signer, m] = make();
    const held = usd(chain, MODULE);
    expectEnforcementError(await deliverFrozen(chain, signer, [m]), ERR_FROZEN);
    expect(usd(chain, MODULE)).toBe(held);
  });

  it("a frozen admin may still pause (it protects the funds) but not resume", async () => {
    expect((await deliverFrozen(chain, admin, [msg.pause(admin.address, treasury)])).code).toBe(0);
    expectEnforcementError(await deliverFrozen(chain, admin, [msg.pause(admin.address, treasury, false)]), ERR_FROZEN);
  });

  it("a frozen depositor may be refunded by the moderator (receiving is allowed)", async () => {
    const before = usd(chain, buyer.address);
    await chain.mustDeliver(moderator, [msg.resolve(moderator.address, disputed, false)]);
    expect(usd(chain, buyer.address)).toBe(before + 700n);
  });

  it("once the depositor is released its escrow pays a beneficiary that is itself frozen", async () => {
    await release(chain, cases[2]!);
    const before = usd(chain, seller.address);
    await chain.mustDeliver(buyer, [msg.release(buyer.address, escrow)]);
    expect(usd(chain, seller.address)).toBe(before + 500n);
  });

  it("after release the admin and spender act again", async () => {
    await release(chain, cases[0]!);
    await release(chain, cases[1]!);
    await chain.mustDeliver(admin, [msg.pause(admin.address, treasury, false)]);
    const before = usd(chain, other.address);
    await chain.mustDeliver(spender, [msg.spend(spender.address, treasury, other.address, 10n)]);
    expect(usd(chain, other.address)).toBe(before + 10n);
  });
});
