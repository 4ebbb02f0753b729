ALTER TABLE "payment_orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tips_created_idx" ON "tips" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('pending', 'paid', 'closed', 'expired'));--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_fen" >= 1);--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_paid_check" CHECK (("payment_orders"."status" = 'paid') = ("payment_orders"."paid_at" is not null));--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_amount_check" CHECK ("tips"."amount_fen" >= 1);