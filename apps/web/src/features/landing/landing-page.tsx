import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaSection } from './cta-section';
import { DemoSection } from './demo-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

export default function LandingPage() {
  useDocumentTitle('');
  return (
    <>
      <HeroSection />
      <DemoSection />
      <FeaturesSection />
      <PricingSection />
      <CtaSection />
    </>
  );
}
