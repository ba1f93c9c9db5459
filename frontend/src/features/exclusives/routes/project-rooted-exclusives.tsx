import type { Exclusive } from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '@/i18n/i18n';
import { CreateExclusiveDialog } from '../components/create-exclusive-dialog';
import { DeleteExclusiveDialog } from '../components/delete-exclusive-dialog';
import { ExclusivesTable } from '../components/exclusives-table';

/** The program's name, the same in every language. */
const PROJECT_ROOTED = 'Project Rooted';

/**
 * Project Rooted Exclusives (/project-rooted-exclusives; spec section 2): searched, sorted and narrowed
 * by partner on the server, the filter tab (its status filter), search, sort, partner and page kept in
 * the URL (`?filter=raffles&q=yoga&sort=title&page=2`). The route's guard admits super_admin only.
 */
export function ProjectRootedExclusivesRoute() {
  const t = useT();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Exclusive | null>(null);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          mb: { xs: 2, md: 3 },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'space-between',
          alignItems: 'flex-end',
        }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {PROJECT_ROOTED}
          </Typography>
          <Typography variant="h3" component="h1">
            {t('exclusives.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('exclusives.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => setCreating(true)}
          data-testid="create-exclusive"
        >
          {t('exclusives.create.submit')}
        </Button>
      </Box>
      <ExclusivesTable onDelete={setDeleting} />
      <CreateExclusiveDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteExclusiveDialog exclusive={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}
