import type { Vendor } from '@avpass/contracts';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatNumberIn } from '@avpass/domain';
import { useWords } from '@/i18n/i18n';
import { DeletePartnerDialog } from '../components/delete-partner-dialog';
import type { PartnerActions } from '../components/partner-card';
import { PartnerDetailsDialog } from '../components/partner-details-dialog';
import { PartnerFilters } from '../components/partner-filters';
import { PartnerFormDialog } from '../components/partner-form-dialog';
import { PartnersResults } from '../components/partners-results';
import { usePartnersList } from '../lib/use-partners-list';

/**
 * /partners and /vendors (super_admin): the partner network, searched, sorted and filtered by the
 * server, the view in the URL (issue 27).
 */
export function PartnersRoute() {
  const { t, language } = useWords();
  const list = usePartnersList();
  const { vendors, filtered } = list;
  const [editing, setEditing] = useState<Vendor | null | 'new'>(null);
  const [viewing, setViewing] = useState<Vendor | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const actions: PartnerActions = { onView: setViewing, onEdit: setEditing, onDelete: setDeleting };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {t('partners.overline')}
          </Typography>
          <Typography variant="h3" component="h1">
            {t('partners.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {vendors.data
              ? t(filtered ? 'partners.countMatching' : 'partners.countInNetwork', {
                  count: vendors.data.total,
                  shown: formatNumberIn(language, vendors.data.total),
                })
              : t('partners.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddRoundedIcon />}
          onClick={() => setEditing('new')}
          sx={{ flexShrink: 0 }}
        >
          {t('partners.create')}
        </Button>
      </Stack>

      <PartnerFilters list={list} />
      <PartnersResults list={list} actions={actions} onCreate={() => setEditing('new')} />

      <PartnerFormDialog
        open={editing !== null}
        vendor={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <PartnerDetailsDialog vendor={viewing} onClose={() => setViewing(null)} />
      <DeletePartnerDialog
        vendor={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => setViewing(null)}
      />
    </Container>
  );
}
