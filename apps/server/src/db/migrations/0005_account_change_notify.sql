-- Every change that can alter what a signed-in request sees of its account (the user row, a session's revocation or
-- expiry, the linked WeChat identities) announces the user's id on the 'lingxi_account' channel. Each server instance
-- LISTENs and evicts that user from its in-process account cache (ADR 009), whichever instance or code path wrote.
CREATE OR REPLACE FUNCTION lingxi_notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('lingxi_account', OLD.id::text);
  ELSE
    PERFORM pg_notify('lingxi_account', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('lingxi_account', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lingxi_notify_account_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lingxi_account', NEW.user_id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_account_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lingxi_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_account_change AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION lingxi_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER wechat_identities_account_change AFTER UPDATE OR DELETE ON wechat_identities
  FOR EACH ROW EXECUTE FUNCTION lingxi_notify_account_change();
--> statement-breakpoint
CREATE TRIGGER wechat_identities_account_insert AFTER INSERT ON wechat_identities
  FOR EACH ROW EXECUTE FUNCTION lingxi_notify_account_insert();
