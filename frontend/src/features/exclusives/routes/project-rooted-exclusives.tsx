import type { Exclusive } from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CreateExclusiveDialog } from '../components/create-exclusive-dialog';
import { DeleteExclusiveDialog } from '../components/delete-exclusive-dialog';
import { ExclusivesTable } from '../components/exclusives-table';

/**
 * Project Rooted Exclusives (/project-rooted-exclusives; spec section 2): searched, sorted and narrowed
 * by partner on the server, the filter tab (its status filter), search, sort, partner and page kept in
 * the URL (`?filter=raffles&q=yoga&sort=title&page=2`). The route's guard admits super_admin only.
 */
export function ProjectRootedExclusivesRoute() {
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
            Project Rooted
          </Typography>
          <Typography variant="h3" component="h1">
            QR Exclusives
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Training sessions, raffle prizes, event seats and exclusive discounts, redeemed on the voucher
            page.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
          Create Exclusive
        </Button>
      </Box>
      <ExclusivesTable onDelete={setDeleting} />
      <CreateExclusiveDialog open={creating} onClose={() => setCreating(false)} />
      <DeleteExclusiveDialog exclusive={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}
