CREATE TABLE "wechat_oa_openids" (
	"user_id" uuid NOT NULL,
	"appid" text NOT NULL,
	"openid" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_oa_openids_user_id_appid_pk" PRIMARY KEY("user_id","appid")
);
--> statement-breakpoint
ALTER TABLE "wechat_qr_states" ADD COLUMN "return_to" text;--> statement-breakpoint
ALTER TABLE "wechat_oa_openids" ADD CONSTRAINT "wechat_oa_openids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;