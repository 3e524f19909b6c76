-- The analyst's decisions about the tenant's entities (issue 21, item 1; written by
-- server/modules/intelligence/entity-decisions.ts, applied by aliases.ts `mergeEntities` wherever the
-- tenant's entities are merged): two entities are one (merge), a name stands for an entity of its own (split),
-- an entity is called otherwise (rename).
--
-- Decisions name entities by their names, never by a document or an entity id, so they hold for documents that
-- arrive later and survive reprocessing: `name` is a name the entity goes by in the documents, `other` the
-- second entity's name (merge) or the new name (rename), `keep` the name a merged entity keeps (the first
-- entity's when the analyst merged). Applied in `seq` order; undoing one deletes its row.
CREATE TABLE entity_decisions (
  tenant_id text NOT NULL,
  id text NOT NULL,
  seq bigserial NOT NULL,
  action text NOT NULL CHECK (action IN ('merge', 'split', 'rename')),
  name text NOT NULL,
  other text,
  keep text,
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX entity_decisions_order ON entity_decisions (tenant_id, seq);
