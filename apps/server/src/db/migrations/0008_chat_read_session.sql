-- The read at the start of every chat turn: the caller's session and its newest messages (no row: not the caller's).
-- A PL/pgSQL function keeps its plan for the life of the connection; on the embedded PGlite, which plans every plain
-- query again, the same lateral join cost ~3.5× the CPU (docs/benchmarks.md).
CREATE OR REPLACE FUNCTION chat_read_session(p_session text, p_user uuid, p_limit integer)
RETURNS TABLE (service_type text, session_name text, id integer, role text, content text, order_num integer, status text,
  updated_at timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.service_type, s.session_name, m.id, m.role, m.content, m.order_num, m.status, m.updated_at
    FROM chat_sessions s
    LEFT JOIN LATERAL (
      SELECT cm.id, cm.role, cm.content, cm.order_num, cm.status, cm.updated_at FROM chat_messages cm
      WHERE cm.session_id = s.id ORDER BY cm.order_num DESC LIMIT p_limit
    ) m ON true
    WHERE s.id = p_session AND s.user_id = p_user;
END $$;
--> statement-breakpoint
-- chat_begin_turn, as in 0007 with the streaming replies counted in one statement (the stale ones released only when
-- there are any). Starts a chat turn: every check and both rows in one call, under a lock per user, so the per-session "one reply at
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
  v_stale integer;
  v_busy integer;
  v_top integer;
  v_question integer;
  v_reply integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-turn:' || p_user::text, 0));
  IF NOT EXISTS (SELECT 1 FROM chat_sessions s WHERE s.id = p_session AND s.user_id = p_user) THEN
    RETURN QUERY SELECT 'not_found', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  SELECT count(*) FILTER (WHERE m.updated_at >= p_stale_before),
         count(*) FILTER (WHERE m.updated_at < p_stale_before),
         count(*) FILTER (WHERE m.updated_at >= p_stale_before AND m.session_id = p_session)
    INTO v_count, v_stale, v_busy
    FROM chat_messages m WHERE m.user_id = p_user AND m.status = 'streaming';
  -- A reply nobody has written for a while lost its process (crash, kill -9): it holds no slot any more.
  IF v_stale > 0 THEN
    UPDATE chat_messages m SET status = 'aborted', turn_token = NULL
      WHERE m.user_id = p_user AND m.status = 'streaming' AND m.updated_at < p_stale_before;
  END IF;
  IF v_busy > 0 THEN
    RETURN QUERY SELECT 'busy', NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
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
