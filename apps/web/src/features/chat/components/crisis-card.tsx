import { PhoneOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import type { ReactNode } from 'react';

/**
 * Shown with a reply to a message that signalled crisis or self-harm. Numbers are tap-to-call on phones; `action`
 * (composed in by the app) offers to notify the user's emergency contact, after they confirm.
 */
export function CrisisCard({ action }: { action?: ReactNode }) {
  return (
    <Alert
      className="chat-crisis-card"
      type="warning"
      showIcon
      icon={<PhoneOutlined />}
      title="你并不孤单，随时可以求助"
      description={
        <div>
          <div>
            全国心理援助热线：<a href="tel:12356">12356</a>（24小时）
          </div>
          <div>
            遇到紧急危险，请立即拨打 <a href="tel:110">110</a> 或 <a href="tel:120">120</a>
          </div>
          <div className="chat-crisis-note">也可以联系身边信任的家人或朋友，请他们现在陪在你身边。</div>
          {action}
        </div>
      }
    />
  );
}
