ALTER TABLE "wechat_qr_states" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "wechat_qr_states" ADD COLUMN "scanned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "wechat_identities_user_idx" ON "wechat_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_qr_states_ticket_idx" ON "wechat_qr_states" USING btree ("ticket");