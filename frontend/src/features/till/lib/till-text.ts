import type { MemberUses, PassRefusal, TillCheckResponse, TillHolder } from '@avpass/contracts';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { codeText } from '@/i18n/code-text';
import type { MessageId } from '@/i18n/message-id';

type T = Translate<MessageId>;

/**
 * The headline of a refusal in the reader's words, on the online and the offline cards (the offline
 * card adds its own two); the server's `reason` says the rest in words.
 */
export function refusalTitle(result: Pick<TillCheckResponse, 'refusal'>, t: T): string {
  return t(result.refusal ? `till.refusal.${result.refusal}` : 'till.refusal.other');
}

/** The server's sentence for a no, in the reader's language when its code is in the catalogs. */
export function reasonText(
  result: Pick<TillCheckResponse, 'reason' | 'reasonCode' | 'reasonParams'>,
  t: T,
): string {
  return codeText(result.reasonCode, result.reasonParams, result.reason ?? t('till.cannotRedeemHere'));
}

/** "2 of 3 left", "Unlimited", "None left". */
export function usesLeftText(usesLeft: number | null, usageLimit: number, t: T): string {
  if (usesLeft === null) return t('till.uses.unlimited');
  if (usesLeft <= 0) return t('till.uses.none');
  return t('till.uses.left', { left: usesLeft, limit: usageLimit });
}

/** "2 of 3 this month", "1 of 2"; one per member, used: "Already used once — one per member". */
export function memberUsesText(uses: MemberUses, t: T): string {
  if (uses.period === 'ever' && uses.limit === 1 && uses.used >= 1) return t('till.memberUses.oncePerMember');
  return t(`till.memberUses.${uses.period}`, { used: uses.used, limit: uses.limit });
}

/** "Ana G." from the till's view of the holder. */
export function holderText(holder: TillHolder): string {
  return holder.lastInitial ? `${holder.firstName} ${holder.lastInitial}.` : holder.firstName;
}

/**
 * Why a member pass is refused, in the reader's words (issue 43): the server's refusals (online, as
 * PASS_REFUSAL_MESSAGES says them) and the offline till's own two.
 */
export function passRefusalText(refusal: PassRefusal | 'needs_connection' | 'no_keys', t: T): string {
  return t(`till.pass.refusal.${refusal}`);
}
