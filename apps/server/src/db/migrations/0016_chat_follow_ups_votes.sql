CREATE TABLE "chat_message_votes" (
	"user_id" uuid NOT NULL,
	"message_id" integer NOT NULL,
	"vote" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_votes_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "follow_ups" jsonb;--> statement-breakpoint
ALTER TABLE "chat_message_votes" ADD CONSTRAINT "chat_message_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_votes" ADD CONSTRAINT "chat_message_votes_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_votes_message_idx" ON "chat_message_votes" USING btree ("message_id");