import BusinessCenterOutlinedIcon from '@mui/icons-material/BusinessCenterOutlined';
import RestaurantOutlinedIcon from '@mui/icons-material/RestaurantOutlined';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import SpaOutlinedIcon from '@mui/icons-material/SpaOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SectionHeading } from './section-heading';
import { useT } from '@/i18n/i18n';

/** The Learn More button scrolls here. */
export const SERVICES_SECTION_ID = 'services';

const SERVICES = [
  {
    title: 'landing.services.dining',
    description: 'landing.services.diningText',
    icon: RestaurantOutlinedIcon,
  },
  {
    title: 'landing.services.health',
    description: 'landing.services.healthText',
    icon: SpaOutlinedIcon,
  },
  {
    title: 'landing.services.retail',
    description: 'landing.services.retailText',
    icon: ShoppingBagOutlinedIcon,
  },
  {
    title: 'landing.services.pro',
    description: 'landing.services.proText',
    icon: BusinessCenterOutlinedIcon,
  },
] as const;

export function ServicesSection() {
  const t = useT();
  return (
    <Box
      component="section"
      id={SERVICES_SECTION_ID}
      aria-labelledby="services-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper', scrollMarginTop: 72 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="services-title"
          eyebrow={t('landing.services.eyebrow')}
          title={t('landing.services.title')}
          description={t('landing.services.description')}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 3,
          }}
        >
          {SERVICES.map(({ title, description, icon: Icon }) => (
            <Card
              key={title}
              component="article"
              sx={(theme) => ({
                '&:hover': { boxShadow: theme.brand.cardShadowHover, transform: 'translateY(-4px)' },
              })}
            >
              <CardContent>
                <Box
                  aria-hidden
                  sx={(theme) => ({
                    width: 52,
                    height: 52,
                    borderRadius: 3,
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2.5,
                    backgroundImage: theme.brand.ctaGradient,
                    color: theme.palette.common.white,
                  })}
                >
                  <Icon />
                </Box>
                <Typography variant="h6" component="h3">
                  {t(title)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t(description)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
