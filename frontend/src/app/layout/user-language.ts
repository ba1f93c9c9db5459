import type { CurrentUser } from '@avpass/contracts';
import type { Language } from '@avpass/contracts/i18n/languages';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useSetUserLanguage } from '@/features/settings/api/set-language';
import { apiErrorText } from '@/i18n/api-error-text';
import { activate, useLanguage, useT } from '@/i18n/i18n';
import { rememberLanguage, setAccountLanguage } from '@/i18n/language';
import { shownLanguage } from './shown-language';

/** Speaks `language` at once, as the account's and this device's (the sign-in page speaks it after signing out). */
function speak(language: Language): Promise<void> {
  setAccountLanguage(language);
  rememberLanguage(language);
  return activate(language);
}

/**
 * A signed-in user's own language, for every role (issue 42, decision 358): a choice is spoken at once
 * and kept on the account (PATCH /api/auth/user/language, whose answer replaces the cached current
 * user); a failed save goes back to the language spoken before and says so in a toast.
 */
export function useUserLanguage(user: CurrentUser) {
  const t = useT();
  const spoken = useLanguage();
  const { toast } = useToast();
  const setLanguage = useSetUserLanguage();
  const [saving, setSaving] = useState<Language | null>(null);
  const chosen = shownLanguage(saving, user.language, spoken);

  const choose = (language: Language) => {
    if (language === chosen) return;
    const before = chosen;
    setSaving(language);
    void speak(language);
    setLanguage.mutate(language, {
      onSuccess: () => toast({ title: t('staff.language.saved') }),
      onError: (error) => {
        void speak(before).then(() =>
          toast({
            title: t('staff.language.failed'),
            description: apiErrorText(error, ''),
            kind: 'destructive',
          }),
        );
      },
      onSettled: () => setSaving(null),
    });
  };

  // Never disabled while saving: the button keeps the focus MUI gives back when the menu closes.
  return { chosen, choose };
}
