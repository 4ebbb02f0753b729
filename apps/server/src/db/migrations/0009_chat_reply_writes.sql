-- The writes of a streaming reply, as PL/pgSQL functions so their plans are kept for the connection: on PGlite, which
-- plans every plain statement again, the final write's three statements cost ~2× the CPU as a plain query
-- (docs/benchmarks.md). Each is fenced by the turn's token: false when the reply was deleted or taken over.
CREATE OR REPLACE FUNCTION chat_write_reply(p_reply integer, p_token text, p_content text, p_now timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_content IS NULL THEN
    UPDATE chat_messages SET updated_at = p_now WHERE id = p_reply AND turn_token = p_token;
  ELSE
    UPDATE chat_messages SET content = p_content, updated_at = p_now WHERE id = p_reply AND turn_token = p_token;
  END IF;
  RETURN FOUND;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_finish_turn(
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
  p_charge integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_written boolean;
BEGIN
  UPDATE chat_messages SET content = p_content, status = p_status, updated_at = p_now, model = p_model, tokens = p_tokens,
      tokens_estimated = p_tokens_estimated, error_code = p_error_code, turn_token = NULL
    WHERE id = p_reply AND turn_token = p_token;
  v_written := FOUND;
  IF v_written AND p_prompt_tokens IS NOT NULL THEN
    UPDATE chat_messages SET tokens = p_prompt_tokens, tokens_estimated = false WHERE id = p_question;
  END IF;
  IF p_charge > 0 THEN
    INSERT INTO chat_usage_days (user_id, day, tokens) VALUES (p_user, p_day, p_charge)
      ON CONFLICT (user_id, day) DO UPDATE SET tokens = chat_usage_days.tokens + excluded.tokens;
  END IF;
  RETURN v_written;
END $$;
