import type { PortalUser } from '@avpass/contracts';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { usePortalUsers } from '../api/get-portal-users';
import { useSetPortalUserActive } from '../api/set-portal-user-active';
import { CreatePortalUserDialog } from './create-portal-user-dialog';

const fullName = (u: PortalUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/** The partner's staff accounts: Active/Inactive, Activate/Deactivate (signs the user out at once). */
export function PortalUsersTab({ partnerId }: { partnerId: string }) {
  const users = usePortalUsers(partnerId);
  const setActive = useSetPortalUserActive(partnerId);
  const [adding, setAdding] = useState(false);
  const { toast } = useToast();
  const t = useT();

  const toggle = (user: PortalUser) =>
    setActive.mutate(
      { userId: user.id, isActive: !user.isActive },
      {
        onSuccess: (changed) =>
          toast({
            title: t('partners.users.statusUpdated'),
            description: changed.isActive
              ? t('partners.users.activated', { name: changed.username })
              : t('partners.users.deactivated', { name: changed.username }),
          }),
        onError: (error) =>
          toast({
            title: t('partners.errorTitle'),
            description: apiErrorText(error, t('partners.users.statusFailed')),
            kind: 'destructive',
          }),
      },
    );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography color="text.secondary">{t('partners.users.intro')}</Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          {t('partners.users.add')}
        </Button>
      </Stack>
      {users.isPending ? (
        <Box role="status" aria-label={t('partners.users.loading')}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : users.isError ? (
        <LoadErrorAlert
          error={users.error}
          onRetry={() => void users.refetch()}
          fallback={t('partners.users.loadFailed')}
        />
      ) : users.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('partners.users.none')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('partners.tab.users')}>
          {users.data.map((user) => (
            <ListItem
              key={user.id}
              divider
              sx={{ px: 0, gap: 2, flexWrap: 'wrap' }}
              data-testid="portal-user"
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.username}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[fullName(user), user.email].filter(Boolean).join(' · ') || t('partners.users.noName')}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={user.isActive ? t('partners.status.active') : t('partners.status.inactive')}
                color={user.isActive ? 'success' : 'default'}
                variant={user.isActive ? 'filled' : 'outlined'}
              />
              <Button
                size="small"
                variant="outlined"
                color={user.isActive ? 'error' : 'primary'}
                disabled={setActive.isPending && setActive.variables?.userId === user.id}
                onClick={() => toggle(user)}
                aria-label={t(
                  user.isActive ? 'partners.users.deactivateLabel' : 'partners.users.activateLabel',
                  {
                    name: user.username,
                  },
                )}
              >
                {user.isActive ? t('partners.users.deactivate') : t('partners.users.activate')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <CreatePortalUserDialog partnerId={partnerId} open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
