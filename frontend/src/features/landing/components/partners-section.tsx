import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';
import { usePublicPartners } from '../api/get-public-partners';
import { FeaturedPartnerCard, PartnerCard } from './partner-card';
import { SectionHeading } from './section-heading';

/** Spec section 9: the first three partners are featured. */
const FEATURED_COUNT = 3;

export function PartnersSection() {
  return (
    <Box
      component="section"
      aria-labelledby="partners-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.default' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="partners-title"
          eyebrow="Partners"
          title="Elite Partnership Network"
          description="Local businesses that back our athletes and families with perks you will not find anywhere else."
        />
        <PartnersContent />
      </Container>
    </Box>
  );
}

function PartnersContent() {
  const partners = usePublicPartners();

  if (partners.isPending) return <LoadingState message="Loading partners..." />;

  if (partners.isError) {
    return (
      <StatusPanel
        testId="partners-error"
        tone="error"
        icon={<CloudOffRoundedIcon />}
        title="We couldn't load our partners"
        description="The partner list is unavailable right now. Please try again in a moment."
        action={
          <Button variant="contained" onClick={() => void partners.refetch()} disabled={partners.isFetching}>
            {partners.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        }
      />
    );
  }

  if (partners.data.length === 0) {
    // The empty state of the spec's landing page (Elite Partnership Network) in its own words: a real
    // answer when no partner exists yet, not a placeholder for a missing feature.
    return (
      <StatusPanel
        testId="partners-empty"
        tone="accent"
        icon={<HandshakeOutlinedIcon />}
        title="Partner information coming soon"
        description="We are lining up local businesses for the AV Pass network. Check back shortly."
      />
    );
  }

  const featured = partners.data.slice(0, FEATURED_COUNT);
  const others = partners.data.slice(FEATURED_COUNT);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 6, md: 8 } }}>
      <Box>
        <Typography variant="h4" component="h3" sx={{ mb: 3 }}>
          Featured Partners
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
            gap: 3,
          }}
        >
          {featured.map((partner) => (
            <FeaturedPartnerCard key={partner.id} partner={partner} />
          ))}
        </Box>
      </Box>
      {others.length > 0 && (
        <Box>
          <Typography variant="h4" component="h3" sx={{ mb: 3 }}>
            All Partners
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
              gap: 2,
            }}
          >
            {others.map((partner) => (
              <PartnerCard key={partner.id} partner={partner} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
