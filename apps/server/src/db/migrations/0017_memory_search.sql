CREATE TABLE "memory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"source" text NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sensitive_enabled" boolean DEFAULT false NOT NULL,
	"sensitive_consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "chat_messages_user_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "memory_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_grams" text[];--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "memory_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "memory_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_items" ADD CONSTRAINT "memory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_settings" ADD CONSTRAINT "memory_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_items_user_idx" ON "memory_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "chat_sessions_updated_idx" ON "chat_sessions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_private_idx" ON "chat_sessions" USING btree ("updated_at") WHERE private;--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","id");--> statement-breakpoint
-- Search index (ADR 026): every distinct character and pair of adjacent characters of the lower-cased text, without
-- pairs that start or end in white space. A query term of one character looks up that character, a longer one its
-- pairs; the GIN index (array_ops, built into PostgreSQL and PGlite alike) narrows to messages holding them all, and
-- LIKE checks the real substring. pg_trgm needs 3 characters and depends on the database locale for CJK.
CREATE OR REPLACE FUNCTION chat_search_grams(body text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(t, i, 1) AS g FROM (SELECT lower(body) AS t) s, generate_series(1, length(t)) i
    UNION ALL
    SELECT substr(t, i, 2) FROM (SELECT lower(body) AS t) s, generate_series(1, length(t) - 1) i
  ) grams WHERE g !~ '^\s' AND g !~ '\s$'
$$;
--> statement-breakpoint
-- Kept by a trigger so every writer (the turn functions, save-message, imports) indexes the same way; a reply is
-- indexed once it stops streaming, not at every write of its growing text.
CREATE OR REPLACE FUNCTION chat_messages_search_grams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'streaming' THEN
    NEW.search_grams := NULL;
  ELSIF TG_OP = 'INSERT' OR NEW.content IS DISTINCT FROM OLD.content OR OLD.search_grams IS NULL THEN
    NEW.search_grams := chat_search_grams(NEW.content);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_search_grams BEFORE INSERT OR UPDATE OF content, status ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION chat_messages_search_grams();
--> statement-breakpoint
UPDATE chat_messages SET search_grams = chat_search_grams(content) WHERE status <> 'streaming';
