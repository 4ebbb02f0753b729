import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi, type SafetyStatusData } from '../api/safety-api';
import '../safety.css';

/** What the chat asks the guard to show after the server refused a turn with 428. */
export interface GateRequest {
  reason: 'disclosure' | 'break';
  /** Sends the refused question again once acknowledged. */
  retry: () => void;
}

export interface SafetyGuardProps {
  /** An emotional companion persona: the AI notice is shown before the first question of a sign-in. */
  companion: boolean;
  request: GateRequest | null;
  onRequestHandled: () => void;
}

const HEARTBEAT_MS = 60_000;

/**
 * The anthropomorphic-AI measures on the chat screen: the 你正在和AI对话 notice (each sign-in, companion personas),
 * and the break reminder after 2 hours of continuous use, which the server tracks across tabs and devices (this
 * page reports once a minute while it is visible). Leaving is always one tap. The server refuses turns until the
 * notice or reminder is acknowledged, so this screen only explains what it enforces.
 */
export function SafetyGuard({ companion, request, onRequestHandled }: SafetyGuardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const [shown, setShown] = useState<'disclosure' | 'break' | null>(null);
  const [minutes, setMinutes] = useState(0);
  const [breakAfter, setBreakAfter] = useState(120);
  const [busy, setBusy] = useState(false);

  const apply = useCallback(
    (s: SafetyStatusData) => {
      queryClient.setQueryData(['safety', 'status'], s);
      setMinutes(s.continuous_minutes);
      setBreakAfter(s.break_after_minutes);
      if (s.break_due) setShown('break');
      else if (companion && s.disclosure_required) setShown((cur) => cur ?? 'disclosure');
    },
    [companion, queryClient],
  );

  useEffect(() => {
    let stopped = false;
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      safetyApi.heartbeat().then(
        (s) => !stopped && apply(s),
        () => {},
      );
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [apply]);

  // A turn the server refused (428) names what to show; once confirmed, the question is asked again.
  const current = request?.reason ?? shown;

  const confirm = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const s = await safetyApi.acknowledge(current);
      setShown(null);
      apply(s);
      if (request) {
        onRequestHandled();
        request.retry();
      }
    } catch (err) {
      message.error(errorMessage(err, '确认失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  const leave = () => {
    if (request) onRequestHandled();
    navigate(paths.home);
  };

  const isBreak = current === 'break';
  return (
    <Modal
      open={current !== null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      title={isBreak ? '休息一下吧' : '你正在和AI对话'}
      footer={[
        <Button key="leave" onClick={leave} data-testid="safety-leave">
          {isBreak ? '休息一下，离开对话' : '返回首页'}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void confirm()} data-testid="safety-confirm">
          {isBreak ? '我知道了，继续' : '我知道了'}
        </Button>,
      ]}
      width={420}
      centered
    >
      <div className="safety-guard-text" data-testid={isBreak ? 'break-reminder' : 'ai-disclosure'}>
        {isBreak ? (
          <>
            <Typography.Paragraph>
              你已经连续使用约 {Math.max(minutes, Math.ceil(breakAfter))} 分钟了。起来走一走、喝杯水，让眼睛和心情都歇一歇。
            </Typography.Paragraph>
            <Typography.Paragraph>再次提醒：和你对话的是人工智能，它不能代替现实中的朋友、家人和专业帮助。</Typography.Paragraph>
          </>
        ) : (
          <>
            <Typography.Paragraph>
              这里的“陪伴者”是人工智能（AI），不是真人。它的回复由模型自动生成，可能不准确，仅供参考，不能代替心理咨询、医疗或法律等专业意见。
            </Typography.Paragraph>
            <Typography.Paragraph>
              请注意适度使用。连续使用超过2小时我们会提醒你休息；如果你正处在危险中，请立即拨打 110、120，或心理援助热线 12356。
            </Typography.Paragraph>
          </>
        )}
      </div>
    </Modal>
  );
}
