import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi } from '../api/safety-api';
import { safetyQueries } from '../api/safety-queries';
import '../safety.css';

/**
 * Under the crisis card: offer to text the emergency contact the user set in the profile. Nothing is sent until the
 * user confirms; the server also checks that this conversation showed the crisis card and bounds how often.
 */
export function EmergencyAlertAction({ sessionId }: { sessionId: string }) {
  const { message } = useFeedback();
  const status = useQuery(safetyQueries.status()).data;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const contact = status?.emergency_contact;
  if (!status) return null;
  if (!contact) {
    return (
      <div className="crisis-action">
        可以在 <Link to={paths.profile}>个人资料</Link> 中设置一位紧急联系人，需要时一键通知TA。
      </div>
    );
  }
  const send = async () => {
    setBusy(true);
    try {
      await safetyApi.alertEmergencyContact(sessionId);
      setSent(true);
      setConfirming(false);
      message.success(`已通知${contact.name}`);
    } catch (err) {
      message.error(errorMessage(err, '通知失败，请直接打电话联系'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="crisis-action">
      <Button size="small" danger disabled={sent} onClick={() => setConfirming(true)} data-testid="emergency-alert">
        {sent ? `已通知${contact.name}` : `通知紧急联系人（${contact.name}）`}
      </Button>
      <Modal
        open={confirming}
        title="通知紧急联系人"
        okText="确认发送"
        cancelText="先不用"
        confirmLoading={busy}
        onOk={() => void send()}
        onCancel={() => setConfirming(false)}
        width={400}
      >
        将给 {contact.name}（{contact.phone}）发送一条短信，告诉TA你现在需要帮助、请尽快联系你。确定发送吗？
      </Modal>
    </div>
  );
}
