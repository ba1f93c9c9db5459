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
import { errorMessageOf } from '@/lib/api-client';
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

  const toggle = (user: PortalUser) =>
    setActive.mutate(
      { userId: user.id, isActive: !user.isActive },
      {
        onSuccess: (changed) =>
          toast({
            title: 'User Status Updated',
            description: changed.isActive
              ? `${changed.username} can sign in again.`
              : `${changed.username} was deactivated and signed out.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to update user status'),
            kind: 'destructive',
          }),
      },
    );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography color="text.secondary">Staff accounts that sign in to this partner’s portal.</Typography>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0 }}
        >
          Add User
        </Button>
      </Stack>
      {users.isPending ? (
        <Box role="status" aria-label="Loading">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : users.isError ? (
        <LoadErrorAlert
          error={users.error}
          onRetry={() => void users.refetch()}
          fallback="Portal users could not be loaded."
        />
      ) : users.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No portal users yet. Add one so the partner’s staff can sign in.
        </Typography>
      ) : (
        <List disablePadding aria-label="Portal users">
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
                  {[fullName(user), user.email].filter(Boolean).join(' · ') || 'No name or e-mail'}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={user.isActive ? 'Active' : 'Inactive'}
                color={user.isActive ? 'success' : 'default'}
                variant={user.isActive ? 'filled' : 'outlined'}
              />
              <Button
                size="small"
                variant="outlined"
                color={user.isActive ? 'error' : 'primary'}
                disabled={setActive.isPending && setActive.variables?.userId === user.id}
                onClick={() => toggle(user)}
                aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${user.username}`}
              >
                {user.isActive ? 'Deactivate' : 'Activate'}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      <CreatePortalUserDialog partnerId={partnerId} open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
