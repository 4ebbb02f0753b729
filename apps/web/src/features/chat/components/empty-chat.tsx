import type { PersonaPublic } from '@lingxi/shared';
import { RobotOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

interface EmptyChatProps {
  persona: PersonaPublic | null;
  disabled: boolean;
  onAsk: (question: string) => void;
}

/** An empty chat opens with the persona's greeting; a suggested question is sent as a real message when clicked. */
export function EmptyChat({ persona, disabled, onAsk }: EmptyChatProps) {
  if (!persona) return null;
  return (
    <div className="chat-welcome">
      <div className="chat-welcome-avatar" aria-hidden>
        <RobotOutlined />
      </div>
      <Typography.Title level={5} className="chat-welcome-title">
        {persona.title}
      </Typography.Title>
      <Typography.Paragraph className="chat-welcome-greeting">{persona.greeting}</Typography.Paragraph>
      <div className="chat-suggestions" aria-label="推荐问题">
        {persona.suggested_questions.map((q) => (
          <Button key={q} className="chat-suggestion" onClick={() => onAsk(q)} disabled={disabled}>
            {q}
          </Button>
        ))}
      </div>
      <Typography.Text type="secondary" className="chat-welcome-disclaimer">
        {persona.disclaimer}
      </Typography.Text>
    </div>
  );
}
