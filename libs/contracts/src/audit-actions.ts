/**
 * Every action a service records in its audit trail (issue 26), typed like `EVENTS`: the action's
 * name (`<service>.<thing>.<past-tense verb>`) → the area the screen groups it under, the kinds of
 * target its entry is about, and its plain-words phrase (a verb phrase, past tense) that the audit
 * sentences (audit-sentence.ts) read, in English (every language's words, this phrase's English among
 * them, are the audit-words catalogs': libs/contracts/src/i18n/audit-words.{en,es}.json).
 * `AuditTrail.appendEntry` takes only an action named here, with one of its target kinds: an unknown
 * action, or an action about the wrong kind of thing, is a type error.
 */

/** What an entry can be about, in words (the target type picker and the sentence's fallback). */
export const AUDIT_TARGET_TYPES = {
  voucher: 'Code',
  batch: 'Batch',
  partner: 'Partner',
  credit: 'Credit',
  'credit-transaction': 'Credit use',
  'merch-item': 'Item',
  'stock-line': 'Stock line',
  allocation: 'Allocation',
  user: 'User',
  'trainer-config': 'Trainer settings',
  'voucher-settings': 'Code settings',
  'zip-job': 'ZIP download',
  statement: 'Statement',
  member: 'Member',
  'member-import': 'Member import',
  'member-send': 'Send to members',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TYPES;

/** The areas of the action picker, in its order. */
export const AUDIT_ACTION_AREAS = [
  'Codes',
  'Partners',
  'Credits',
  'Inventory',
  'People',
  'Sign-in',
  'Downloads',
  'Statements',
  'Members',
] as const;
export type AuditActionArea = (typeof AUDIT_ACTION_AREAS)[number];

interface AuditActionSpec {
  area: AuditActionArea;
  /** The kinds of target an entry of this action is about (its `targetType`). */
  targets: readonly AuditTargetType[];
  /** The sentence's verb phrase, past tense: "redeemed", "added stock of". */
  phrase: string;
  /** The picker's label, where two actions share a phrase. */
  label?: string;
}

export const AUDIT_ACTIONS = {
  'vouchers.voucher.created': { area: 'Codes', targets: ['voucher'], phrase: 'created the code' },
  'vouchers.voucher.issued': { area: 'Codes', targets: ['voucher'], phrase: 'gave a member the code' },
  /** A chunk of a voucher's member copies (decision 346): one entry naming each copy and its member. */
  'vouchers.voucher.copies-issued': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'gave members their own copies of',
  },
  'vouchers.voucher.deleted': { area: 'Codes', targets: ['voucher'], phrase: 'deleted the code' },
  'vouchers.voucher.redeemed': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'redeemed',
    label: 'Redeemed by the member',
  },
  'vouchers.voucher.till-redeemed': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'redeemed',
    label: 'Redeemed at a till',
  },
  'vouchers.voucher.unassigned': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'removed a partner from the code',
  },
  'vouchers.redemption.cancelled': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'cancelled a redemption of',
  },
  'vouchers.assignment.changed': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'changed the partners of the code',
  },
  'vouchers.assignment.bulk-assigned': {
    area: 'Codes',
    targets: ['batch', 'voucher'],
    phrase: 'assigned codes to',
  },
  'vouchers.batch.created': { area: 'Codes', targets: ['batch'], phrase: 'created the batch' },
  /** A chunk of a batch's codes given to members (decision 346): one entry naming each code and member. */
  'vouchers.batch.codes-issued': {
    area: 'Codes',
    targets: ['batch'],
    phrase: 'gave members their own codes from',
  },
  'vouchers.exclusive.created': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'created the exclusive offer',
  },
  'vouchers.trainer-code.created': {
    area: 'Codes',
    targets: ['voucher'],
    phrase: 'created the trainer code',
  },
  'vouchers.trainer-config.saved': {
    area: 'Codes',
    targets: ['trainer-config'],
    phrase: 'saved the trainer settings',
  },
  'vouchers.settings.updated': {
    area: 'Codes',
    targets: ['voucher-settings'],
    phrase: 'changed the code settings',
  },
  'partners.partner.created': { area: 'Partners', targets: ['partner'], phrase: 'added the partner' },
  'partners.partner.updated': { area: 'Partners', targets: ['partner'], phrase: 'changed the partner' },
  'partners.partner.deleted': { area: 'Partners', targets: ['partner'], phrase: 'deleted the partner' },
  'partners.partner.logo-changed': {
    area: 'Partners',
    targets: ['partner'],
    phrase: 'changed the logo of',
  },
  'partners.partner.gallery-photo-added': {
    area: 'Partners',
    targets: ['partner'],
    phrase: 'added a photo to',
  },
  'credits.credit.created': { area: 'Credits', targets: ['credit'], phrase: 'gave a credit to' },
  'credits.credit.deactivated': {
    area: 'Credits',
    targets: ['credit'],
    phrase: 'deactivated the credit of',
  },
  'credits.credit.deleted': { area: 'Credits', targets: ['credit'], phrase: 'deleted the credit of' },
  'credits.transaction.recorded': {
    area: 'Credits',
    targets: ['credit-transaction'],
    phrase: 'recorded a use of the credit of',
  },
  'credits.transaction.voided': {
    area: 'Credits',
    targets: ['credit-transaction'],
    phrase: 'voided a use of the credit of',
  },
  'inventory.item.created': { area: 'Inventory', targets: ['merch-item'], phrase: 'added the item' },
  'inventory.item.updated': { area: 'Inventory', targets: ['merch-item'], phrase: 'changed the item' },
  'inventory.item.deleted': { area: 'Inventory', targets: ['merch-item'], phrase: 'deleted the item' },
  'inventory.stock-line.created': {
    area: 'Inventory',
    targets: ['stock-line'],
    phrase: 'added stock of',
  },
  'inventory.stock-line.restocked': { area: 'Inventory', targets: ['stock-line'], phrase: 'restocked' },
  'inventory.allocation.created': {
    area: 'Inventory',
    targets: ['allocation'],
    phrase: 'allocated stock of',
  },
  'inventory.allocation.removed': {
    area: 'Inventory',
    targets: ['allocation'],
    phrase: 'removed an allocation of',
  },
  'inventory.allocation.usage-updated': {
    area: 'Inventory',
    targets: ['allocation'],
    phrase: 'updated the use of an allocation of',
  },
  'identity.portal-user.created': { area: 'People', targets: ['user'], phrase: 'added the user' },
  'identity.portal-user.activated': { area: 'People', targets: ['user'], phrase: 'activated the user' },
  'identity.portal-user.deactivated': {
    area: 'People',
    targets: ['user'],
    phrase: 'deactivated the user',
  },
  'identity.user.profile-changed': { area: 'People', targets: ['user'], phrase: 'changed the profile of' },
  'identity.user.password-changed': {
    area: 'People',
    targets: ['user'],
    phrase: 'changed the password of',
  },
  'identity.sign-in.succeeded': { area: 'Sign-in', targets: ['user'], phrase: 'signed in' },
  'identity.sign-in.failed': { area: 'Sign-in', targets: ['user'], phrase: 'failed to sign in' },
  'identity.sign-in.locked-out': {
    area: 'Sign-in',
    targets: ['user'],
    phrase: 'was locked out of signing in',
  },
  'identity.sign-in.refused': { area: 'Sign-in', targets: ['user'], phrase: 'was refused sign-in' },
  'identity.sign-in.attack-detected': {
    area: 'Sign-in',
    targets: ['user'],
    phrase: 'set off the sign-in attack alarm for',
  },
  'identity.session.ended': { area: 'Sign-in', targets: ['user'], phrase: 'signed out' },
  'rendering.zip-job.requested': {
    area: 'Downloads',
    targets: ['zip-job'],
    phrase: 'asked for a ZIP of codes',
  },
  'rendering.zip-job.downloaded': {
    area: 'Downloads',
    targets: ['zip-job'],
    phrase: 'downloaded a ZIP of codes',
  },
  'statements.statement.issued': { area: 'Statements', targets: ['statement'], phrase: 'issued' },
  'statements.statement.approved': { area: 'Statements', targets: ['statement'], phrase: 'approved' },
  'statements.statement.disputed': { area: 'Statements', targets: ['statement'], phrase: 'disputed' },
  'statements.statement.resolved': {
    area: 'Statements',
    targets: ['statement'],
    phrase: 'resolved the dispute of',
  },
  'statements.statement.paid': { area: 'Statements', targets: ['statement'], phrase: 'marked paid' },
  'members.member.created': { area: 'Members', targets: ['member'], phrase: 'added the member' },
  'members.member.updated': { area: 'Members', targets: ['member'], phrase: 'changed the member' },
  'members.member.merged': { area: 'Members', targets: ['member'], phrase: 'merged a duplicate into' },
  'members.member.erased': { area: 'Members', targets: ['member'], phrase: 'erased the member' },
  'members.import.completed': {
    area: 'Members',
    targets: ['member-import'],
    phrase: 'imported members from a CSV',
  },
  'members.send.requested': {
    area: 'Members',
    targets: ['member-send'],
    phrase: 'sent a voucher to members',
  },
  'members.delivery.resent': { area: 'Members', targets: ['member'], phrase: 're-sent a voucher to' },
  'members.consent.withdrawn': {
    area: 'Members',
    targets: ['member'],
    phrase: 'withdrew a consent of',
  },
} as const satisfies Record<string, AuditActionSpec>;

/** An action a service may record: a name in AUDIT_ACTIONS. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The kinds of target an entry of action `A` may be about. */
export type AuditTargetOf<A extends AuditAction> = (typeof AUDIT_ACTIONS)[A]['targets'][number];

/** Whether `action` is one AUDIT_ACTIONS names (an entry read back may come from a newer service). */
export function isAuditAction(action: string): action is AuditAction {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action);
}
