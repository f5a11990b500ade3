import type { MetaFunction } from '@remix-run/cloudflare';
import { FeaturesSection } from '~/features/home/features-section';
import { HeroSection } from '~/features/home/hero-section';
import { HowToSection } from '~/features/home/how-to-section';
import { ToolsSection } from '~/features/home/tools-section';
import { pageMeta, SITE_NAME } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta(
    SITE_NAME,
    'Free meme maker and image toolbox: templates, AI images, text and shapes. No watermark, no sign-up.',
    {
      openGraph: true,
    },
  );

export default function Home() {
  return (
    <>
      <HeroSection />
      <ToolsSection />
      <HowToSection />
      <FeaturesSection />
    </>
  );
}
