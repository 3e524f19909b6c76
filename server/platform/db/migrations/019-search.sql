-- Search everything (issue 21, item 5; server/modules/search/ reads these): the full-text vectors of a tenant's
-- documents, frames, entity names and stories, GIN-indexed, kept by triggers in the transaction that writes
-- their rows (the pipeline completing a document, a reprocess, an import, a delete, a story assessed again),
-- and written here for the rows that exist already. English text search (to_tsvector / websearch_to_tsquery),
-- the same SQL on PGlite and PostgreSQL.
--
-- search_documents: one row per completed document: its vector (title A, summary B, text C) and what the
-- filters read (its date, PESTLE category, data source, publisher, the host of its address). No row while a
-- document is not completed: a document being processed or reprocessed is not found until it completes.
-- search_entity_names: one row per name a completed document gives an entity (its detected entities and
-- their aliases), with the entity as the document reports it (its text, kind, aliases, mentions): entity
-- results are these names, merged into the tenant's entities by the alias rules from these rows alone.
-- search_frames: one row per action frame: its vector (description A, sentence and summary B, actors and
-- resources C), its CAMEO category and action type. Read with its document's row, so only frames of
-- completed documents are found.
-- search_stories: one row per story: its vector (title A, its documents' titles and publishers B) and how many
-- documents tell it (a story of one document is found as that document: search lists stories of two or more).

-- A publication time as the source wrote it, or null when it is no time (a bad value never fails a write).
CREATE FUNCTION search_time(p text) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p IS NULL OR p !~ '^\d{4}-\d{2}-\d{2}' THEN RETURN NULL; END IF;
  RETURN p::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

CREATE TABLE search_documents (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  at timestamptz NOT NULL,
  pestle text,
  data_source_id text,
  publisher text,
  host text,
  title tsvector NOT NULL,
  vector tsvector NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX search_documents_vector ON search_documents USING gin (vector);

CREATE TABLE search_entity_names (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  entity text NOT NULL,
  aliases jsonb NOT NULL,
  mentions integer NOT NULL,
  vector tsvector NOT NULL,
  PRIMARY KEY (tenant_id, event_id, name),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX search_entity_names_vector ON search_entity_names USING gin (vector);
CREATE INDEX search_entity_names_name ON search_entity_names (tenant_id, lower(name));

CREATE TABLE search_frames (
  tenant_id text NOT NULL,
  frame_id text NOT NULL,
  event_id text NOT NULL,
  category text,
  action_type text,
  vector tsvector NOT NULL,
  PRIMARY KEY (tenant_id, frame_id),
  FOREIGN KEY (tenant_id, frame_id) REFERENCES action_frames (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX search_frames_vector ON search_frames USING gin (vector);
CREATE INDEX search_frames_event ON search_frames (tenant_id, event_id);

CREATE TABLE search_stories (
  tenant_id text NOT NULL,
  story_id text NOT NULL,
  documents integer NOT NULL,
  vector tsvector NOT NULL,
  PRIMARY KEY (tenant_id, story_id),
  FOREIGN KEY (tenant_id, story_id) REFERENCES stories (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX search_stories_vector ON search_stories USING gin (vector);

-- A document's rows, written again from its row (removed when it is not completed): the trigger on events and
-- the backfill below both call this.
CREATE FUNCTION search_index_document(p_tenant text, p_id text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE tenant_id = p_tenant AND event_id = p_id;
  DELETE FROM search_entity_names WHERE tenant_id = p_tenant AND event_id = p_id;
  INSERT INTO search_documents (tenant_id, event_id, at, pestle, data_source_id, publisher, host, title, vector)
    SELECT e.tenant_id, e.id,
           coalesce(search_time(e.payload->'provenance'->>'publishedAt'), e.ingested_at),
           e.payload->>'pestleCategory',
           e.data_source_id,
           lower(nullif(trim(e.payload->'provenance'->>'publisher'), '')),
           lower(substring(e.payload->'provenance'->>'url' FROM '^[A-Za-z]+://(?:www\.)?([^/:?#]+)')),
           to_tsvector('english', coalesce(e.title, e.payload->>'aiTitle', '')),
           setweight(to_tsvector('english', coalesce(e.title, e.payload->>'aiTitle', '')), 'A')
             || setweight(to_tsvector('english', coalesce(e.summary, e.payload->>'aiSummary', '')), 'B')
             || setweight(to_tsvector('english', coalesce(e.payload->>'cleanedContent', '')), 'C')
      FROM events e WHERE e.tenant_id = p_tenant AND e.id = p_id AND e.status = 'completed';
  -- Each name once: as an entity's own text before as another's alias.
  INSERT INTO search_entity_names (tenant_id, event_id, name, kind, entity, aliases, mentions, vector)
    SELECT DISTINCT ON (n.name) p_tenant, p_id, n.name, n.kind, n.entity, n.aliases, n.mentions, to_tsvector('english', n.name)
      FROM events ev,
           LATERAL (SELECT CASE WHEN jsonb_typeof(ev.payload->'detectedEntities') = 'array' THEN ev.payload->'detectedEntities' ELSE '[]'::jsonb END AS list) l,
           LATERAL (
             SELECT trim(x.e->>'text') AS entity, coalesce(x.e->>'kind', 'other') AS kind,
                    CASE WHEN jsonb_typeof(x.e->'aliases') = 'array' THEN x.e->'aliases' ELSE '[]'::jsonb END AS aliases,
                    greatest(1, CASE WHEN jsonb_typeof(x.e->'mentionCount') = 'number' THEN (x.e->>'mentionCount')::numeric::integer
                                     WHEN jsonb_typeof(x.e->'mentions') = 'array' THEN jsonb_array_length(x.e->'mentions') ELSE 1 END) AS mentions
               FROM jsonb_array_elements(l.list) x(e) WHERE jsonb_typeof(x.e->'text') = 'string'
           ) o,
           LATERAL (SELECT o.entity AS name, 0 AS alias UNION ALL SELECT trim(a #>> '{}'), 1 FROM jsonb_array_elements(o.aliases) a WHERE jsonb_typeof(a) = 'string') m,
           LATERAL (SELECT m.name, o.kind, o.entity, o.aliases, o.mentions) n
     WHERE ev.tenant_id = p_tenant AND ev.id = p_id AND ev.status = 'completed' AND n.name <> '' AND o.entity <> ''
     ORDER BY n.name, m.alias, n.entity;
END $$;

CREATE FUNCTION search_index_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_document(NEW.tenant_id, NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER events_search_insert AFTER INSERT ON events FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION search_index_event();
CREATE TRIGGER events_search_update AFTER UPDATE OF status, title, summary, payload, ingested_at, data_source_id ON events
  FOR EACH ROW WHEN (OLD.status = 'completed' OR NEW.status = 'completed') EXECUTE FUNCTION search_index_event();

CREATE FUNCTION search_frame_vector(body jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(body->>'actionDescription', '')), 'A')
      || setweight(to_tsvector('english', coalesce(body->'source'->>'sentence', '') || ' ' || coalesce(body->>'summary', '')), 'B')
      || setweight(to_tsvector('english', coalesce((
           SELECT string_agg(x->>'text', ' ') FROM jsonb_array_elements(
             (CASE WHEN jsonb_typeof(body->'actors'->'entries') = 'array' THEN body->'actors'->'entries' ELSE '[]'::jsonb END)
             || (CASE WHEN jsonb_typeof(body->'resources'->'entries') = 'array' THEN body->'resources'->'entries' ELSE '[]'::jsonb END)) x
            WHERE jsonb_typeof(x->'text') = 'string'), '')), 'C')
$$;

CREATE FUNCTION search_index_frame() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_frames (tenant_id, frame_id, event_id, category, action_type, vector)
    VALUES (NEW.tenant_id, NEW.id, NEW.event_id, NEW.body->'cameo'->>'code', lower(coalesce(NEW.action_type, NEW.body->>'actionType')), search_frame_vector(NEW.body::jsonb))
    ON CONFLICT (tenant_id, frame_id) DO UPDATE SET event_id = EXCLUDED.event_id, category = EXCLUDED.category, action_type = EXCLUDED.action_type, vector = EXCLUDED.vector;
  RETURN NULL;
END $$;

CREATE TRIGGER action_frames_search AFTER INSERT OR UPDATE OF body, action_type, event_id ON action_frames FOR EACH ROW EXECUTE FUNCTION search_index_frame();

CREATE FUNCTION search_story_vector(body jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(body->>'title', '')), 'A')
      || setweight(to_tsvector('english', coalesce((
           SELECT string_agg(coalesce(s->>'title', '') || ' ' || coalesce(s->>'publisher', ''), ' ')
             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(body->'sources') = 'array' THEN body->'sources' ELSE '[]'::jsonb END) s), '')), 'B')
$$;

CREATE FUNCTION search_story_documents(body jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(body->'documentIds') = 'array' THEN jsonb_array_length(body->'documentIds') ELSE 0 END
$$;

CREATE FUNCTION search_index_story() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_stories (tenant_id, story_id, documents, vector) VALUES (NEW.tenant_id, NEW.id, search_story_documents(NEW.body), search_story_vector(NEW.body))
    ON CONFLICT (tenant_id, story_id) DO UPDATE SET documents = EXCLUDED.documents, vector = EXCLUDED.vector;
  RETURN NULL;
END $$;

CREATE TRIGGER stories_search AFTER INSERT OR UPDATE OF body ON stories FOR EACH ROW EXECUTE FUNCTION search_index_story();

-- The rows that exist already.
SELECT search_index_document(tenant_id, id) FROM events WHERE status = 'completed';
INSERT INTO search_frames (tenant_id, frame_id, event_id, category, action_type, vector)
  SELECT tenant_id, id, event_id, body->'cameo'->>'code', lower(coalesce(action_type, body->>'actionType')), search_frame_vector(body::jsonb) FROM action_frames;
INSERT INTO search_stories (tenant_id, story_id, documents, vector) SELECT tenant_id, id, search_story_documents(body), search_story_vector(body) FROM stories;
