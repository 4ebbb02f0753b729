import { Button } from 'antd';

/**
 * Follow-up chips under the last completed reply (issue #16): tapping one sends it as the next question. The page
 * shows them only when no reply is streaming; they came with the final event (or the stored reply on a reload).
 */
export function FollowUpChips({ questions, onAsk }: { questions: readonly string[]; onAsk: (q: string) => void }) {
  if (!questions.length) return null;
  return (
    <div className="chat-follow-ups" aria-label="追问建议">
      {questions.map((q) => (
        <Button key={q} size="small" className="chat-follow-up" onClick={() => onAsk(q)}>
          {q}
        </Button>
      ))}
    </div>
  );
}
