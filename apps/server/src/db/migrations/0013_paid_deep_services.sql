CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"actor_phone" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deep_entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"session_id" text,
	"replies_total" integer NOT NULL,
	"replies_left" integer NOT NULL,
	"summary" text,
	"summary_at" timestamp with time zone,
	"summaries_made" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deep_entitlements_left_check" CHECK ("deep_entitlements"."replies_left" >= 0 and "deep_entitlements"."replies_left" <= "deep_entitlements"."replies_total")
);
--> statement-breakpoint
CREATE TABLE "service_offers" (
	"service_type" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"price_fen" integer NOT NULL,
	"replies" integer NOT NULL,
	"title" text NOT NULL,
	"includes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_offers_price_check" CHECK ("service_offers"."price_fen" between 1 and 100000),
	CONSTRAINT "service_offers_replies_check" CHECK ("service_offers"."replies" between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"service_type" text NOT NULL,
	"title" text NOT NULL,
	"replies" integer NOT NULL,
	"includes" jsonb NOT NULL,
	"no_refund_consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "purpose" text DEFAULT 'tip' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_entitlements" ADD CONSTRAINT "deep_entitlements_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_entitlements" ADD CONSTRAINT "deep_entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deep_entitlements" ADD CONSTRAINT "deep_entitlements_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offers" ADD CONSTRAINT "service_offers_service_type_service_types_key_fk" FOREIGN KEY ("service_type") REFERENCES "public"."service_types"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deep_entitlements_order_idx" ON "deep_entitlements" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deep_entitlements_session_idx" ON "deep_entitlements" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "deep_entitlements_user_idx" ON "deep_entitlements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_orders_user_idx" ON "service_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_type_idx" ON "service_orders" USING btree ("service_type");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_idx" ON "payment_orders" USING btree ("purpose","paid_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purpose_check" CHECK ("payment_orders"."purpose" in ('tip', 'service'));
--> statement-breakpoint
-- Paid deep services (issue 14): the turn's read, start and final write learn about deep sessions.
-- chat_read_session also answers the deep replies left (null: not a deep session), so a turn knows it is deep without
-- another round trip; its result type changes, hence drop and create.
DROP FUNCTION IF EXISTS chat_read_session(text, uuid, integer);
--> statement-breakpoint
CREATE FUNCTION chat_read_session(p_session text, p_user uuid, p_limit integer)
RETURNS TABLE (service_type text, session_name text, deep_left integer, id integer, role text, content text, order_num integer,
  status text, updated_at timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.service_type, s.session_name, e.replies_left, m.id, m.role, m.content, m.order_num, m.status, m.updated_at
    FROM chat_sessions s
    LEFT JOIN deep_entitlements e ON e.session_id = s.id
    LEFT JOIN LATERAL (
      SELECT cm.id, cm.role, cm.content, cm.order_num, cm.status, cm.updated_at FROM chat_messages cm
      WHERE cm.session_id = s.id ORDER BY cm.order_num DESC LIMIT p_limit
    ) m ON true
    WHERE s.id = p_session AND s.user_id = p_user;
END $$;
--> statement-breakpoint
-- chat_begin_turn as in 0008, with one more outcome: used_up (a deep session without deep replies left).
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
--> statement-breakpoint
-- chat_finish_turn as in 0009, counting a completed deep reply down in the same write.
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
  v_session text;
BEGIN
  UPDATE chat_messages SET content = p_content, status = p_status, updated_at = p_now, model = p_model, tokens = p_tokens,
      tokens_estimated = p_tokens_estimated, error_code = p_error_code, turn_token = NULL
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
