-- Search reads the analyst's version of a frame (issue 21 leftovers; migration 019 keeps search_frames,
-- migration 023 holds the corrections): a frame the analyst edited is found by the words the analyst gave it
-- (its description, summary and action type as edited), a frame the analyst rejected is not found at all,
-- and dropping the correction finds the frame as the pipeline read it again.
--
-- Kept by triggers, in the transaction that writes the rows: a frame written (the pipeline, a reprocess, an
-- import, a restore) is indexed with the correction at its place, and a correction set, changed or dropped
-- indexes the frame at its place again. A correction deleted with its document (the cascade) indexes nothing.

-- The frame's body as the analyst has it: the edited fields over the pipeline's.
CREATE FUNCTION search_corrected_body(body jsonb, edits jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(edits) = 'object' THEN body || (SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb) FROM jsonb_each(edits) e(k, v)
                                                                  WHERE k IN ('actionDescription', 'actionType', 'summary') AND jsonb_typeof(v) = 'string')
              ELSE body END
$$;

-- One frame's row, written again from the frame and the correction at its place (none when rejected).
CREATE FUNCTION search_index_frame_row(p_tenant text, p_frame text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_frames WHERE tenant_id = p_tenant AND frame_id = p_frame;
  INSERT INTO search_frames (tenant_id, frame_id, event_id, category, action_type, vector)
    SELECT f.tenant_id, f.id, f.event_id, f.body->'cameo'->>'code',
           lower(coalesce(c.edits->>'actionType', f.action_type, f.body->>'actionType')),
           search_frame_vector(CASE WHEN c.verdict = 'edited' THEN search_corrected_body(f.body::jsonb, c.edits) ELSE f.body::jsonb END)
      FROM action_frames f
      LEFT JOIN frame_corrections c ON c.tenant_id = f.tenant_id AND c.event_id = f.event_id AND c.action_index = coalesce(f.action_index, 1)
     WHERE f.tenant_id = p_tenant AND f.id = p_frame AND (c.verdict IS NULL OR c.verdict <> 'rejected');
END $$;

-- Replaces 019's: a frame written is indexed with its correction.
CREATE OR REPLACE FUNCTION search_index_frame() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_frame_row(NEW.tenant_id, NEW.id);
  RETURN NULL;
END $$;

CREATE FUNCTION search_index_correction() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  f record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  -- Deleted with its document: its frames go too, nothing to index.
  IF NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = r.tenant_id AND e.id = r.event_id) THEN RETURN NULL; END IF;
  FOR f IN SELECT a.id FROM action_frames a WHERE a.tenant_id = r.tenant_id AND a.event_id = r.event_id AND coalesce(a.action_index, 1) = r.action_index LOOP
    PERFORM search_index_frame_row(r.tenant_id, f.id);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER frame_corrections_search AFTER INSERT OR UPDATE OR DELETE ON frame_corrections FOR EACH ROW EXECUTE FUNCTION search_index_correction();

-- The corrections that exist already.
SELECT search_index_frame_row(a.tenant_id, a.id)
  FROM action_frames a JOIN frame_corrections c ON c.tenant_id = a.tenant_id AND c.event_id = a.event_id AND c.action_index = coalesce(a.action_index, 1);
