-- Search grams computed by the server instead of in the turn's writes (issue 18). chat_search_grams costs ~2.8 µs of
-- database CPU per character (1.7 ms for a 600-character reply, 0.15 ms for a short question: pgbench, PostgreSQL 15),
-- which made the search index most of a turn's database time: chat_begin_turn 1.08 -> 0.63 ms and chat_finish_turn
-- 2.40 -> 0.35 ms without it. The server computes the same grams (chat/search.ts messageGrams, ~microseconds in V8) and
-- hands them to the two turn functions; the trigger keeps computing them for every other writer (save-message,
-- imports, an update that changes the text without new grams), so the index stays complete.
DROP FUNCTION chat_begin_turn(uuid, text, timestamptz, timestamptz, date, integer, integer, integer, text, text, boolean, integer,
  text, text, integer, text, integer, integer);
--> statement-breakpoint
DROP FUNCTION chat_finish_turn(integer, text, text, text, timestamptz, text, integer, boolean, text, integer, integer, uuid, date,
  integer);
--> statement-breakpoint
CREATE FUNCTION chat_begin_turn(
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
  p_question_id integer,
  -- The question's search grams, computed by the server (chat/search.ts messageGrams); null: the trigger computes them.
  p_query_grams text[]
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
  -- A deep session takes a question only while it has deep replies left. Its replies are counted when they complete
  -- (chat_finish_turn), and the session's "one reply at a time" rule above means no two can race for the last one.
  IF EXISTS (SELECT 1 FROM deep_entitlements e WHERE e.session_id = p_session AND e.replies_left <= 0) THEN
    RETURN QUERY SELECT 'used_up', NULL::integer, NULL::integer, NULL::integer;
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
      crisis, message_time, updated_at, search_grams)
    VALUES (p_session, p_user, 'user', p_query, p_content_rag, p_next_order, 'done', p_prompt_tokens, true, p_crisis, p_now, p_now,
      p_query_grams)
    RETURNING id INTO v_question;
  INSERT INTO chat_messages (session_id, user_id, role, content, order_num, status, model, crisis, message_time, updated_at,
      turn_token)
    VALUES (p_session, p_user, 'assistant', '', p_next_order + 1, 'streaming', p_model, p_crisis, p_now, p_now, p_token)
    RETURNING id INTO v_reply;
  UPDATE chat_sessions s SET updated_at = p_now, session_name = coalesce(s.session_name, p_name) WHERE s.id = p_session;
  RETURN QUERY SELECT 'ok', v_question, v_reply, p_next_order + 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION chat_finish_turn(
  p_reply integer,
  p_token text,
  p_content text,
  p_status text,
  p_now timestamptz,
  p_model text,
  p_tokens integer,
  p_tokens_estimated boolean,
  p_error_code text,
  -- The provider's count of the prompt replaces our estimate on the question (null: no usage reported).
  p_question integer,
  p_prompt_tokens integer,
  -- Charged to the user's day whatever became of the row: the upstream was paid either way.
  p_user uuid,
  p_day date,
  p_charge integer,
  -- The final text's search grams, computed by the server; null: the trigger computes them.
  p_grams text[]
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_written boolean;
  v_session text;
BEGIN
  UPDATE chat_messages SET content = p_content, status = p_status, updated_at = p_now, model = p_model, tokens = p_tokens,
      tokens_estimated = p_tokens_estimated, error_code = p_error_code, turn_token = NULL, search_grams = p_grams
    WHERE id = p_reply AND turn_token = p_token
    RETURNING session_id INTO v_session;
  v_written := FOUND;
  -- A deep reply is counted here, in the write that completes it, and only then: one that failed, timed out, was
  -- stopped or lost its row (taken over, deleted) is not. Never below zero.
  IF v_written AND p_status = 'done' AND p_content <> '' THEN
    UPDATE deep_entitlements SET replies_left = replies_left - 1, updated_at = p_now
      WHERE session_id = v_session AND replies_left > 0;
  END IF;
  IF v_written AND p_prompt_tokens IS NOT NULL THEN
    UPDATE chat_messages SET tokens = p_prompt_tokens, tokens_estimated = false WHERE id = p_question;
  END IF;
  IF p_charge > 0 THEN
    INSERT INTO chat_usage_days (user_id, day, tokens) VALUES (p_user, p_day, p_charge)
      ON CONFLICT (user_id, day) DO UPDATE SET tokens = chat_usage_days.tokens + excluded.tokens;
  END IF;
  RETURN v_written;
END $$;
--> statement-breakpoint
-- Grams a writer supplied with the row are kept; otherwise computed here, as before.
CREATE OR REPLACE FUNCTION chat_messages_search_grams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'streaming' THEN
    NEW.search_grams := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.search_grams IS NULL THEN
      NEW.search_grams := chat_search_grams(NEW.content);
    END IF;
  ELSIF NEW.content IS DISTINCT FROM OLD.content OR OLD.search_grams IS NULL THEN
    IF NEW.search_grams IS NULL OR NEW.search_grams IS NOT DISTINCT FROM OLD.search_grams THEN
      NEW.search_grams := chat_search_grams(NEW.content);
    END IF;
  END IF;
  RETURN NEW;
END $$;
