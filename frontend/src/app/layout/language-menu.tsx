import type { CurrentUser } from '@avpass/contracts';
import { LANGUAGE_NAMES, LANGUAGES } from '@avpass/contracts/i18n/languages';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { useT } from '@/i18n/i18n';
import { useUserLanguage } from './user-language';

/**
 * The signed-in user's language, for every role (decision 358): a button in the bar on wide screens
 * and an item in the phone's drawer, each opening a menu of the languages (each named in its own
 * language, the chosen one checked). Its name reads "Language: English" (the visible language's name
 * in it, so a speech user can say what they see).
 */
export function LanguageMenu({ user, variant }: { user: CurrentUser; variant: 'bar' | 'drawer' }) {
  const t = useT();
  const { chosen, choose } = useUserLanguage(user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const menuId = `${id}-languages`;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const trigger = {
    id: `${id}-language`,
    onClick: open,
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? true : undefined,
    // "Language: English": the visible name is in it, after the word that says what it is.
    'aria-label': t('staff.language.current', { name: LANGUAGE_NAMES[chosen] }),
    'data-testid': `language-menu-${variant}`,
  } as const;
  const name = <span lang={chosen}>{LANGUAGE_NAMES[chosen]}</span>;

  return (
    <>
      {variant === 'bar' ? (
        <Button
          {...trigger}
          color="inherit"
          startIcon={<TranslateRoundedIcon />}
          sx={(theme) => ({
            display: { xs: 'none', lg: 'inline-flex' },
            '&:hover': { backgroundColor: theme.brand.glass },
          })}
        >
          {name}
        </Button>
      ) : (
        <ListItemButton {...trigger} sx={{ mx: 0.5, my: 0.25 }}>
          <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
            <TranslateRoundedIcon />
          </ListItemIcon>
          <ListItemText primary={name} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItemButton>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': trigger.id } }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            role="menuitemradio"
            aria-checked={language === chosen}
            selected={language === chosen}
            onClick={() => {
              setAnchor(null);
              choose(language);
            }}
            data-testid={`language-choice-${language}`}
          >
            <ListItemIcon>{language === chosen && <CheckRoundedIcon fontSize="small" />}</ListItemIcon>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
