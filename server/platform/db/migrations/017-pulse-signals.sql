-- The dashboard pulse kept as documents complete (issue 20, item 8), so POST /dashboard/pulse reads a few
-- rows instead of the tenant's whole corpus (server/modules/intelligence/signals.ts says what reads them).
--
-- signal_days: per tenant, UTC day of ingestion and PESTLE category ('' without one), how many completed
-- documents and how many signals (their action frames, events.action_count). Kept by a trigger on events,
-- so whatever completes, changes or deletes a document (the pipeline, a reprocess, an import, an erasure,
-- a cascade from a research) keeps the counts true in its own transaction.
-- frame_signals: one row per frame of a completed document: the board it stands on ('risk', 'opportunity'
-- or NULL for neither, pulse.ts says why) with that board's index, and its leaderboard entry as the wire
-- sends it. Written with the frames' story placement; gone with the frame (a reprocess replaces them).
CREATE TABLE signal_days (
  tenant_id text NOT NULL,
  day date NOT NULL,
  pestle text NOT NULL,
  documents integer NOT NULL,
  frames integer NOT NULL,
  PRIMARY KEY (tenant_id, day, pestle)
);

CREATE FUNCTION signal_days_add(p_tenant text, p_at timestamptz, p_category text, p_documents integer, p_frames integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date := (p_at AT TIME ZONE 'UTC')::date;
  c text := coalesce(p_category, '');
BEGIN
  INSERT INTO signal_days AS s (tenant_id, day, pestle, documents, frames) VALUES (p_tenant, d, c, p_documents, p_frames)
    ON CONFLICT (tenant_id, day, pestle) DO UPDATE SET documents = s.documents + EXCLUDED.documents, frames = s.frames + EXCLUDED.frames;
  DELETE FROM signal_days s WHERE s.tenant_id = p_tenant AND s.day = d AND s.pestle = c AND s.documents = 0 AND s.frames = 0;
END $$;

CREATE FUNCTION signal_days_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'completed' AND NEW.status = 'completed' AND OLD.ingested_at = NEW.ingested_at
     AND coalesce(OLD.action_count, 0) = coalesce(NEW.action_count, 0)
     AND coalesce(OLD.payload->>'pestleCategory', '') = coalesce(NEW.payload->>'pestleCategory', '') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    PERFORM signal_days_add(OLD.tenant_id, OLD.ingested_at, OLD.payload->>'pestleCategory', -1, -coalesce(OLD.action_count, 0));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    PERFORM signal_days_add(NEW.tenant_id, NEW.ingested_at, NEW.payload->>'pestleCategory', 1, coalesce(NEW.action_count, 0));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_signal_days_insert AFTER INSERT ON events FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION signal_days_count();
CREATE TRIGGER events_signal_days_update AFTER UPDATE OF status, ingested_at, action_count, payload ON events
  FOR EACH ROW WHEN (OLD.status = 'completed' OR NEW.status = 'completed') EXECUTE FUNCTION signal_days_count();
CREATE TRIGGER events_signal_days_delete AFTER DELETE ON events FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION signal_days_count();

INSERT INTO signal_days (tenant_id, day, pestle, documents, frames)
  SELECT tenant_id, (ingested_at AT TIME ZONE 'UTC')::date, coalesce(payload->>'pestleCategory', ''), count(*), sum(coalesce(action_count, 0))
    FROM events WHERE status = 'completed' GROUP BY 1, 2, 3;

-- The signals of the last days (24 hours, 7 and 14 days) and the tenant's first document, by index.
CREATE INDEX events_completed_at ON events (tenant_id, ingested_at) WHERE status = 'completed';

CREATE TABLE frame_signals (
  tenant_id text NOT NULL,
  frame_id text NOT NULL,
  event_id text NOT NULL,
  board text CHECK (board IN ('risk', 'opportunity')),
  score double precision NOT NULL,
  entry jsonb NOT NULL,
  PRIMARY KEY (tenant_id, frame_id),
  FOREIGN KEY (tenant_id, frame_id) REFERENCES action_frames (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX frame_signals_event ON frame_signals (tenant_id, event_id);
CREATE INDEX frame_signals_board ON frame_signals (tenant_id, board, score DESC, frame_id COLLATE "C") WHERE board IS NOT NULL;
