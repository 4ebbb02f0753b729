import { setTimeout as sleep } from 'node:timers/promises';
import type { LlmProvider, LlmRequest } from './types';

export const OFFLINE_LABEL = '【离线演示回复】';
export const OFFLINE_MODEL = 'offline-demo';

/**
 * The default provider when no model is configured, so `npm start` works end to end. It never pretends to be a
 * model: every reply opens with a visible label, says no model is connected and reports model 'offline-demo'.
 */
export function createOfflineProvider(o: { chunkDelayMs: number }): LlmProvider {
  return {
    provider: 'offline',
    model: OFFLINE_MODEL,
    async stream(req, onEvent) {
      const text = offlineReply(req);
      onEvent({ type: 'model', model: OFFLINE_MODEL });
      // Follow-up questions are read whole, never shown as they arrive: no need to pace them.
      if (req.persona.mode === 'follow_ups' || req.persona.mode === 'title') return onEvent({ type: 'delta', text });
      for (const piece of chunks(text, 14)) {
        if (o.chunkDelayMs > 0) await sleep(o.chunkDelayMs, undefined, { signal: req.signal });
        req.signal.throwIfAborted();
        onEvent({ type: 'delta', text: piece });
      }
    },
  };
}

export function offlineReply(req: Pick<LlmRequest, 'messages' | 'persona'>): string {
  if (req.persona.mode === 'summary') return offlineSummary(req);
  if (req.persona.mode === 'follow_ups') return offlineFollowUps(req);
  // No model to summarise with: no title, so the conversation keeps the name its first question gave it.
  if (req.persona.mode === 'title') return '';
  // No model, no guesses about the user: the memory job keeps only what the user asked it to (记住…).
  if (req.persona.mode === 'memory') return '[]';
  const question =
    [...req.messages]
      .reverse()
      .find((m) => m.role === 'user')
      ?.content.trim() ?? '';
  const excerpt = Array.from(question.replace(/\s+/g, ' ')).slice(0, 60).join('');
  const { title, focus, crisis } = req.persona;
  const lines: string[] = [];
  lines.push(`${OFFLINE_LABEL}你好，我是「${title}」。`);
  if (crisis) {
    lines.push('', '你说的这些让我很担心你，谢谢你愿意说出来。你的安全是现在最重要的事：');
    lines.push('- 如果你正处在危险中，请立即拨打 **110** 或 **120**；');
    lines.push('- 也可以拨打**全国心理援助热线 12356**，和专业的心理援助人员聊一聊；');
    lines.push('- 试着联系一位你信任的家人或朋友，让他们此刻陪在你身边。', '', '你并不孤单，我会一直在这里听你说。');
  }
  if (excerpt) lines.push('', `你刚才提到：“${excerpt}${Array.from(question).length > 60 ? '…' : ''}”`);
  lines.push(
    '',
    '当前服务尚未接入大模型（管理员还没有配置 `LLM_API_KEY`），所以这是一段**离线演示内容**，不是模型针对你的问题生成的分析。',
  );
  if (req.persona.mode === 'deep') {
    // A deep reply is structured even offline, so the paid flow can be seen end to end before a model is connected.
    lines.push('', '### 深度服务 · 结构化分析（演示）', '');
    focus.forEach((f, i) => lines.push(`${i + 1}. **${f}**：接入模型后，这里会结合你的问题与资料逐项分析依据与含义。`));
    lines.push(
      '',
      '### 具体建议（演示）',
      '',
      '- 第一步：把你最关心的一件事写下来，越具体越好；',
      '- 第二步：补充相关的时间、背景与你已经尝试过的做法；',
    );
    lines.push('- 第三步：在下一条消息里追问其中一点，深度回复会继续展开。');
  } else if (focus.length) {
    lines.push('', `接入模型后，「${title}」通常会从这些角度陪你聊：`, '');
    focus.forEach((f, i) => lines.push(`${i + 1}. ${f}`));
  }
  lines.push('', '> 提示：以上内容仅用于演示对话流程，请勿作为任何决定的依据。');
  return lines.join('\n');
}

/** A labelled demo 深度总结: lists what the user asked, never invents an analysis. */
function offlineSummary(req: Pick<LlmRequest, 'messages' | 'persona'>): string {
  const transcript = req.messages.at(-1)?.content ?? '';
  const asked = transcript
    .split('\n')
    .filter((l) => l.startsWith('用户：'))
    .map((l) => Array.from(l.slice(3).trim()).slice(0, 40).join(''))
    .filter(Boolean)
    .slice(-5);
  const lines = [`${OFFLINE_LABEL}「${req.persona.title}」深度总结（演示）`, '', '## 你关心的问题', ''];
  if (asked.length) asked.forEach((q) => lines.push(`- ${q}`));
  else lines.push('- （对话中还没有问题）');
  lines.push(
    '',
    '## 说明',
    '',
    '当前服务尚未接入大模型，这是一份**离线演示总结**：接入模型后，这里会提炼关键分析与按优先级排列的行动建议。',
  );
  return lines.join('\n');
}

/**
 * Follow-ups offline come from the persona's own suggested questions (its data, nothing invented): those not asked
 * yet in the conversation, taken in turn so each reply offers different ones.
 */
function offlineFollowUps(req: Pick<LlmRequest, 'messages' | 'persona'>): string {
  const asked = new Set(req.messages.filter((m) => m.role === 'user').map((m) => m.content.trim()));
  const all = (req.persona.suggestions ?? []).filter((q) => !asked.has(q));
  const start = all.length ? asked.size % all.length : 0;
  return [...all.slice(start), ...all.slice(0, start)].slice(0, 3).join('\n');
}

/** Splits on code points so a chunk never cuts a character in half. */
function chunks(text: string, size: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
