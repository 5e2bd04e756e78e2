import type { Secp256k1Key } from "../../../src/client/signer";
import type { AnyMsg } from "../../../src/types/codec";
import type { DeliverResult, TestChain } from "../../helpers/chain";
import { freezeStatus, msg, openCase, validator } from "../../integration/enforcement/setup";

export { expectEnforcementError } from "../../integration/enforcement/setup";

/** enforcement's ErrFrozen: the one error a client sees for the freeze, whatever the path. */
export const ERR_FROZEN = 1107;

/** Freezes `address` through a real case (the genesis validator opens it; the provisional freeze applies at once). */
export async function freeze(chain: TestChain, address: string): Promise<bigint> {
  const caseId = await openCase(chain, address);
  if (!freezeStatus(chain, address).frozen) throw new Error(`${address} is not frozen after case ${caseId}`);
  return caseId;
}

/** Lifts the freeze: the opener withdraws the case. */
export async function release(chain: TestChain, caseId: bigint): Promise<void> {
  await chain.mustDeliver(validator(), [msg.withdraw(validator().address, caseId)]);
}

/**
 * A tx signed by a frozen account. It cannot pay its own fee (bank refuses the fee transfer), so
 * it signs with none, as it could with any fee sponsor: the message itself must meet the freeze.
 */
export function deliverFrozen(chain: TestChain, key: Secp256k1Key, msgs: AnyMsg[]): Promise<DeliverResult> {
  return chain.deliver(key, msgs, { fee: [] });
}
