import { Flex, Spin } from 'antd';

interface FullPageSpinnerProps {
  text?: string;
}

export function FullPageSpinner({ text }: FullPageSpinnerProps) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '50vh' }} role="status" aria-live="polite">
      <Spin size="large" />
      {text ? <span style={{ color: 'rgba(0,0,0,0.55)' }}>{text}</span> : null}
    </Flex>
  );
}
