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
}

export interface SessionItem {
  session_id: string;
  session_name: string | null;
  /** A deep-service session: its deep replies left (null or absent: a free session). */
  deep_left?: number | null;
}
