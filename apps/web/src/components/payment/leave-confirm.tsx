import { Button, Flex, Modal, Typography } from 'antd';

interface LeaveConfirmProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * While a payment is pending, Esc or a tap outside the dialog asks before closing it (issue 14): leaving does not
 * cancel a payment already made — the server still confirms it.
 */
export function LeaveConfirm({ open, onStay, onLeave }: LeaveConfirmProps) {
  return (
    <Modal open={open} onCancel={onStay} footer={null} width={340} centered closable={false} title="支付尚未完成" zIndex={1100}>
      <Typography.Paragraph>确定要离开吗？如果您已经付款，系统仍会自动确认，可稍后在订单记录中查看。</Typography.Paragraph>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onLeave}>离开</Button>
        <Button type="primary" onClick={onStay}>
          继续支付
        </Button>
      </Flex>
    </Modal>
  );
}
