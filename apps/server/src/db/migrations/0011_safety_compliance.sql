CREATE TABLE "ai_disclosure_acks" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"session_id" text NOT NULL,
	"order_num" integer NOT NULL,
	"service_type" text,
	"reason" text NOT NULL,
	"detail" text,
	"reply_excerpt" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resolution_note" text,
	"resolver_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"scene" text NOT NULL,
	"category" text NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"birth_year" smallint,
	"age_declared_at" timestamp with time zone,
	"guardian_phone" text,
	"guardian_verified_at" timestamp with time zone,
	"emergency_name" text,
	"emergency_phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"break_acked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_disclosure_acks" ADD CONSTRAINT "ai_disclosure_acks_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_disclosure_acks" ADD CONSTRAINT "ai_disclosure_acks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_alerts" ADD CONSTRAINT "emergency_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_streaks" ADD CONSTRAINT "usage_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_once_idx" ON "content_reports" USING btree ("user_id","session_id","order_num");--> statement-breakpoint
CREATE INDEX "content_reports_queue_idx" ON "content_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "content_reports_created_idx" ON "content_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "emergency_alerts_user_idx" ON "emergency_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_events_created_idx" ON "moderation_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_events_user_idx" ON "moderation_events" USING btree ("user_id");--> statement-breakpoint
-- Every chat turn (and every heartbeat of an open chat) asks this once: it extends the user's streak of continuous use
-- (a pause longer than p_idle_gap starts a new one), adds the time since the last activity to the day's total, and
-- answers what the minor-mode, break and disclosure rules need, in one round trip (modules/safety/repository.ts).
-- A PL/pgSQL function so PGlite keeps its plans, like the chat turn's own (ADR 016). p_track false only reads.
CREATE OR REPLACE FUNCTION safety_gate(
  p_user uuid,
  p_session uuid,
  p_now timestamptz,
  p_day date,
  p_idle_gap_seconds integer,
  p_track boolean
)
RETURNS TABLE (
  r_birth_year smallint,
  r_guardian_verified boolean,
  r_streak_started_at timestamptz,
  r_break_acked_at timestamptz,
  r_day_seconds integer,
  r_disclosure_acked boolean
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_last timestamptz;
  v_started timestamptz;
  v_acked timestamptz;
  v_delta integer := 0;
BEGIN
  SELECT s.last_active_at, s.started_at, s.break_acked_at INTO v_last, v_started, v_acked
    FROM usage_streaks s WHERE s.user_id = p_user;
  -- Use is counted in whole seconds: a burst of turns within the same second reads only, and takes no row lock.
  IF p_track AND (v_last IS NULL OR p_now - v_last >= interval '1 second') THEN
    SELECT s.last_active_at, s.started_at, s.break_acked_at INTO v_last, v_started, v_acked
      FROM usage_streaks s WHERE s.user_id = p_user FOR UPDATE;
    IF v_last IS NULL THEN
      INSERT INTO usage_streaks AS s (user_id, started_at, last_active_at) VALUES (p_user, p_now, p_now)
        ON CONFLICT (user_id) DO NOTHING;
      v_started := coalesce(v_started, p_now);
    ELSIF p_now - v_last > make_interval(secs => p_idle_gap_seconds) THEN
      UPDATE usage_streaks s SET started_at = p_now, last_active_at = p_now WHERE s.user_id = p_user;
      v_started := p_now;
    ELSIF p_now - v_last >= interval '1 second' THEN
      -- The fraction of a second left over is kept for the next call (last_active_at moves by whole seconds).
      v_delta := floor(extract(epoch FROM p_now - v_last))::integer;
      UPDATE usage_streaks s SET last_active_at = v_last + make_interval(secs => v_delta) WHERE s.user_id = p_user;
    END IF;
    IF v_delta > 0 THEN
      INSERT INTO usage_days AS d (user_id, day, seconds) VALUES (p_user, p_day, v_delta)
        ON CONFLICT (user_id, day) DO UPDATE SET seconds = d.seconds + excluded.seconds;
    END IF;
  END IF;
  RETURN QUERY
    SELECT st.birth_year,
      st.guardian_verified_at IS NOT NULL,
      v_started,
      v_acked,
      coalesce((SELECT d.seconds FROM usage_days d WHERE d.user_id = p_user AND d.day = p_day), 0),
      p_session IS NOT NULL AND EXISTS (SELECT 1 FROM ai_disclosure_acks a WHERE a.session_id = p_session)
    FROM (SELECT 1) AS one LEFT JOIN safety_settings st ON st.user_id = p_user;
END $$;
