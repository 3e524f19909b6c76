-- Which frames are contradicted by another document, kept as documents come and go (issue 22, item 1), so a
-- briefing reads its frames' conflicts instead of probing for them: a 2,000-document research probed its
-- 47,000 key rows twice each on every first read after an arrival (0.5 s at 4,000 documents, 0.9 s at 22,000).
--
-- frame_conflicts: one row for each frame of a completed document that a frame of another completed document
-- contradicts by its actor keys (018's rows): the same action type, an actor key in common, and the opposite
-- reading (one negated and the other not, or sentiments of opposite signs at least 0.5 apart: uncertainties.ts
-- `disagreement` and OPPOSED_SENTIMENT_GAP). `witness_event_id` is one such other document, any one.
--
-- It is kept with the key rows:
-- - a document's keys written (briefing-keys.ts, in the transaction that completes it): its frames with a
--   witness are marked, and every frame of another document its frames contradict is marked with it
--   (`frame_conflicts_arrive`);
-- - a document's keys going (written again, the document leaving 'completed', or deleted): its frames' rows
--   go, and each frame it was the witness of gets another witness or loses its row (`frame_conflicts_leave`).
-- So a row stands exactly while its frame has a witness, whatever order documents complete and go in. Both
-- hold the tenant's lock until their transaction ends (`frame_conflicts_lock`), so two documents completing or
-- going at once see each other's rows: without it, each could miss the other and leave a contradiction unmarked
-- or a mark whose witness went.

CREATE TABLE frame_conflicts (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  frame_id text NOT NULL,
  witness_event_id text NOT NULL,
  PRIMARY KEY (tenant_id, event_id, frame_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX frame_conflicts_witness ON frame_conflicts (tenant_id, witness_event_id);

-- The tenant's lock on its contradictions until the transaction ends. It is the stories' lock
-- (server/modules/stories/queries.ts `lockTenantStories`), which a completing document holds already to place
-- it in its story: one lock, so no two transactions can take the two in opposite orders.
CREATE FUNCTION frame_conflicts_lock(t text) RETURNS void
LANGUAGE sql AS $$ SELECT pg_advisory_xact_lock(hashtext('stories:' || t)) $$;

-- One document other than `own` and `gone` whose frame contradicts a key row with these values, or null.
-- Each probe is the first row of an index range (018's indexes), however often the key occurs: the opposite
-- negation; else, for a positive sentiment, the most negative (for a negative one, the most positive).
CREATE FUNCTION frame_conflict_witness(t text, own text, gone text, k text, kind text, neg boolean, s double precision) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(
    (SELECT o.event_id FROM frame_actor_keys o
      WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.negated = NOT neg AND o.event_id <> own AND o.event_id <> gone
      LIMIT 1),
    (SELECT o.event_id FROM frame_actor_keys o
      WHERE s > 0 AND o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment < 0 AND abs(o.sentiment - s) >= 0.5
        AND o.event_id <> own AND o.event_id <> gone
      ORDER BY o.sentiment LIMIT 1),
    (SELECT o.event_id FROM frame_actor_keys o
      WHERE s < 0 AND o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment > 0 AND abs(o.sentiment - s) >= 0.5
        AND o.event_id <> own AND o.event_id <> gone
      ORDER BY o.sentiment DESC LIMIT 1))
$$;

-- Whether two documents other than `doc` read a key as firmly as a row with these values, on the side
-- `by_sentiment` says (the same negation; a sentiment at least as far from 0 with the same sign): then every
-- row that row contradicts that way is contradicted by one of theirs too, so it holds its mark already.
CREATE FUNCTION frame_conflicts_covered(t text, doc text, k text, kind text, neg boolean, s double precision, by_sentiment boolean) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
  first text;
BEGIN
  IF NOT by_sentiment THEN
    SELECT o.event_id INTO first FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.negated = neg AND o.event_id <> doc LIMIT 1;
    RETURN first IS NOT NULL AND EXISTS (SELECT 1 FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.negated = neg AND o.event_id <> doc AND o.event_id <> first);
  ELSIF s > 0 THEN
    SELECT o.event_id INTO first FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment >= s AND o.event_id <> doc LIMIT 1;
    RETURN first IS NOT NULL AND EXISTS (SELECT 1 FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment >= s AND o.event_id <> doc AND o.event_id <> first);
  ELSIF s < 0 THEN
    SELECT o.event_id INTO first FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment <= s AND o.event_id <> doc LIMIT 1;
    RETURN first IS NOT NULL AND EXISTS (SELECT 1 FROM frame_actor_keys o
     WHERE o.tenant_id = t AND o.actor_key = k AND o.action_type = kind AND o.sentiment <= s AND o.event_id <> doc AND o.event_id <> first);
  END IF;
  RETURN true; -- a sentiment of 0 contradicts none by sentiment
END $$;

-- A document's key rows were written: its frames' witnesses, and the frames of other documents it witnesses.
-- The caller holds the tenant's lock (`frame_conflicts_lock`), so every other document's rows stand as marked.
CREATE FUNCTION frame_conflicts_arrive(t text, doc text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO frame_conflicts (tenant_id, event_id, frame_id, witness_event_id)
  SELECT DISTINCT ON (frame_id) t, doc, frame_id, witness FROM (
    SELECT s.frame_id, frame_conflict_witness(t, doc, doc, s.actor_key, s.action_type, s.negated, s.sentiment) AS witness
      FROM frame_actor_keys s WHERE s.tenant_id = t AND s.event_id = doc) w
   WHERE witness IS NOT NULL
   ORDER BY frame_id
  ON CONFLICT DO NOTHING;
  -- Each branch reads only the contradicting rows of the key (an index range), not all of the key's rows, and
  -- none when two other documents read the key as firmly (the rows it contradicts are marked already: a much-
  -- named actor's thousands of rows are read once its readings are established, not at every arrival).
  INSERT INTO frame_conflicts (tenant_id, event_id, frame_id, witness_event_id)
  SELECT DISTINCT t, o.event_id, o.frame_id, doc FROM frame_actor_keys s
    JOIN LATERAL (
      SELECT o.event_id, o.frame_id FROM frame_actor_keys o
       WHERE NOT frame_conflicts_covered(t, doc, s.actor_key, s.action_type, s.negated, s.sentiment, false)
         AND o.tenant_id = t AND o.actor_key = s.actor_key AND o.action_type = s.action_type AND o.negated = NOT s.negated
      UNION ALL
      SELECT o.event_id, o.frame_id FROM frame_actor_keys o
       WHERE s.sentiment > 0 AND NOT frame_conflicts_covered(t, doc, s.actor_key, s.action_type, s.negated, s.sentiment, true)
         AND o.tenant_id = t AND o.actor_key = s.actor_key AND o.action_type = s.action_type AND o.sentiment < 0
         AND abs(o.sentiment - s.sentiment) >= 0.5
      UNION ALL
      SELECT o.event_id, o.frame_id FROM frame_actor_keys o
       WHERE s.sentiment < 0 AND NOT frame_conflicts_covered(t, doc, s.actor_key, s.action_type, s.negated, s.sentiment, true)
         AND o.tenant_id = t AND o.actor_key = s.actor_key AND o.action_type = s.action_type AND o.sentiment > 0
         AND abs(o.sentiment - s.sentiment) >= 0.5) o ON o.event_id <> doc
   WHERE s.tenant_id = t AND s.event_id = doc
  ON CONFLICT DO NOTHING;
END $$;

-- A document's key rows went (or are about to be written again): its frames' rows go, and the frames it
-- witnessed take another witness (another document's, never its own or this one's) or lose their row.
CREATE FUNCTION frame_conflicts_leave(t text, doc text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM frame_conflicts WHERE tenant_id = t AND event_id = doc;
  UPDATE frame_conflicts c SET witness_event_id = w.witness
    FROM (SELECT DISTINCT ON (event_id, frame_id) event_id, frame_id, witness FROM (
            SELECT c.event_id, c.frame_id, frame_conflict_witness(t, c.event_id, doc, s.actor_key, s.action_type, s.negated, s.sentiment) AS witness
              FROM frame_conflicts c
              JOIN frame_actor_keys s ON s.tenant_id = c.tenant_id AND s.event_id = c.event_id AND s.frame_id = c.frame_id
             WHERE c.tenant_id = t AND c.witness_event_id = doc) x
           WHERE witness IS NOT NULL
           ORDER BY event_id, frame_id) w
   WHERE c.tenant_id = t AND c.event_id = w.event_id AND c.frame_id = w.frame_id;
  DELETE FROM frame_conflicts WHERE tenant_id = t AND witness_event_id = doc;
END $$;

-- A document leaving 'completed' loses its keys (031) and, with them, what it witnessed.
CREATE OR REPLACE FUNCTION briefing_keys_leave() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM frame_conflicts_lock(NEW.tenant_id);
  DELETE FROM frame_actor_keys WHERE tenant_id = NEW.tenant_id AND event_id = NEW.id;
  DELETE FROM document_name_keys WHERE tenant_id = NEW.tenant_id AND event_id = NEW.id;
  PERFORM frame_conflicts_leave(NEW.tenant_id, NEW.id);
  RETURN NULL;
END $$;

-- A completed document about to be deleted: the tenant's lock first, before the cascades take its rows (a
-- transaction holding the lock may be waiting for one of them).
CREATE FUNCTION frame_conflicts_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM frame_conflicts_lock(OLD.tenant_id);
  RETURN OLD;
END $$;

CREATE TRIGGER events_frame_conflicts_deleting BEFORE DELETE ON events
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION frame_conflicts_deleting();

-- Completed documents deleted: what they witnessed. Once per statement, after the cascades took every deleted
-- document's keys and rows (a row trigger would run while the statement's other deleted documents still had
-- theirs, and could pick one of them as a witness).
CREATE FUNCTION frame_conflicts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN SELECT tenant_id, id FROM gone WHERE status = 'completed' LOOP
    PERFORM frame_conflicts_leave(d.tenant_id, d.id);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER events_frame_conflicts_deleted AFTER DELETE ON events
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION frame_conflicts_deleted();

-- The frames contradicted already.
INSERT INTO frame_conflicts (tenant_id, event_id, frame_id, witness_event_id)
SELECT DISTINCT ON (tenant_id, event_id, frame_id) tenant_id, event_id, frame_id, witness FROM (
  SELECT s.tenant_id, s.event_id, s.frame_id, frame_conflict_witness(s.tenant_id, s.event_id, s.event_id, s.actor_key, s.action_type, s.negated, s.sentiment) AS witness
    FROM frame_actor_keys s) w
 WHERE witness IS NOT NULL
 ORDER BY tenant_id, event_id, frame_id;
