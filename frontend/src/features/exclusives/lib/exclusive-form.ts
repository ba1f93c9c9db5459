import {
  createExclusiveRequestSchema,
  EXCLUSIVE_USAGE_LIMIT_MESSAGE,
  EVENT_DATE_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  START_AFTER_EXPIRY_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
  type CreateExclusiveRequest,
} from '@avpass/contracts';
import { defaultExpiryDate, type ExclusiveType } from '@avpass/domain';
import type { MessageId } from '@/i18n/message-id';
import { viewerTimeZone } from '@/lib/time-zone';
import type { T } from './exclusive-text';

/** Spec section 9: the exclusive usage presets, and a custom number from 1 to 9999. */
export const USAGE_OPTIONS = ['1', '5', '10', '25', '50', '100', 'unlimited', 'custom'] as const;

/** "1 use", "5 uses", "Unlimited", "Custom number" in the reader's language. */
export const usageOptionLabel = (option: (typeof USAGE_OPTIONS)[number], t: T) =>
  option === 'unlimited'
    ? t('exclusives.usage.unlimited')
    : option === 'custom'
      ? t('exclusives.usage.custom')
      : t('exclusives.usage.uses', { count: Number(option) });

export interface FormValues {
  exclusiveType: ExclusiveType;
  title: string;
  description: string;
  value: string;
  eventName: string;
  eventDate: string;
  trainerName: string;
  sessionDuration: string;
  specialInstructions: string;
  vendorId: string;
  usage: (typeof USAGE_OPTIONS)[number];
  customUsage: string;
  expirationDate: string;
  /** Optional 'YYYY-MM-DD': valid from the start of that day. */
  startDate: string;
}

export const initialValues = (): FormValues => ({
  exclusiveType: 'training_session',
  title: '',
  description: '',
  value: '',
  eventName: '',
  eventDate: '',
  trainerName: '',
  sessionDuration: '',
  specialInstructions: '',
  vendorId: '',
  usage: '1',
  customUsage: '',
  expirationDate: defaultExpiryDate(new Date(), viewerTimeZone()),
  startDate: '',
});

/** Events and sessions have a date; sessions a trainer and duration; events a name. */
export const hasEventFields = (type: ExclusiveType) =>
  type === 'special_event' || type === 'training_session';

export function requestOf(values: FormValues, logoUrl: string | null): CreateExclusiveRequest {
  const session = values.exclusiveType === 'training_session';
  const event = hasEventFields(values.exclusiveType);
  return {
    exclusiveType: values.exclusiveType,
    exclusiveDetails: {
      title: values.title,
      description: values.description,
      value: values.value,
      eventName: values.exclusiveType === 'special_event' ? values.eventName : '',
      eventDate: event ? values.eventDate : '',
      trainerName: session ? values.trainerName : '',
      sessionDuration: session ? values.sessionDuration : '',
      specialInstructions: values.specialInstructions,
      vendorId: values.vendorId,
    },
    expirationDate: values.expirationDate,
    ...(values.startDate.trim() ? { startDate: values.startDate.trim() } : {}),
    usageLimit: values.usage === 'custom' ? values.customUsage : values.usage,
    logoUrl,
    deploymentUrl: window.location.origin,
  };
}

/** The schema's messages this form can give, by their words in the catalog (issue 42). */
const KNOWN: Record<string, MessageId> = {
  'Title is required': 'exclusives.error.title',
  'Description is required': 'exclusives.error.description',
  'Expiration date is required': 'exclusives.error.expiryRequired',
  'Expiration date must be a date (YYYY-MM-DD)': 'exclusives.error.expiryDate',
  'Expiration date must be a real calendar date': 'exclusives.error.expiryDate',
  [PAST_EXPIRY_MESSAGE]: 'exclusives.error.expiryPast',
  [START_AFTER_EXPIRY_MESSAGE]: 'exclusives.error.startAfterExpiry',
  [EVENT_DATE_MESSAGE]: 'exclusives.error.eventDate',
  [UNSAFE_TEXT_MESSAGE]: 'exclusives.error.unsafeText',
};

/** A schema message in the reader's language; one not known here is shown as the schema wrote it. */
function issueWords(text: string, t: T): string {
  const known = KNOWN[text];
  if (known) return t(known);
  if (text.startsWith(EXCLUSIVE_USAGE_LIMIT_MESSAGE)) return t('exclusives.error.usage');
  const most = /^Must be at most (\d+) characters$/.exec(text)?.[1];
  return most ? t('exclusives.error.tooLong', { most }) : text;
}

/** Field errors of the request schema, keyed as the server keys them ('exclusiveDetails.title'), in the reader's words. */
export function refusalsOf(request: CreateExclusiveRequest, t: T): Record<string, string> {
  const parsed = createExclusiveRequestSchema.safeParse(request);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issueWords(issue.message, t);
  }
  return errors;
}

/** Where a form field's error is keyed (the request's path). */
export function fieldKey(key: keyof FormValues): string {
  switch (key) {
    case 'exclusiveType':
    case 'expirationDate':
    case 'startDate':
      return key;
    case 'usage':
    case 'customUsage':
      return 'usageLimit';
    default:
      return `exclusiveDetails.${key}`;
  }
}
