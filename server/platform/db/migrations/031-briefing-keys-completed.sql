-- A briefing's conflicts beyond its subject at 100,000 documents (issue 22): the key rows of 018 are those of
-- completed documents only, so the conflict probes (server/modules/intelligence/queries/briefing-keys.ts
-- `outsideConflictWitnesses`) need not look each candidate's document up: that lookup was half of a
-- 2,000-document research's probes (1.3 s → 0.64 s at 22,000 documents).
--
-- briefing-keys.ts writes a document's rows in the transaction that completes it; a document leaving
-- 'completed' (a reprocess starting) loses them here, in the statement that moves it, until it completes again.

CREATE FUNCTION briefing_keys_leave() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM frame_actor_keys WHERE tenant_id = NEW.tenant_id AND event_id = NEW.id;
  DELETE FROM document_name_keys WHERE tenant_id = NEW.tenant_id AND event_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER events_briefing_keys_leave AFTER UPDATE OF status ON events
  FOR EACH ROW WHEN (OLD.status = 'completed' AND NEW.status IS DISTINCT FROM 'completed')
  EXECUTE FUNCTION briefing_keys_leave();

-- Rows a document kept when it left 'completed' before this migration.
DELETE FROM frame_actor_keys k WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = k.tenant_id AND e.id = k.event_id AND e.status = 'completed');
DELETE FROM document_name_keys k WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = k.tenant_id AND e.id = k.event_id AND e.status = 'completed');
