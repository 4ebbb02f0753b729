import { Link } from 'react-router';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { FilingInfo } from '@/features/safety/components/filing-info';

const LINKS = [
  { to: paths.about, label: '关于我们' },
  { to: paths.privacy, label: '隐私政策' },
  { to: paths.terms, label: '服务条款' },
  { to: paths.contact, label: '联系我们' },
];

export function AppFooter() {
  return (
    <footer className="app-footer">
      <nav className="app-footer-links" aria-label="页脚导航">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to}>
            {l.label}
          </Link>
        ))}
      </nav>
      {/* Generative-AI services in China must label AI output; the footer says it on every page. */}
      <p className="app-footer-note">对话内容由AI生成，仅供参考，不构成专业意见</p>
      <p className="app-footer-note">
        © {new Date().getFullYear()} {config.productName} 保留所有权利
      </p>
      <FilingInfo />
    </footer>
  );
}
