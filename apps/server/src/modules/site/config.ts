import { PRODUCT_NAME } from '@lingxi/shared';
import { z } from 'zod';

/** What the footer and the about page show (each only when set), and the producer named in AIGC metadata. */
export const siteEnv = z.object({
  /** ICP 备案号, e.g. 京ICP备12345678号-1: shown linked to beian.miit.gov.cn. */
  SITE_ICP_NUMBER: z.string().optional(),
  /** 公安联网备案号, e.g. 京公网安备11010502030143号: linked to the public-security filing site by its digits. */
  SITE_PUBLIC_SECURITY_NUMBER: z.string().optional(),
  /** 生成式人工智能服务备案: the model's name and its filing number (both, or neither is shown). */
  GENAI_MODEL_NAME: z.string().optional(),
  GENAI_FILING_NUMBER: z.string().optional(),
  /** GB 45438-2025 implicit labels: the service provider's name or code in ContentProducer. */
  AIGC_PRODUCER: z.string().min(1).default(PRODUCT_NAME),
});
type SiteEnv = z.infer<typeof siteEnv>;

const present = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

export function siteConfig(e: SiteEnv) {
  const icp = present(e.SITE_ICP_NUMBER);
  const psb = present(e.SITE_PUBLIC_SECURITY_NUMBER);
  const model = present(e.GENAI_MODEL_NAME);
  const filing = present(e.GENAI_FILING_NUMBER);
  const psbCode = psb?.replace(/\D/g, '') ?? '';
  return {
    filing: {
      icp: icp ? { number: icp, url: 'https://beian.miit.gov.cn/' } : null,
      public_security: psb
        ? { number: psb, url: psbCode ? `https://beian.mps.gov.cn/#/query/webSearch?code=${psbCode}` : 'https://beian.mps.gov.cn/' }
        : null,
      generative_ai: model && filing ? [{ model, number: filing }] : [],
    },
    aigcProducer: e.AIGC_PRODUCER,
  };
}
export type SiteConfig = ReturnType<typeof siteConfig>;
