-- Delete means delete (issue 16, server/modules/retention). A deletion removes a document's rows wherever they were
-- copied, so every copy must say whose it is.

-- Each live message names the document it is about (NULL for none), so a deleted document's messages can
-- leave its session's log; a `genesis-event-deleted` tombstone is appended in their place.
ALTER TABLE live_log ADD COLUMN event_id text;
UPDATE live_log SET event_id = COALESCE(
  data->>'eventId',
  data->>'parentId',
  substring(data->>'frameId' from '^(.*)-f[0-9]+$'),
  substring(data->'connection'->>'id' from '^(.*)-c[0-9]+-[0-9]+$'));
CREATE INDEX live_log_event ON live_log (tenant_id, session_id, event_id) WHERE event_id IS NOT NULL;
-- Retention by age (LIVE_LOG_RETENTION_DAYS) finds old rows across sessions.
CREATE INDEX live_log_created ON live_log (created_at);

-- How far retention has pruned a session's log. Until now the oldest row said so; with deleted documents'
-- messages gone the log has holes, and a hole is not a prune (a client resuming across it misses nothing).
ALTER TABLE live_log_heads ADD COLUMN pruned_through bigint NOT NULL DEFAULT 0;
UPDATE live_log_heads h SET pruned_through = COALESCE(
  (SELECT min(l.seq) - 1 FROM live_log l WHERE l.tenant_id = h.tenant_id AND l.session_id = h.session_id),
  h.last_seq);

-- A connection belongs to the document whose frames it joins (its id is `<eventId>-c<i>-<j>`) and goes with it.
ALTER TABLE connections ADD COLUMN event_id text;
UPDATE connections SET event_id = substring(id from '^(.*)-c[0-9]+-[0-9]+$');

-- What deletions before this migration left behind: logs of deleted workspaces, messages and connections of
-- deleted documents.
DELETE FROM live_log l WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.tenant_id = l.tenant_id AND s.id = l.session_id);
DELETE FROM live_log_heads h WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.tenant_id = h.tenant_id AND s.id = h.session_id);
DELETE FROM live_log l WHERE l.event_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = l.tenant_id AND e.id = l.event_id);
DELETE FROM connections c WHERE c.event_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = c.tenant_id AND e.id = c.event_id);
DELETE FROM pipeline_parked_jobs p WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = p.tenant_id AND e.id = p.data->>'eventId');

ALTER TABLE connections ADD CONSTRAINT connections_event_fk FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE;
CREATE INDEX connections_event ON connections (tenant_id, event_id);

-- A source's documents: whether a deleted document's one-item source (a pasted text's, which keeps its
-- opening words) has any left.
CREATE INDEX events_source ON events (tenant_id, data_source_id) WHERE data_source_id IS NOT NULL;

-- Retention of the pipeline's bookkeeping (PIPELINE_RETENTION_DAYS): finished stage runs by age.
CREATE INDEX pipeline_stage_runs_done ON pipeline_stage_runs (updated_at) WHERE state = 'done';

-- The operator's maintenance (server/modules/retention/maintenance.ts), not a tenant's data: when each task last
-- ran, and how many deletions since wait for the purge that rewrites the embedded database's files.
CREATE TABLE maintenance_state (
  task text PRIMARY KEY,
  pending bigint NOT NULL DEFAULT 0,
  last_run_at timestamptz
);
