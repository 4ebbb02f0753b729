-- A turn's memory (ADR 025: the session's privacy, the user's settings and newest facts) as a PL/pgSQL function, so
-- its plan is kept. PGlite plans every plain statement again: the same query as a plain statement cost 2.5 ms of CPU
-- per turn there, as a function 0.95 ms (issue 18; PostgreSQL already kept its plan as a prepared statement).
CREATE OR REPLACE FUNCTION memory_for_turn(p_user uuid, p_session text, p_limit integer, p_default_enabled boolean)
  RETURNS TABLE (private boolean, enabled boolean, sensitive_enabled boolean, items json)
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.private, m.enabled, m.sensitive_enabled,
         CASE WHEN coalesce(s.private, false) OR NOT coalesce(m.enabled, p_default_enabled) THEN NULL ELSE (
           SELECT json_agg(json_build_object('content', i.content, 'category', i.category, 'source', i.source)
                           ORDER BY i.created_at DESC)
           FROM (SELECT mi.content, mi.category, mi.source, mi.created_at FROM memory_items mi WHERE mi.user_id = p_user
                 ORDER BY mi.created_at DESC LIMIT p_limit) i
         ) END
    FROM (SELECT 1) one
    LEFT JOIN chat_sessions s ON s.id = p_session AND s.user_id = p_user
    LEFT JOIN memory_settings m ON m.user_id = p_user;
END $$;
