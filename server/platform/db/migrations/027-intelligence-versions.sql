-- How far each tenant's analysed material has moved (issue 22, item 1): a counter every change to what the
-- intelligence views read moves, so a server process can keep what it computed for a tenant (a pulse, a
-- briefing, a graph, a dossier …) and serve it again while the counter stands still, instead of reading the
-- tenant's corpus on every request (server/modules/intelligence/read-cache.ts). The counter lives in the
-- database, so every API process behind the same database sees the same one.
--
-- The triggers are deferred to commit: a transaction moves its tenant's counter once, as it commits, so the
-- row's lock is held only for the commit and pipeline workers finishing documents of one tenant do not wait
-- for each other's whole transactions. `tx` records which transaction moved it last, so the many rows one
-- transaction writes (a document, its frames, their signals) move it once. Its values come from one
-- sequence, so a counter never takes a value it had before, even after its row was deleted (an erasure,
-- a test's TRUNCATE): a process that kept views under an old value cannot mistake it for a new one.
CREATE SEQUENCE intelligence_version_seq;

CREATE TABLE intelligence_versions (
  tenant_id text PRIMARY KEY,
  version bigint NOT NULL,
  tx bigint NOT NULL
);

CREATE FUNCTION intelligence_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  IF TG_OP = 'DELETE' THEN t := OLD.tenant_id; ELSE t := NEW.tenant_id; END IF;
  INSERT INTO intelligence_versions AS v (tenant_id, version, tx) VALUES (t, nextval('intelligence_version_seq'), txid_current())
    ON CONFLICT (tenant_id) DO UPDATE SET version = EXCLUDED.version, tx = EXCLUDED.tx WHERE v.tx <> EXCLUDED.tx;
  RETURN NULL;
END $$;

-- A document counts once it is completed (or was): its processing steps before that are no analysis yet.
CREATE CONSTRAINT TRIGGER events_intelligence_insert AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION intelligence_version_bump();
CREATE CONSTRAINT TRIGGER events_intelligence_update AFTER UPDATE ON events DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'completed' OR NEW.status = 'completed') EXECUTE FUNCTION intelligence_version_bump();
CREATE CONSTRAINT TRIGGER events_intelligence_delete AFTER DELETE ON events DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION intelligence_version_bump();

-- Everything else the views read moves it on any change.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['action_frames', 'frame_corrections', 'entity_decisions', 'stories', 'story_members', 'story_bands',
    'frame_signals', 'frame_actor_keys', 'document_name_keys', 'source_grades', 'source_outcomes', 'kpi_bindings', 'researches',
    'sessions', 'projects', 'data_sources', 'connections']
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION intelligence_version_bump()', t || '_intelligence', t);
  END LOOP;
END $$;
