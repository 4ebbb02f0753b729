import { FilingInfo } from '@/features/safety/components/filing-info';
import { AboutPage } from '@/features/static-pages/components/about-page';

/** /about: the about page with the filing numbers (ICP, public security, generative AI) composed in. */
export function AboutRoute() {
  return <AboutPage filing={<FilingInfo className="filing-info filing-info-about" />} />;
}
