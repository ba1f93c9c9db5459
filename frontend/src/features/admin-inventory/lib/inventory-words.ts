import { formatCentsIn, formatDateIn, MERCH_CATEGORIES, type MerchCategory } from '@avpass/domain';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';

const isCategory = (value: string): value is MerchCategory =>
  (MERCH_CATEGORIES as readonly string[]).includes(value);

/** The inventory tabs' shared words: a category's name, money and a day, in the language spoken. */
export function useInventoryWords() {
  const t = useT();
  const language = useLanguage();
  /** A stored category's name; an unknown one (older data) as it is stored. */
  const category = (value: string) => (isCategory(value) ? t(`inventory.category.${value}`) : value);
  const money = (cents: number) => formatCentsIn(language, cents);
  const day = (value: string) => formatDateIn(language, value, viewerTimeZone());
  return { t, language, category, money, day };
}

/**
 * A form's mutation callbacks in the reader's words: a toast
 * on success, else the fields' errors and a toast with the API's refusal, translated by its code.
 */
export function useInventoryMutationToasts() {
  const t = useT();
  const { toast } = useToast();
  return ({
    success,
    failure,
    onDone,
    onFieldErrors,
  }: {
    success: string;
    failure: string;
    onDone: () => void;
    onFieldErrors: (errors: Record<string, string>) => void;
  }) => ({
    onSuccess: () => {
      toast({ title: t('inventory.success'), description: success });
      onDone();
    },
    onError: (error: unknown) => {
      onFieldErrors(apiFieldErrorTexts(error));
      toast({ title: t('inventory.error'), description: apiErrorText(error, failure), kind: 'destructive' });
    },
  });
}
