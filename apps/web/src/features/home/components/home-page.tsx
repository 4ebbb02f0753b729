import type { ReactNode } from 'react';
import type { UserInfo } from '@lingxi/shared';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { chatHref } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PersonaGrid } from './persona-grid';
import { WelcomeCard } from './welcome-card';

interface HomePageProps {
  user: UserInfo;
  onLogout: () => void;
  supportSlot?: ReactNode;
}

export function HomePage({ user, onLogout, supportSlot }: HomePageProps) {
  useDocumentTitle();
  const navigate = useNavigate();
  return (
    <div className="page">
      <WelcomeCard user={user} onLogout={onLogout} supportSlot={supportSlot} />
      <Typography.Title level={4} className="section-title">
        选择你的AI伙伴
      </Typography.Title>
      <PersonaGrid onOpen={(key) => navigate(chatHref(key))} />
    </div>
  );
}
