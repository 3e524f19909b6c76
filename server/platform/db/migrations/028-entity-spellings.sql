-- The tenant's entity spellings, kept as documents complete (issue 22, item 1): which entity every name is
-- (aliases.ts `mergeEntities`) depends on every spelling the tenant's documents give, so a workspace's entity
-- graph or a research's graph read the tenant's whole corpus to name their entities, and grew with it. The
-- merge needs, of each spelling (an entity as one document reports it: its text, kind and aliases), only how
-- many times documents gave it and their mentions in all; this table keeps those sums, so a view reads its own
-- documents and the tenant's spellings (server/modules/intelligence/queries/spellings.ts), not the corpus.
--
-- Kept by triggers on events in the transaction that writes the document, as the search tables are (019): a
-- document counts while it is completed, so completing, reprocessing (its detected entities read again), a
-- delete and an erasure move the sums by the difference between the row before and after. One statement a
-- change, its spellings upserted in key order (two documents of one tenant completing at once lock the rows
-- they share in the same order). A spelling no document gives any more is deleted.
--
-- What counts as a spelling is what corpus.ts `toDocument` reads from the payload's detectedEntities: an
-- object whose text is a non-empty string; its kind when a string, else 'other'; its aliases that are strings,
-- in order; its mentions, its mentionCount when a number, else the length of its mentions, at least 1.

CREATE TABLE entity_spellings (
  tenant_id text NOT NULL,
  -- md5 of text, kind and aliases: a key of bounded length, whatever the aliases.
  spelling text NOT NULL,
  text text NOT NULL,
  kind text NOT NULL,
  aliases jsonb NOT NULL,
  mentions double precision NOT NULL,
  occurrences integer NOT NULL,
  PRIMARY KEY (tenant_id, spelling)
);

CREATE FUNCTION entity_spellings_of(payload jsonb) RETURNS TABLE (text text, kind text, aliases jsonb, mentions double precision)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.e->>'text',
         CASE WHEN jsonb_typeof(x.e->'kind') = 'string' THEN x.e->>'kind' ELSE 'other' END,
         coalesce((SELECT jsonb_agg(a ORDER BY n) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(x.e->'aliases') = 'array' THEN x.e->'aliases' ELSE '[]'::jsonb END)
                     WITH ORDINALITY y(a, n) WHERE jsonb_typeof(a) = 'string'), '[]'::jsonb),
         greatest(1, CASE WHEN jsonb_typeof(x.e->'mentionCount') = 'number' THEN (x.e->>'mentionCount')::double precision
                          WHEN jsonb_typeof(x.e->'mentions') = 'array' THEN jsonb_array_length(x.e->'mentions') ELSE 0 END)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(payload->'detectedEntities') = 'array' THEN payload->'detectedEntities' ELSE '[]'::jsonb END) x(e)
   WHERE jsonb_typeof(x.e->'text') = 'string' AND x.e->>'text' <> ''
$$;

-- Moves a tenant's sums from one payload's spellings (a completed document's before the change, or null) to
-- another's (after it, or null).
CREATE FUNCTION entity_spellings_move(p_tenant text, p_before jsonb, p_after jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH up AS (
    INSERT INTO entity_spellings AS s (tenant_id, spelling, text, kind, aliases, mentions, occurrences)
      SELECT p_tenant, md5(d.text || E'\x01' || d.kind || E'\x01' || d.aliases::text), d.text, d.kind, d.aliases, sum(d.mentions), sum(d.n)
        FROM (SELECT a.text, a.kind, a.aliases, a.mentions, 1 AS n FROM entity_spellings_of(p_after) a
              UNION ALL
              SELECT b.text, b.kind, b.aliases, -b.mentions, -1 FROM entity_spellings_of(p_before) b) d
       GROUP BY d.text, d.kind, d.aliases
      HAVING sum(d.n) <> 0 OR sum(d.mentions) <> 0
       ORDER BY 2
      ON CONFLICT (tenant_id, spelling) DO UPDATE SET mentions = s.mentions + EXCLUDED.mentions, occurrences = s.occurrences + EXCLUDED.occurrences
      RETURNING s.spelling, s.occurrences
  )
  SELECT array_agg(up.spelling) INTO gone FROM up WHERE up.occurrences <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM entity_spellings WHERE tenant_id = p_tenant AND spelling = ANY(gone);
  END IF;
END $$;

CREATE FUNCTION entity_spellings_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM entity_spellings_move(NEW.tenant_id, NULL, NEW.payload);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM entity_spellings_move(OLD.tenant_id, OLD.payload, NULL);
  ELSE
    PERFORM entity_spellings_move(NEW.tenant_id,
      CASE WHEN OLD.status = 'completed' THEN OLD.payload END,
      CASE WHEN NEW.status = 'completed' THEN NEW.payload END);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_spellings_insert AFTER INSERT ON events
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION entity_spellings_event();
CREATE TRIGGER events_spellings_update AFTER UPDATE OF status, payload ON events
  FOR EACH ROW WHEN ((OLD.status = 'completed') <> (NEW.status = 'completed')
                     OR (NEW.status = 'completed' AND OLD.payload->'detectedEntities' IS DISTINCT FROM NEW.payload->'detectedEntities'))
  EXECUTE FUNCTION entity_spellings_event();
CREATE TRIGGER events_spellings_delete AFTER DELETE ON events
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION entity_spellings_event();

-- The documents completed already.
INSERT INTO entity_spellings (tenant_id, spelling, text, kind, aliases, mentions, occurrences)
  SELECT e.tenant_id, md5(s.text || E'\x01' || s.kind || E'\x01' || s.aliases::text), s.text, s.kind, s.aliases, sum(s.mentions), count(*)
    FROM events e, LATERAL entity_spellings_of(e.payload) s
   WHERE e.status = 'completed'
   GROUP BY e.tenant_id, s.text, s.kind, s.aliases;
