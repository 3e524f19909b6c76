-- The analyst's corrections of action frames (issue 21, item 7; written by
-- server/modules/intelligence/corrections.ts, applied by the corpus every analysis reads): an edit of what the
-- frame says, a rejection (the frame is wrong: left out of boards, briefings, the graph and exports), or a note.
--
-- A correction belongs to a document's frame by its position (event, action index), not to the frame row, so
-- reprocessing the document (which writes its frames again) keeps it: the pipeline never overwrites it.
-- `pipeline` is the pipeline's reading when the analyst corrected it, so a reprocess that reads the sentence
-- otherwise shows what changed against the analyst's version. It goes with its document (the cascade).
CREATE TABLE frame_corrections (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  action_index integer NOT NULL,
  verdict text NOT NULL CHECK (verdict IN ('edited', 'rejected', 'noted')),
  edits jsonb NOT NULL DEFAULT '{}',
  note text,
  pipeline jsonb NOT NULL,
  corrected_by text NOT NULL,
  corrected_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id, action_index),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX frame_corrections_event ON frame_corrections (tenant_id, event_id);
