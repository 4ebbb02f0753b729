import type { MessageStatus } from '@lingxi/shared';

/** A message as the chat screen holds it. 'pending' is the typing placeholder before the first chunk arrives. */
export interface UiMessage {
  /** Stable React key: the server order once known, a local id before. */
  id: string;
  order: number;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  status: MessageStatus | 'pending';
  crisis: boolean;
  /** A completed reply's follow-up questions (issue #16): arrive with the final event, never while streaming. */
  followUps?: string[];
  /** The user's like or dislike of a reply. */
  vote?: 'up' | 'down' | null;
  /** The model that wrote a reply (named in a share card's metadata). */
  model?: string | null;
  /** The reply's context carried the user's long-term memory (参考了你的记忆). */
  memoryUsed?: boolean;
  /** This turn's 记住… request, kept by the server as the turn started (shown under the reply). */
  remembered?: string | null;
}

export interface SessionItem {
  session_id: string;
  session_name: string | null;
  /** A deep-service session: its deep replies left (null or absent: a free session). */
  deep_left?: number | null;
  /** Last activity (ISO): groups the history into 今天 / 7天内 / 更早. */
  updated_at?: string;
}
