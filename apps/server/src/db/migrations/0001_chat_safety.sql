ALTER TABLE "chat_messages" ADD COLUMN "crisis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "error_code" text;