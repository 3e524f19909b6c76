-- Watch-lists and alerts (issue 21, item 6; server/modules/alerts).
--
-- watches: what a user watches within the tenant (an entity by its keys, a saved search, or a CAMEO category
-- at or above an urgency), for the tenant, a workspace or a project, with an optional webhook.
-- alert_documents: each document that matched a watch, once: a retry or a reprocess of it never alerts again.
-- alerts: one per watch and story (story_key: the story's id, or the document's when it is in none), so one
-- event told by several sources is one alert; document_count says how many of them matched.
-- alert_webhooks: a user's webhook for the alerts of watches that name none.
-- alert_deliveries: webhook calls to make, retried with back-off by the worker (webhooks.ts) until delivered
-- or given up.
CREATE TABLE watches (
  tenant_id text NOT NULL,
  id text NOT NULL,
  user_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('entity', 'search', 'category')),
  label text NOT NULL,
  entity_id text,
  entity_keys jsonb NOT NULL DEFAULT '[]',
  query text,
  category text,
  min_urgency double precision,
  scope_kind text NOT NULL CHECK (scope_kind IN ('tenant', 'workspace', 'project')),
  scope_research_id text,
  scope_id text,
  webhook_url text,
  webhook_secret text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX watches_user ON watches (tenant_id, user_id, created_at DESC);

CREATE TABLE alert_documents (
  tenant_id text NOT NULL,
  watch_id text NOT NULL,
  event_id text NOT NULL,
  PRIMARY KEY (tenant_id, watch_id, event_id),
  FOREIGN KEY (tenant_id, watch_id) REFERENCES watches (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE alerts (
  tenant_id text NOT NULL,
  id text NOT NULL,
  watch_id text NOT NULL,
  user_id text NOT NULL,
  story_key text NOT NULL,
  story_id text,
  event_id text NOT NULL,
  frame_id text,
  title text NOT NULL,
  excerpt text NOT NULL,
  document_count integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, watch_id, story_key),
  FOREIGN KEY (tenant_id, watch_id) REFERENCES watches (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX alerts_user ON alerts (tenant_id, user_id, created_at DESC, id);

CREATE TABLE alert_webhooks (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  PRIMARY KEY (tenant_id, user_id)
);

CREATE TABLE alert_deliveries (
  tenant_id text NOT NULL,
  id text NOT NULL,
  alert_id text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, alert_id) REFERENCES alerts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX alert_deliveries_due ON alert_deliveries (next_at) WHERE status = 'pending';
