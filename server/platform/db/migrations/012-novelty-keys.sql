-- A document's novelty signature (issue 18, server/modules/intelligence/novelty.ts): the events it reports (agent,
-- act, target) and the parties it names, as keys, written with its analysis. A later document's novelty is
-- measured against the latest completed documents' keys, read from this column alone (the frames of fifty
-- documents were read on every analysis before it, on the embedded store's one connection).
ALTER TABLE events ADD COLUMN novelty_keys jsonb;
CREATE INDEX events_novelty ON events (tenant_id, ingested_at DESC, id DESC) WHERE novelty_keys IS NOT NULL;
