import { CtaSection } from '../components/cta-section';
import { HeroSection } from '../components/hero-section';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { PartnersSection } from '../components/partners-section';
import { ServicesSection } from '../components/services-section';
import { StatsSection } from '../components/stats-section';

/** Public landing page (spec section 2); signed-in visitors are redirected home by the router. */
export function LandingRoute() {
  return (
    <>
      <LandingHeader />
      <HeroSection />
      <StatsSection />
      <PartnersSection />
      <ServicesSection />
      <CtaSection />
      <LandingFooter />
    </>
  );
}
