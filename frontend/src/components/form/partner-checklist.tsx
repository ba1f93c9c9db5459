import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type UIEvent } from 'react';
import { nearListEnd, usePartnerDirectory } from '@/lib/partners-api';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * The partners to assign codes to: a search over the directory (debounced, on the server), its pages
 * by keyset as the list scrolls (or with Load more), a checkbox each. Ticked partners stay ticked
 * when a search hides them; the count under the list says how many are ticked in all.
 */
export function PartnerChecklist({
  selected,
  onToggle,
  disabled,
}: {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 250);
  const directory = usePartnerDirectory(search);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (nearListEnd(event.currentTarget)) directory.loadMore();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        label={t('staff.partners.search')}
        placeholder={t('staff.partners.searchPlaceholder')}
        size="small"
        type="search"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        disabled={disabled}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'partner-search', maxLength: 100 },
        }}
      />
      {directory.isPending ? (
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}
        >
          <CircularProgress size={24} />
          <Typography color="text.secondary">{t('staff.partners.loading')}</Typography>
        </Box>
      ) : directory.isError ? (
        <Alert severity="error">{apiErrorText(directory.error, t('staff.partners.loadFailed'))}</Alert>
      ) : directory.partners.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {search ? t('staff.partners.noMatch', { search }) : t('staff.partners.none')}
        </Typography>
      ) : (
        <List
          dense
          aria-label={t('staff.partners.list')}
          data-testid="assign-partner-list"
          onScroll={onScroll}
          sx={(theme) => ({
            maxHeight: 300,
            overflowY: 'auto',
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: 2,
          })}
        >
          {directory.partners.map((partner) => {
            return (
              <ListItem key={partner.id} sx={{ py: 0.25 }}>
                {/* A checkbox and its label, no button around it (axe: no nested interactive controls). */}
                <FormControlLabel
                  disabled={disabled}
                  sx={{ m: 0, width: '100%', alignItems: 'center', gap: 0.5 }}
                  control={
                    <Checkbox checked={selected.has(partner.id)} onChange={() => onToggle(partner.id)} />
                  }
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {partner.name}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
                        {partner.email ?? t('staff.partners.noEmail')}
                      </Typography>
                    </Box>
                  }
                />
              </ListItem>
            );
          })}
          {directory.hasMore && (
            <ListItem sx={{ justifyContent: 'center' }}>
              <Button
                size="small"
                onClick={directory.loadMore}
                disabled={directory.isLoadingMore}
                data-testid="partners-load-more"
              >
                {directory.isLoadingMore ? t('staff.partners.loadingMore') : t('staff.partners.loadMore')}
              </Button>
            </ListItem>
          )}
        </List>
      )}
      <Typography variant="body2" color="text.secondary" data-testid="assign-selected-count">
        {t('staff.partners.selected', { count: selected.size })}
        {directory.total !== null && search
          ? ` · ${t('staff.partners.matching', { count: directory.total, shown: formatNumberIn(language, directory.total), search })}`
          : ''}
      </Typography>
    </Box>
  );
}
