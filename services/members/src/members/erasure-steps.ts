import type { Tx } from '@avpass/platform';

/**
 * What else an erasure scrubs in its own transaction (another folder's rows that hold the member's
 * personal data, e.g. the addresses of their deliveries): provided under MEMBER_ERASURE_STEPS by the
 * composition root, so this folder needs to know none of them.
 */
export interface MemberErasureStep {
  scrubErasedMember(tx: Tx, memberId: string): Promise<void>;
}
export const MEMBER_ERASURE_STEPS = Symbol('MEMBER_ERASURE_STEPS');
