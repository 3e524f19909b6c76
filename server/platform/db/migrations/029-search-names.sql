-- Search at 100,000 documents (issue 22): what search reads grows with its answer, not with the corpus.
--
-- search_names: one row per name the tenant's completed documents give an entity (search_entity_names' names,
-- 019), with how many documents give it. Entity results group names by their lower-case spelling; read from
-- search_entity_names, a common word ("port") grouped tens of thousands of rows, one per document naming a
-- port, into a few hundred names, and the grouping grew with the corpus. Here it reads the names only.
-- Kept by statement triggers on search_entity_names, so every way a document's names change moves it in the
-- same transaction: a document indexed again (019's search_index_document deletes its names and writes them
-- anew), and its rows removed with it (a delete or an erasure cascades). Each statement moves the sums in
-- one upsert in name order (two documents of one tenant completing at once lock the names they share in the
-- same order); a name no document gives any more is deleted. search_entity_names rows are never updated.
--
-- search_documents_at: a tenant's documents newest first. Search counts and ranks at most 1,000 matches of a
-- kind, the newest (server/modules/search/queries.ts): frames are found document by document down this
-- index, and stop once there are enough.

CREATE TABLE search_names (
  tenant_id text NOT NULL,
  name text NOT NULL,
  documents integer NOT NULL,
  vector tsvector NOT NULL,
  PRIMARY KEY (tenant_id, name)
);
CREATE INDEX search_names_vector ON search_names USING gin (vector);

CREATE INDEX search_documents_at ON search_documents (tenant_id, at DESC, event_id DESC);

-- Moves the sums by each (tenant, name)'s change, in key order.
CREATE FUNCTION search_names_move(p_changes jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  gone jsonb;
BEGIN
  WITH up AS (
    INSERT INTO search_names AS s (tenant_id, name, documents, vector)
      SELECT c.tenant_id, c.name, c.delta, to_tsvector('english', c.name)
        FROM jsonb_to_recordset(p_changes) AS c(tenant_id text, name text, delta integer)
       WHERE c.delta <> 0
       ORDER BY c.tenant_id, c.name
      ON CONFLICT (tenant_id, name) DO UPDATE SET documents = s.documents + EXCLUDED.documents
      RETURNING s.tenant_id, s.name, s.documents
  )
  -- In a statement of its own: the rows the upsert wrote are not visible to another part of its statement.
  SELECT jsonb_agg(jsonb_build_array(up.tenant_id, up.name)) INTO gone FROM up WHERE up.documents <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM search_names n USING jsonb_array_elements(gone) g(k) WHERE n.tenant_id = g.k->>0 AND n.name = g.k->>1;
  END IF;
END $$;

CREATE FUNCTION search_names_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_names_move((SELECT jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'name', name, 'delta', n)) FROM (SELECT tenant_id, name, count(*) AS n FROM added GROUP BY tenant_id, name) a));
  RETURN NULL;
END $$;

CREATE FUNCTION search_names_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_names_move((SELECT jsonb_agg(jsonb_build_object('tenant_id', tenant_id, 'name', name, 'delta', -n)) FROM (SELECT tenant_id, name, count(*) AS n FROM removed GROUP BY tenant_id, name) r));
  RETURN NULL;
END $$;

CREATE TRIGGER search_entity_names_added AFTER INSERT ON search_entity_names
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search_names_added();
CREATE TRIGGER search_entity_names_removed AFTER DELETE ON search_entity_names
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION search_names_removed();

-- The names given already.
INSERT INTO search_names (tenant_id, name, documents, vector)
  SELECT tenant_id, name, count(*), to_tsvector('english', name) FROM search_entity_names GROUP BY tenant_id, name;
