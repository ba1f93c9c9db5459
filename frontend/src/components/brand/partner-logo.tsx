import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useT } from '@/i18n/i18n';

interface PartnerLogoProps {
  name: string;
  logoUrl: string | null;
  size: number;
}

/** The partner's logo, or a placeholder icon when there is none (or it fails to load). */
export function PartnerLogo({ name, logoUrl, size }: PartnerLogoProps) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(logoUrl) && !failed;

  return (
    <Box
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 3,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        backgroundColor: showImage ? theme.palette.background.paper : theme.palette.navy[50],
        border: `1px solid ${theme.palette.divider}`,
        color: theme.palette.navy[500],
      })}
    >
      {showImage ? (
        <Box
          component="img"
          src={logoUrl ?? undefined}
          alt={t('landing.logoAlt', { name })}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', p: 1 }}
        />
      ) : (
        <StorefrontOutlinedIcon
          role="img"
          aria-label={t('landing.noLogo', { name })}
          data-testid="partner-logo-placeholder"
          sx={{ fontSize: size * 0.5 }}
        />
      )}
    </Box>
  );
}
