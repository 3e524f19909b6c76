-- The pipeline's own bookkeeping (server/modules/pipeline). pg-boss keeps its queues in its own schema (pgboss);
-- these tables hold what the stages need to be idempotent and what the circuit breakers remember.

-- What ingest received, waiting for Core_ContentIngestor to read it. Uploaded bytes live here only until
-- they are parsed: the row is deleted in the transaction that records the ingestor's run as done.
CREATE TABLE pipeline_inputs (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('text', 'url', 'document')),
  text text,
  url text,
  file_name text,
  content_type text,
  bytes bytea,
  content_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);

-- The readable content of a source, as analysis reads it; reprocess reads it again from here.
CREATE TABLE pipeline_contents (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  content_hash text NOT NULL,
  title text,
  extracted_text text NOT NULL,
  cleaned_content text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  reference_date text,
  reprocess_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);

-- The journal that makes a stage idempotent: one row per (tenant, event, run, stage, content hash).
-- `emitted` counts the live messages this run has appended (a retry skips that many); `memo` keeps
-- results a retry must reuse rather than compute again (an analysis); `state` done means the run's
-- writes are in and its next jobs are queued.
CREATE TABLE pipeline_stage_runs (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  run text NOT NULL,
  stage text NOT NULL,
  content_hash text NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  outcome text,
  emitted integer NOT NULL DEFAULT 0,
  memo jsonb NOT NULL DEFAULT '{}',
  attempts integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, event_id, run, stage, content_hash),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);

-- Circuit breakers, one per (tenant, handler key). Open when held open by hand (`manual_open`) or
-- until `opened_until`; failures before `reset_at` (the last enable) no longer count.
CREATE TABLE pipeline_breakers (
  tenant_id text NOT NULL,
  handler_key text NOT NULL,
  manual_open boolean NOT NULL DEFAULT false,
  reason text,
  opened_until timestamptz,
  reset_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, handler_key)
);

CREATE TABLE pipeline_breaker_failures (
  tenant_id text NOT NULL,
  handler_key text NOT NULL,
  id bigserial NOT NULL,
  at timestamptz NOT NULL,
  message text NOT NULL,
  PRIMARY KEY (tenant_id, handler_key, id)
);
CREATE INDEX pipeline_breaker_failures_at ON pipeline_breaker_failures (tenant_id, handler_key, at);

-- Jobs that arrived while their breaker was open: kept, not run, until replayed.
CREATE TABLE pipeline_parked_jobs (
  tenant_id text NOT NULL,
  handler_key text NOT NULL,
  id bigserial NOT NULL,
  data jsonb NOT NULL,
  parked_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, handler_key, id)
);
