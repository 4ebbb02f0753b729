import type { PersonaPublic } from '@lingxi/shared';
import { RobotOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

interface EmptyChatProps {
  persona: PersonaPublic | null;
  disabled: boolean;
  onAsk: (question: string) => void;
  /** A deep session's title and replies: the greeting says what the deep service does. */
  deep?: { title: string; replies: number } | null;
}

/** An empty chat opens with the persona's greeting; a suggested question is sent as a real message when clicked. */
export function EmptyChat({ persona, disabled, onAsk, deep = null }: EmptyChatProps) {
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
      {deep ? (
        <Typography.Paragraph className="chat-welcome-deep" data-testid="deep-welcome">
          「{deep.title}」已开启，共 {deep.replies}{' '}
          次深度回复：每条回复会先做结构化分析，再给出具体可行的建议。把背景、时间和你最关心的问题说得越具体，分析就越有针对性。
        </Typography.Paragraph>
      ) : null}
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
