-- KPI bindings (server/modules/intelligence/kpis.ts): one built-in KPI definition bound to one research or
-- project, with its current value. A binding is computed from the context's completed documents and
-- kept up to date by the pipeline, unless `manual` (a value set by hand, which the pipeline leaves alone).
-- The context is held twice: `context_id` as the wire names it, and in the one of research_id /
-- project_id that matches `context_type`, so deleting the research or project deletes its bindings.
CREATE TABLE kpi_bindings (
  tenant_id text NOT NULL,
  id text NOT NULL,
  context_id text NOT NULL,
  context_type text NOT NULL CHECK (context_type IN ('research', 'project')),
  research_id text,
  project_id text,
  kpi_definition_id text NOT NULL,
  current_value double precision,
  manual boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, context_id, kpi_definition_id),
  CHECK (
    (context_type = 'research' AND research_id = context_id AND project_id IS NULL) OR
    (context_type = 'project' AND project_id = context_id AND research_id IS NULL)
  ),
  FOREIGN KEY (tenant_id, research_id) REFERENCES researches (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id) ON DELETE CASCADE
);
-- The unique constraint's index serves the lookups by context (the pipeline's refresh and GET ?contextId=).
