-- my-referrals and the cycle check walk users by referrer_phone (users is defined in schema/users.ts; this index is the referrer area's).
CREATE INDEX IF NOT EXISTS "users_referrer_phone_idx" ON "users" USING btree ("referrer_phone");
