-- Sources that run (server/modules/data-sources/runner). A data source in status active with a next_run_at in the
-- past is due: the scheduler claims it (moving next_run_at on, or to NULL for a sandbox source that runs
-- once) and queues one poll. failures_in_a_row counts runs that failed for a reason expected to pass
-- (rate limits, timeouts); other failures put the source in error at once.
ALTER TABLE data_sources ADD COLUMN next_run_at timestamptz;
ALTER TABLE data_sources ADD COLUMN failures_in_a_row integer NOT NULL DEFAULT 0;
-- The scheduler's scan is the one query across tenants; everything it then does is scoped by tenant.
CREATE INDEX data_sources_due ON data_sources (next_run_at) WHERE status = 'active' AND next_run_at IS NOT NULL;

-- Every item a source has seen, keyed by (tenant, source, item key: the item's link or its post/tweet
-- id). `content_hash` is the hash of the item's normalised text as last seen; `outcome` says what became
-- of it: claimed (a run is ingesting it), ingested (event_id is its card), duplicate (same content as
-- another item of the source, or a URL the tenant has processed already), empty (nothing to analyse).
CREATE TABLE source_items (
  tenant_id text NOT NULL,
  data_source_id text NOT NULL,
  item_key text NOT NULL,
  link text,
  content_hash text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('claimed', 'ingested', 'duplicate', 'empty')),
  event_id text,
  claimed_at timestamptz NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  content_changed_at timestamptz,
  PRIMARY KEY (tenant_id, data_source_id, item_key),
  FOREIGN KEY (tenant_id, data_source_id) REFERENCES data_sources (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX source_items_hash ON source_items (tenant_id, data_source_id, content_hash);
