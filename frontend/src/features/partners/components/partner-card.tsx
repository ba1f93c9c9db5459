import type { Vendor } from '@avpass/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PartnerLogo } from '@/components/brand/partner-logo';
import { useT } from '@/i18n/i18n';
import { categoryLabel } from '../lib/partner-words';

export interface PartnerActions {
  onView: (vendor: Vendor) => void;
  onEdit: (vendor: Vendor) => void;
  onDelete: (vendor: Vendor) => void;
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}>
      {icon}
      <Typography variant="body2" noWrap title={typeof children === 'string' ? children : undefined}>
        {children}
      </Typography>
    </Stack>
  );
}

function contactLines(vendor: Vendor) {
  const iconSx = { fontSize: 18, flexShrink: 0 };
  return [
    vendor.email && (
      <ContactLine key="e" icon={<EmailOutlinedIcon sx={iconSx} />}>
        {vendor.email}
      </ContactLine>
    ),
    vendor.phone && (
      <ContactLine key="p" icon={<PhoneOutlinedIcon sx={iconSx} />}>
        {vendor.phone}
      </ContactLine>
    ),
    vendor.website && (
      <ContactLine key="w" icon={<LanguageOutlinedIcon sx={iconSx} />}>
        {vendor.website}
      </ContactLine>
    ),
    vendor.address && (
      <ContactLine key="a" icon={<PlaceOutlinedIcon sx={iconSx} />}>
        {vendor.address}
      </ContactLine>
    ),
  ].filter(Boolean);
}

function Categories({ vendor, max = 3 }: { vendor: Vendor; max?: number }) {
  const t = useT();
  if (!vendor.categories.length) return null;
  const shown = vendor.categories.slice(0, max);
  const more = vendor.categories.length - shown.length;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {shown.map((c) => (
        <Chip key={c} size="small" label={categoryLabel(c, t)} variant="outlined" />
      ))}
      {more > 0 && <Chip size="small" label={`+${more}`} />}
    </Stack>
  );
}

function EditDelete({ vendor, onEdit, onDelete }: { vendor: Vendor } & Omit<PartnerActions, 'onView'>) {
  const t = useT();
  return (
    <>
      <Tooltip title={t('partners.edit')}>
        <IconButton
          aria-label={t('partners.editLabel', { name: vendor.name })}
          onClick={() => onEdit(vendor)}
          data-testid="edit-partner"
        >
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('partners.delete')}>
        <IconButton
          aria-label={t('partners.deleteLabel', { name: vendor.name })}
          color="error"
          onClick={() => onDelete(vendor)}
        >
          <DeleteOutlineRoundedIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** A partner in the desktop grid: logo, name, categories, contact lines, View Details, edit, delete. */
export function PartnerCard({ vendor, ...actions }: { vendor: Vendor } & PartnerActions) {
  const t = useT();
  const lines = contactLines(vendor);
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="partner-card"
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
          <PartnerLogo name={vendor.name} logoUrl={vendor.logoUrl} size={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
              {vendor.name}
            </Typography>
            {!vendor.isActive && <Chip size="small" label={t('partners.status.inactive')} sx={{ mt: 0.5 }} />}
          </Box>
        </Stack>
        <Categories vendor={vendor} />
        <Stack spacing={0.5} sx={{ mt: 1.5 }}>
          {lines.length ? (
            lines
          ) : (
            <Typography variant="body2" color="text.disabled">
              {t('partners.noContact')}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'space-between' }}>
        <Button variant="outlined" size="small" onClick={() => actions.onView(vendor)}>
          {t('partners.view')}
        </Button>
        <Box>
          <EditDelete vendor={vendor} onEdit={actions.onEdit} onDelete={actions.onDelete} />
        </Box>
      </CardActions>
    </Card>
  );
}

/** A partner in the phone list: one compact row; tapping it opens the details. */
export function PartnerRow({ vendor, ...actions }: { vendor: Vendor } & PartnerActions) {
  const t = useT();
  return (
    <Card variant="outlined" data-testid="partner-row">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5, minWidth: 0 }}>
        <PartnerLogo name={vendor.name} logoUrl={vendor.logoUrl} size={44} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{vendor.name}</Typography>
          {!vendor.isActive && <Chip size="small" label={t('partners.status.inactive')} sx={{ my: 0.25 }} />}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {vendor.categories.map((c) => categoryLabel(c, t)).join(', ') ||
              vendor.email ||
              t('partners.noCategory')}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ px: 1.5, pb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Button size="small" onClick={() => actions.onView(vendor)}>
          {t('partners.view')}
        </Button>
        <Box>
          <EditDelete vendor={vendor} onEdit={actions.onEdit} onDelete={actions.onDelete} />
        </Box>
      </Stack>
    </Card>
  );
}
