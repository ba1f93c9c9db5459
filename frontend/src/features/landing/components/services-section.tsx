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

/** The Learn More button scrolls here. */
export const SERVICES_SECTION_ID = 'services';

const SERVICES = [
  {
    title: 'Dining & Entertainment',
    description: 'Team dinners, date nights and weekend outings for less at local restaurants and venues.',
    icon: RestaurantOutlinedIcon,
  },
  {
    title: 'Health & Wellness',
    description:
      'Gyms, physio, recovery and nutrition partners that keep athletes and families at their best.',
    icon: SpaOutlinedIcon,
  },
  {
    title: 'Retail & Shopping',
    description:
      'Savings on gear, apparel and everyday shopping from the stores our community already loves.',
    icon: ShoppingBagOutlinedIcon,
  },
  {
    title: 'Professional Services',
    description: 'Trusted local professionals, from tutoring to financial advice, with member-only rates.',
    icon: BusinessCenterOutlinedIcon,
  },
] as const;

export function ServicesSection() {
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
          eyebrow="What you get"
          title="Perks for every part of life"
          description="Your AV Pass opens exclusive offers across four categories."
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
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {description}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
