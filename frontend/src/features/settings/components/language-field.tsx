import type { CurrentUser } from '@avpass/contracts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@avpass/contracts/i18n/languages';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { activate, useLanguage, useT } from '@/i18n/i18n';
import { rememberLanguage, setAccountLanguage } from '@/i18n/language';
import { useSetUserLanguage } from '../api/set-language';

/**
 * The signed-in user's own language (issue 42, decision 352): spoken at once, kept on their account
 * (PATCH /api/auth/user/language; every device they sign in on speaks it) and on this device, so the
 * sign-in page speaks it after signing out. A failed save goes back to the language spoken before.
 */
export function LanguageField({ user }: { user: CurrentUser }) {
  const t = useT();
  const spoken = useLanguage();
  const setLanguage = useSetUserLanguage();
  const { toast } = useToast();
  const [chosen, setChosen] = useState<Language>(user.language ?? (isLanguage(spoken) ? spoken : 'en'));

  const speak = (language: Language) => {
    setChosen(language);
    setAccountLanguage(language);
    rememberLanguage(language);
    return activate(language);
  };

  const choose = (language: Language) => {
    if (language === chosen) return;
    const before = chosen;
    void speak(language);
    setLanguage.mutate(language, {
      onSuccess: () => toast({ title: t('settings.languageSaved'), description: LANGUAGE_NAMES[language] }),
      onError: (error) => {
        void speak(before).then(() =>
          toast({
            title: t('settings.languageFailed'),
            description: apiErrorText(error, ''),
            kind: 'destructive',
          }),
        );
      },
    });
  };

  return (
    <TextField
      select
      name="language"
      label={t('settings.language')}
      helperText={t('settings.languageHelp')}
      value={chosen}
      disabled={setLanguage.isPending}
      onChange={(event) => {
        if (isLanguage(event.target.value)) choose(event.target.value);
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
      data-testid="settings-language"
    >
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          value={language}
          lang={language}
          data-testid={`settings-language-${language}`}
        >
          {LANGUAGE_NAMES[language]}
        </MenuItem>
      ))}
    </TextField>
  );
}
