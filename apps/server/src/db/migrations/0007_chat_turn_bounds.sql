CREATE TABLE "chat_usage_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_usage_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "turn_token" text;--> statement-breakpoint
ALTER TABLE "chat_usage_days" ADD CONSTRAINT "chat_usage_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_streaming_idx" ON "chat_messages" USING btree ("user_id") WHERE status = 'streaming';--> statement-breakpoint
-- Starts a chat turn: every check and both rows in one call, under a lock per user, so the per-session "one reply at
-- a time" rule, the per-user stream and daily-token bounds and the session's message cap hold across every process
-- and instance. In a VOLATILE function each statement sees rows committed before it began, so the turn start that
-- waited for the lock sees what the previous one wrote. Outcomes: ok, not_found, busy, streams, quota, full, changed.
CREATE OR REPLACE FUNCTION chat_begin_turn(
  p_user uuid,
  p_session text,
  p_now timestamptz,
  p_stale_before timestamptz,
  p_day date,
  p_max_streams integer,
  p_max_day_tokens integer,
  p_max_messages integer,
  p_token text,
  p_model text,
  p_crisis boolean,
  p_prompt_tokens integer,
  -- A new question: its text, grounding, the order it takes (one past the last message the context was read from)
  -- and the session's name when it has none yet.
  p_query text,
  p_content_rag text,
  p_next_order integer,
  p_name text,
  -- A regenerate: the reply to start over (still the session's last message) and the question it answers.
  p_reply_id integer,
  p_question_id integer
) RETURNS TABLE (outcome text, question_id integer, reply_id integer, reply_order integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_count integer;
  v_top integer;
  v_question integer;
  v_reply integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-turn:' || p_user::text, 0));
  IF NOT EXISTS (SELECT 1 FROM chat_sessions s WHERE s.id = p_session AND s.user_id = p_user) THEN
    RETURN QUERY SELECT 'not_found', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- A reply nobody has written for a while lost its process (crash, kill -9): it holds no slot any more.
  UPDATE chat_messages m SET status = 'aborted', turn_token = NULL
    WHERE m.user_id = p_user AND m.status = 'streaming' AND m.updated_at < p_stale_before;
  IF EXISTS (SELECT 1 FROM chat_messages m WHERE m.user_id = p_user AND m.status = 'streaming' AND m.session_id = p_session) THEN
    RETURN QUERY SELECT 'busy', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  SELECT count(*) INTO v_count FROM chat_messages m WHERE m.user_id = p_user AND m.status = 'streaming';
  IF v_count >= p_max_streams THEN
    RETURN QUERY SELECT 'streams', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF coalesce((SELECT d.tokens FROM chat_usage_days d WHERE d.user_id = p_user AND d.day = p_day), 0) >= p_max_day_tokens THEN
    RETURN QUERY SELECT 'quota', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  SELECT count(*), max(m.order_num) INTO v_count, v_top FROM chat_messages m WHERE m.session_id = p_session;

  IF p_reply_id IS NOT NULL THEN
    UPDATE chat_messages m SET content = '', status = 'streaming', model = p_model, crisis = p_crisis, tokens = 0,
        tokens_estimated = false, error_code = NULL, message_time = p_now, updated_at = p_now, turn_token = p_token
      WHERE m.id = p_reply_id AND m.session_id = p_session AND m.role = 'assistant' AND m.order_num = v_top
      RETURNING m.order_num INTO v_top;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'changed', NULL::integer, NULL::integer, NULL::integer;
      RETURN;
    END IF;
    -- Until the provider reports usage, the question is charged with our own count of everything sent.
    UPDATE chat_messages m SET tokens = p_prompt_tokens, tokens_estimated = true WHERE m.id = p_question_id;
    UPDATE chat_sessions s SET updated_at = p_now WHERE s.id = p_session;
    RETURN QUERY SELECT 'ok', p_question_id, p_reply_id, v_top;
    RETURN;
  END IF;

  IF v_count + 2 > p_max_messages THEN
    RETURN QUERY SELECT 'full', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF coalesce(v_top, 0) + 1 <> p_next_order THEN
    RETURN QUERY SELECT 'changed', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  INSERT INTO chat_messages (session_id, user_id, role, content, content_rag, order_num, status, tokens, tokens_estimated,
      crisis, message_time, updated_at)
    VALUES (p_session, p_user, 'user', p_query, p_content_rag, p_next_order, 'done', p_prompt_tokens, true, p_crisis, p_now, p_now)
    RETURNING id INTO v_question;
  INSERT INTO chat_messages (session_id, user_id, role, content, order_num, status, model, crisis, message_time, updated_at,
      turn_token)
    VALUES (p_session, p_user, 'assistant', '', p_next_order + 1, 'streaming', p_model, p_crisis, p_now, p_now, p_token)
    RETURNING id INTO v_reply;
  UPDATE chat_sessions s SET updated_at = p_now, session_name = coalesce(s.session_name, p_name) WHERE s.id = p_session;
  RETURN QUERY SELECT 'ok', v_question, v_reply, p_next_order + 1;
END $$;
