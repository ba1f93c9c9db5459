import {
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGE_SWITCH_LABEL,
  LANGUAGES,
  type Language,
} from '@avpass/contracts/i18n/languages';
import type { CSSProperties } from 'react';
import { activate, useLanguage } from './i18n';
import { rememberLanguage } from './language';

// `justifyContent` comes from the caller's style on the <nav> (start, center, end).
const LIST: CSSProperties = {
  display: 'flex',
  justifyContent: 'inherit',
  gap: 4,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};
const BUTTON: CSSProperties = {
  minHeight: 44,
  minWidth: 44,
  padding: '0 12px',
  border: '1px solid currentColor',
  borderRadius: 8,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: 14,
  cursor: 'pointer',
};

/**
 * English / Español on the public pages (decision 352): plain buttons (no MUI: the voucher page, the
 * member's and the sign-in page load without it), each named in its own language; the choice is
 * remembered for the next visit and for the gateway's first HTML.
 */
export function LanguageSwitch({
  style,
  onChoose,
  compact = false,
}: {
  style?: CSSProperties;
  /** Also told of a choice (My vouchers: the member's own setting for this device). */
  onChoose?: (language: Language) => void;
  /** "EN" / "ES" (each with its name as a tooltip), where the full names do not fit: a phone's header. */
  compact?: boolean;
}) {
  const spoken = useLanguage();
  const choose = (language: Language) => {
    rememberLanguage(language);
    onChoose?.(language);
    void activate(language);
  };
  return (
    <nav
      aria-label={LANGUAGE_SWITCH_LABEL[isLanguage(spoken) ? spoken : 'en']}
      style={style}
      data-testid="language-switch"
    >
      <ul style={LIST}>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              title={compact ? LANGUAGE_NAMES[language] : undefined}
              aria-pressed={spoken === language}
              style={{ ...BUTTON, fontWeight: spoken === language ? 700 : 400 }}
              onClick={() => choose(language)}
              data-testid={`language-${language}`}
            >
              {compact ? language.toUpperCase() : LANGUAGE_NAMES[language]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
