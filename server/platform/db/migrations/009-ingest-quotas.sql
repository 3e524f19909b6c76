-- Ingest quotas (issue 17, server/modules/ingest/quotas.ts).
--
-- Each tenant's ingest rate is a token bucket: `tokens` left as of `refilled_at`, refilled by elapsed time
-- when next taken. One row per tenant that has ingested, shared by every process on the database.
CREATE TABLE ingest_allowances (
  tenant_id text PRIMARY KEY,
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL
);

-- The queued-documents limit counts a tenant's unfinished documents: the index holds only those rows, so
-- the count reads at most the limit's worth, however many documents the tenant has.
CREATE INDEX events_unfinished ON events (tenant_id) WHERE status NOT IN ('completed', 'error');

-- An item a scheduled source found while its tenant was over a limit is `deferred`: kept with the input
-- it will be ingested as (`pending_input`), and ingested by a later run of its source in the order it was
-- kept (`pending_order`, from a sequence: items of one run share their first sighting's time).
ALTER TABLE source_items DROP CONSTRAINT source_items_outcome_check;
ALTER TABLE source_items ADD CONSTRAINT source_items_outcome_check CHECK (outcome IN ('claimed', 'ingested', 'duplicate', 'empty', 'deferred'));
ALTER TABLE source_items ADD COLUMN pending_input jsonb;
CREATE SEQUENCE source_items_pending_order;
ALTER TABLE source_items ADD COLUMN pending_order bigint;
CREATE INDEX source_items_deferred ON source_items (tenant_id, data_source_id, pending_order) WHERE pending_input IS NOT NULL;
