import { AudioOutlined, QuestionCircleOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Tag } from 'antd';

const FEATURES = [
  { key: 'voice', title: '语音对话', icon: <AudioOutlined /> },
  { key: 'avatar', title: '虚拟人', icon: <UserOutlined /> },
  { key: 'settings', title: '设置', icon: <SettingOutlined /> },
  { key: 'help', title: '帮助', icon: <QuestionCircleOutlined /> },
];

/** Spec §2: four disabled cards, each labelled 'coming soon'. */
export function FeaturesTab() {
  return (
    <div className="chat-features">
      {FEATURES.map((f) => (
        <Card key={f.key} size="small" className="chat-feature-card" aria-disabled="true">
          <span className="chat-feature-icon">{f.icon}</span>
          <span className="chat-feature-title">{f.title}</span>
          <Tag>即将上线</Tag>
        </Card>
      ))}
    </div>
  );
}
