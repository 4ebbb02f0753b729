-- The interim writes of every reply streaming in this process, in one statement per flush (modules/chat/reply-write-batch.ts):
-- a burst of 1,000 replies made ~1,000 single-row calls a second, each a round trip and a result to parse on the server.
-- Same fence as chat_write_reply: a row is written only while it still carries the turn's token; the ids returned are
-- the rows written, so a reply missing from them was deleted or taken over. A null content only touches updated_at
-- (the heartbeat). The same reply never appears twice in one call (its writer keeps one write in flight).
CREATE OR REPLACE FUNCTION chat_write_replies(p_replies integer[], p_tokens text[], p_contents text[], p_now timestamptz)
RETURNS SETOF integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
    UPDATE chat_messages m
       SET content = coalesce(u.content, m.content), updated_at = p_now
      FROM unnest(p_replies, p_tokens, p_contents) AS u(reply, token, content)
     WHERE m.id = u.reply AND m.turn_token = u.token
    RETURNING m.id;
END $$;
