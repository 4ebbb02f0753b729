import { PRIVACY_POLICY_VERSION } from '@lingxi/shared/rules';
import dayjs from 'dayjs';
import { config } from '@/config/env';
import { privacyPolicySections } from './privacy-policy-sections';
import { StaticPage } from './static-page';

export function PrivacyPage() {
  const { productName, contactEmail, contactPhone } = config;
  return (
    <StaticPage
      title="隐私政策"
      meta={`生效日期：${dayjs(PRIVACY_POLICY_VERSION).format('YYYY年M月D日')}`}
      intro={
        <p>
          {productName}（以下简称"我们"）深知个人信息对您的重要性。本政策说明我们在您使用{productName}
          时如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。请您在使用前仔细阅读。
        </p>
      }
      sections={privacyPolicySections({ productName, email: contactEmail, phone: contactPhone })}
    />
  );
}
