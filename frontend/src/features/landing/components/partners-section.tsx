import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { StatusPanel } from '@/components/feedback/status-panel';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { FEATURED_PARTNERS, usePublicPartners } from '../api/get-public-partners';
import { matchingCount, showingCount } from '../lib/partner-counts';
import { FeaturedPartnerCard, PartnerCard } from './partner-card';
import { SectionHeading } from './section-heading';
import { useLanguage, useT } from '@/i18n/i18n';

export function PartnersSection() {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="partners-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.default' }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="partners-title"
          eyebrow={t('landing.partners.eyebrow')}
          title={t('landing.partners.title')}
          description={t('landing.partners.description')}
        />
        <PartnersContent />
      </Container>
    </Box>
  );
}

function PartnersContent() {
  const t = useT();
  // The unsearched list: the featured partners (spec §2: the first three) and the start of All Partners.
  const listing = usePublicPartners('');

  if (listing.isPending) return <LoadingState message={t('landing.partners.loading')} />;

  if (listing.isError) {
    return (
      <StatusPanel
        testId="partners-error"
        tone="error"
        icon={<CloudOffRoundedIcon />}
        title={t('landing.partners.loadFailed')}
        description={t('landing.partners.loadFailedText')}
        action={
          <Button variant="contained" onClick={listing.refetch} disabled={listing.isFetching}>
            {t(listing.isFetching ? 'landing.partners.retrying' : 'landing.partners.retry')}
          </Button>
        }
      />
    );
  }

  if (listing.partners.length === 0) {
    // A deployment before its first partner: says what is true now, that no partner has joined yet,
    // and what members will see once one has (decision 145 says why the spec's empty text was replaced).
    return (
      <StatusPanel
        testId="partners-empty"
        tone="accent"
        icon={<HandshakeOutlinedIcon />}
        title={t('landing.partners.none')}
        description={t('landing.partners.noneText')}
      />
    );
  }

  const featured = listing.partners.slice(0, FEATURED_PARTNERS);
  const hasOthers = listing.partners.length > FEATURED_PARTNERS || listing.hasMore;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 6, md: 8 } }}>
      <Box>
        <Typography variant="h4" component="h3" sx={{ mb: 3 }}>
          {t('landing.partners.featured')}
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
      {hasOthers && <AllPartners listing={listing} />}
    </Box>
  );
}

/**
 * Every active partner after the featured ones, a page at a time ("Show more"), with a name search
 * over all of them (issue 24: the newest partner is as findable as the oldest).
 */
function AllPartners({ listing }: { listing: ReturnType<typeof usePublicPartners> }) {
  const t = useT();
  const language = useLanguage();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const found = usePublicPartners(term);
  const list = term ? found : listing;
  const partners = term ? found.partners : listing.partners.slice(FEATURED_PARTNERS);

  return (
    <Box component="section" aria-labelledby="all-partners-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Typography id="all-partners-title" variant="h4" component="h3">
          {t('landing.partners.all')}
        </Typography>
        <TextField
          label={t('landing.partners.search')}
          placeholder={t('landing.partners.searchPlaceholder')}
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'partner-search', 'aria-controls': 'all-partners-list' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 340 } }}
        />
      </Box>
      {term && found.isPending ? (
        <LoadingState message={t('landing.partners.searching')} />
      ) : term && found.isError ? (
        <StatusPanel
          testId="partners-search-error"
          tone="error"
          icon={<CloudOffRoundedIcon />}
          title={t('landing.partners.searchFailed')}
          description={t('landing.partners.searchFailedText')}
          action={
            <Button variant="contained" onClick={found.refetch} disabled={found.isFetching}>
              {t(found.isFetching ? 'landing.partners.retrying' : 'landing.partners.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: term ? 2 : 0 }}>
            {term
              ? partners.length === 0
                ? t('landing.partners.noMatch', { term })
                : matchingCount(partners.length, list.hasMore, list.total, term, t, language)
              : ''}
          </Typography>
          <Box
            id="all-partners-list"
            data-testid="all-partners"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
              gap: 2,
            }}
          >
            {partners.map((partner) => (
              <PartnerCard key={partner.id} partner={partner} />
            ))}
          </Box>
          {list.hasMore && (
            <Box
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1.5,
                mt: 4,
              }}
            >
              {list.total !== undefined && (
                <Typography variant="body2" color="text.secondary" data-testid="partners-shown">
                  {/* Unsearched, the featured partners above count among those shown. */}
                  {showingCount(list.partners.length, list.total, t, language)}
                </Typography>
              )}
              <Button
                variant="outlined"
                size="large"
                onClick={list.loadMore}
                disabled={list.isLoadingMore}
                data-testid="partners-show-more"
                startIcon={list.isLoadingMore ? <CircularProgress size={18} color="inherit" /> : undefined}
                sx={{ minWidth: 200 }}
              >
                {t(list.isLoadingMore ? 'landing.partners.loadingMore' : 'landing.partners.showMore')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
