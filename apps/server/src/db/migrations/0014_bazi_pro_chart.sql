-- Issue #15: a saved chart can be named; 合婚 pairings (with the partner consent they record); a chat session grounded in a
-- chart (and a year or month of its timeline) or a pairing.
CREATE TABLE "bazi_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chart_id" uuid NOT NULL,
	"partner_chart_id" uuid NOT NULL,
	"partner_consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_groundings" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"chart_id" uuid,
	"pairing_id" uuid,
	"year" integer,
	"month" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bazi_charts" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "bazi_pairings" ADD CONSTRAINT "bazi_pairings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazi_pairings" ADD CONSTRAINT "bazi_pairings_chart_id_bazi_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."bazi_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bazi_pairings" ADD CONSTRAINT "bazi_pairings_partner_chart_id_bazi_charts_id_fk" FOREIGN KEY ("partner_chart_id") REFERENCES "public"."bazi_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groundings" ADD CONSTRAINT "chat_groundings_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groundings" ADD CONSTRAINT "chat_groundings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groundings" ADD CONSTRAINT "chat_groundings_chart_id_bazi_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."bazi_charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groundings" ADD CONSTRAINT "chat_groundings_pairing_id_bazi_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."bazi_pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bazi_pairings_user_idx" ON "bazi_pairings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bazi_pairings_chart_idx" ON "bazi_pairings" USING btree ("chart_id");--> statement-breakpoint
CREATE INDEX "bazi_pairings_partner_idx" ON "bazi_pairings" USING btree ("partner_chart_id");--> statement-breakpoint
CREATE INDEX "chat_groundings_user_idx" ON "chat_groundings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_groundings_chart_idx" ON "chat_groundings" USING btree ("chart_id");--> statement-breakpoint
CREATE INDEX "chat_groundings_pairing_idx" ON "chat_groundings" USING btree ("pairing_id");
