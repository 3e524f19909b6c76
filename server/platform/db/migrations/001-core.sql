-- Core tables. Every table carries tenant_id and every query filters on it (tenancy in SQL).

CREATE TABLE users (
  id text PRIMARY KEY,                      -- the identity provider's uid
  tenant_id text NOT NULL,
  email text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('personal', 'corporate')),
  display_name text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX users_tenant ON users (tenant_id);

CREATE TABLE researches (
  tenant_id text NOT NULL,
  id text NOT NULL,
  title text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'active',
  tags jsonb NOT NULL DEFAULT '[]',
  owner_user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX researches_updated ON researches (tenant_id, updated_at DESC);

CREATE TABLE sessions (
  tenant_id text NOT NULL,
  id text NOT NULL,
  research_id text NOT NULL,
  title text,
  status text NOT NULL DEFAULT 'active',
  owner_user_id text NOT NULL,
  tokens_used integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz,
  schema_version integer NOT NULL DEFAULT 1,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, research_id) REFERENCES researches (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_research ON sessions (tenant_id, research_id, created_at);

CREATE TABLE projects (
  tenant_id text NOT NULL,
  id text NOT NULL,
  display_name text NOT NULL,
  description text,
  status text NOT NULL DEFAULT 'active',
  owner_user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE data_sources (
  tenant_id text NOT NULL,
  id text NOT NULL,
  kind text NOT NULL,
  display_name text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  research_id text,
  session_id text,
  project_id text,
  source_details jsonb NOT NULL DEFAULT '{}',
  visibility text NOT NULL DEFAULT 'private',
  allowed_tenants jsonb NOT NULL DEFAULT '[]',
  poll_interval_seconds integer,
  last_run_at timestamptz,
  items_ingested integer NOT NULL DEFAULT 0,
  last_error text,
  owner_user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  CHECK ((project_id IS NOT NULL) OR (research_id IS NOT NULL AND session_id IS NOT NULL))
);
CREATE INDEX data_sources_session ON data_sources (tenant_id, research_id, session_id);
CREATE INDEX data_sources_project ON data_sources (tenant_id, project_id);

-- Genesis events: one per source item, shown as a document card.
CREATE TABLE events (
  tenant_id text NOT NULL,
  id text NOT NULL,
  research_id text,
  session_id text,
  project_id text,
  data_source_id text,
  type text NOT NULL,
  event_type text NOT NULL,
  title text,
  summary text,
  status text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  analytics jsonb,
  error text,
  action_count integer,
  content_hash text,
  uploaded_at timestamptz,
  ingested_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX events_session ON events (tenant_id, session_id, ingested_at, id);
CREATE INDEX events_research ON events (tenant_id, research_id, ingested_at, id);
CREATE INDEX events_project ON events (tenant_id, project_id, ingested_at, id);

CREATE TABLE action_frames (
  tenant_id text NOT NULL,
  id text NOT NULL,
  event_id text NOT NULL,
  research_id text,
  session_id text,
  status text NOT NULL DEFAULT 'draft',
  action_index integer,
  total_actions integer,
  action_type text,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX action_frames_event ON action_frames (tenant_id, event_id, action_index);
CREATE INDEX action_frames_session ON action_frames (tenant_id, session_id, created_at, id);

CREATE TABLE connections (
  tenant_id text NOT NULL,
  id text NOT NULL,
  session_id text,
  type text NOT NULL,
  participants jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'Active',
  confidence double precision,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE processed_urls (
  tenant_id text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, url)
);
