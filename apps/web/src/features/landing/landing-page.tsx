import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaSection } from './cta-section';
import { useVisionModel } from './api/get-demo-info';
import { DemoSection } from './demo-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';

export default function LandingPage() {
  useDocumentTitle('');
  // The server says whether a vision model runs here, so the page claims one only when it does.
  const visionModel = useVisionModel();
  return (
    <>
      <HeroSection visionModel={visionModel} />
      <DemoSection visionModel={visionModel} />
      <FeaturesSection />
      <PricingSection />
      <CtaSection />
    </>
  );
}
