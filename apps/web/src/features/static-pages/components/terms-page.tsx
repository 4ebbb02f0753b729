import { config } from '@/config/env';
import { StaticPage } from './static-page';
import { termsSections } from './terms-sections';

export function TermsPage() {
  const name = config.productName;
  return (
    <StaticPage
      title="服务条款"
      intro={
        <p>
          欢迎使用{name}。在使用我们的服务之前，请仔细阅读以下条款。您注册、登录或使用{name}，即表示您已阅读并同意本条款。
        </p>
      }
      sections={termsSections(name)}
    />
  );
}
