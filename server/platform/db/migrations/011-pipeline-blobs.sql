-- Large values in parts (issue 17, server/modules/pipeline/blobs.ts). A pasted text or an uploaded file over a
-- few hundred KB, and the text read from a large file, are kept in parts of a table of their own, each part
-- written and read by a statement of its own, outside the transaction that names the value: the embedded
-- store's one connection is then never held for seconds by one 30 MB value (health checks, sign-ins and
-- reads answered between the parts). A row names its value's blob; a blob nobody names goes with the row
-- that named it (the triggers below), or, written for a row never committed, with retention's sweep.
CREATE TABLE pipeline_blobs (
  tenant_id text NOT NULL,
  blob_id text NOT NULL,
  -- The document it belongs to: deleting the document deletes it, whichever row named it.
  event_id text NOT NULL,
  part integer NOT NULL,
  data text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, blob_id, part)
);
CREATE INDEX pipeline_blobs_event ON pipeline_blobs (tenant_id, event_id);
CREATE INDEX pipeline_blobs_created ON pipeline_blobs (created_at);

-- The input's text (a pasted text) or bytes (base64) when kept as a blob; `text` and `bytes` are then null.
ALTER TABLE pipeline_inputs ADD COLUMN value_blob text;
-- The content's texts when kept as blobs (one blob for both when they are the same text).
ALTER TABLE pipeline_contents ADD COLUMN extracted_blob text;
ALTER TABLE pipeline_contents ADD COLUMN cleaned_blob text;
ALTER TABLE pipeline_contents ALTER COLUMN extracted_text DROP NOT NULL;
ALTER TABLE pipeline_contents ALTER COLUMN cleaned_content DROP NOT NULL;

CREATE FUNCTION pipeline_blobs_release() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    DELETE FROM pipeline_blobs WHERE tenant_id = OLD.tenant_id AND event_id = OLD.id;
  ELSIF TG_TABLE_NAME = 'pipeline_inputs' THEN
    DELETE FROM pipeline_blobs WHERE tenant_id = OLD.tenant_id AND blob_id = OLD.value_blob;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM pipeline_blobs WHERE tenant_id = OLD.tenant_id AND blob_id IN (OLD.extracted_blob, OLD.cleaned_blob);
  ELSE
    -- Replaced: the blobs the row no longer names.
    DELETE FROM pipeline_blobs WHERE tenant_id = OLD.tenant_id AND blob_id IN (OLD.extracted_blob, OLD.cleaned_blob)
      AND blob_id IS DISTINCT FROM NEW.extracted_blob AND blob_id IS DISTINCT FROM NEW.cleaned_blob;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_release_blobs AFTER DELETE ON events FOR EACH ROW EXECUTE FUNCTION pipeline_blobs_release();
CREATE TRIGGER pipeline_inputs_release_blobs AFTER DELETE ON pipeline_inputs FOR EACH ROW WHEN (OLD.value_blob IS NOT NULL) EXECUTE FUNCTION pipeline_blobs_release();
CREATE TRIGGER pipeline_contents_release_blobs AFTER DELETE OR UPDATE OF extracted_blob, cleaned_blob ON pipeline_contents
  FOR EACH ROW WHEN (OLD.extracted_blob IS NOT NULL OR OLD.cleaned_blob IS NOT NULL) EXECUTE FUNCTION pipeline_blobs_release();
