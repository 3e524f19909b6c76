-- What a workspace's session data is at (issue 22, item 2): the validators and the response cache of the
-- session-data and frames reads (server/modules/session-data/cache.ts) need a version of everything those reads
-- return that moves with every change, also the changes that append nothing to the live log (a project commit
-- setting project_id, an import, a deletion without a tombstone, a correction).
--
-- `session_data_changes` is that version, kept by the triggers below: each statement that changes a session's
-- events, frames, frame corrections or the session row itself adds a row of weight 1, and the version is the
-- sum of the session's weights. Writers only insert, so they never wait on each other or on a reader for it
-- (a counter row would be one more lock every stage of the pipeline takes, in whatever order). A sum, unlike a
-- max of sequence values, cannot be passed by a transaction that commits after a later one: every commit
-- raises it. Now and then a writer folds a session's rows into one of the same total weight (rows locked by
-- someone else are skipped, never waited for), so a session keeps a few rows however much it is written.
--
-- Every change also notifies `sightline_session_data` with ["tenant", "session"] (["*"] after a TRUNCATE):
-- the embedded store's one process drops its cached answers at the commit without asking the database again;
-- with PostgreSQL each API process compares versions instead (a notice may come late), and uses the notices
-- only to free memory. The live cursor is read beside the version; a change of a session's head notifies too.
CREATE TABLE session_data_changes (
  tenant_id text NOT NULL,
  session_id text NOT NULL,
  weight bigint NOT NULL
);
CREATE INDEX session_data_changes_session ON session_data_changes (tenant_id, session_id) INCLUDE (weight);

-- One change of the session's data: a row of weight 1, the notice, and one time in twenty the fold.
CREATE FUNCTION session_data_touched(t text, s text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_data_changes (tenant_id, session_id, weight) VALUES (t, s, 1);
  PERFORM pg_notify('sightline_session_data', json_build_array(t, s)::text);
  IF random() < 0.05 THEN
    WITH gone AS (
      DELETE FROM session_data_changes WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM session_data_changes WHERE tenant_id = t AND session_id = s FOR UPDATE SKIP LOCKED))
      RETURNING weight)
    INSERT INTO session_data_changes (tenant_id, session_id, weight) SELECT t, s, sum(weight) FROM gone HAVING count(*) > 0;
  END IF;
END $$;

-- Statement triggers with transition tables: one row per session a statement touched, however many rows it wrote
-- (a document's hundred frames are one statement).
CREATE FUNCTION session_data_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR k IN SELECT DISTINCT tenant_id, session_id FROM new_rows WHERE session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR k IN SELECT DISTINCT tenant_id, session_id FROM old_rows WHERE session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  ELSE
    FOR k IN SELECT DISTINCT tenant_id, session_id FROM (SELECT tenant_id, session_id FROM new_rows UNION SELECT tenant_id, session_id FROM old_rows) r
             WHERE session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_session_data_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();
CREATE TRIGGER events_session_data_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();
CREATE TRIGGER events_session_data_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();
CREATE TRIGGER action_frames_session_data_insert AFTER INSERT ON action_frames REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();
CREATE TRIGGER action_frames_session_data_update AFTER UPDATE ON action_frames REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();
CREATE TRIGGER action_frames_session_data_delete AFTER DELETE ON action_frames REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_rows_changed();

-- A correction names its document, not its session: the session is its document's.
CREATE FUNCTION session_data_corrections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR k IN SELECT DISTINCT e.tenant_id, e.session_id FROM new_rows c JOIN events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id WHERE e.session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR k IN SELECT DISTINCT e.tenant_id, e.session_id FROM old_rows c JOIN events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id WHERE e.session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  ELSE
    FOR k IN SELECT DISTINCT e.tenant_id, e.session_id FROM (SELECT tenant_id, event_id FROM new_rows UNION SELECT tenant_id, event_id FROM old_rows) c
             JOIN events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id WHERE e.session_id IS NOT NULL LOOP
      PERFORM session_data_touched(k.tenant_id, k.session_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER frame_corrections_session_data_insert AFTER INSERT ON frame_corrections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_corrections_changed();
CREATE TRIGGER frame_corrections_session_data_update AFTER UPDATE ON frame_corrections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_corrections_changed();
CREATE TRIGGER frame_corrections_session_data_delete AFTER DELETE ON frame_corrections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_data_corrections_changed();

-- The session row: deleted (its reads answer 404 now) or moved to another research.
CREATE FUNCTION session_data_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM session_data_touched(OLD.tenant_id, OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_session_data AFTER DELETE OR UPDATE OF tenant_id, id, research_id ON sessions FOR EACH ROW EXECUTE FUNCTION session_data_session_changed();

-- The live cursor is read beside the version; its moves only need telling (one row per append statement).
CREATE FUNCTION session_data_head_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sightline_session_data', json_build_array(OLD.tenant_id, OLD.session_id)::text);
  ELSE
    PERFORM pg_notify('sightline_session_data', json_build_array(NEW.tenant_id, NEW.session_id)::text);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER live_log_heads_session_data AFTER INSERT OR DELETE OR UPDATE OF last_seq ON live_log_heads FOR EACH ROW EXECUTE FUNCTION session_data_head_moved();

-- TRUNCATE fires no row or statement triggers of its rows: everything cached goes.
CREATE FUNCTION session_data_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sightline_session_data', '["*"]');
  RETURN NULL;
END $$;
CREATE TRIGGER events_session_data_truncate AFTER TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
CREATE TRIGGER action_frames_session_data_truncate AFTER TRUNCATE ON action_frames FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
CREATE TRIGGER frame_corrections_session_data_truncate AFTER TRUNCATE ON frame_corrections FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
CREATE TRIGGER sessions_session_data_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
CREATE TRIGGER live_log_heads_session_data_truncate AFTER TRUNCATE ON live_log_heads FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
CREATE TRIGGER session_data_changes_truncate AFTER TRUNCATE ON session_data_changes FOR EACH STATEMENT EXECUTE FUNCTION session_data_truncated();
