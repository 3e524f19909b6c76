-- What a briefing needs from beyond its subject, found by index (issue 20, item 8; written by
-- server/modules/intelligence/briefing-keys.ts, read by briefing-scope.ts), so no briefing reads the corpus.
--
-- frame_actor_keys: for each frame of a completed document, one row per key of each actor name (aliases.ts
-- `nameKeys`) with what an opposite reading is judged by (negated, sentiment): the frames sharing an actor
-- with a frame (its briefing's connections), and those among them that contradict it (its conflicts).
-- document_name_keys: for each completed document, the keys of every name it gives an entity (detected
-- entities and their aliases, its frames' actors and resources): the documents an entity's briefing reads.
--
-- A document's rows are written again in the transaction that completes it (deleted, then inserted: a retry or
-- a reprocess leaves the same rows) and go with it (the cascade from events).
CREATE TABLE frame_actor_keys (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  frame_id text NOT NULL,
  actor_key text NOT NULL,
  action_type text NOT NULL,
  negated boolean NOT NULL,
  sentiment double precision NOT NULL,
  PRIMARY KEY (tenant_id, event_id, frame_id, actor_key),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
-- A frame's contradictions are looked up by key and action type: negated against not, or sentiment in a range,
-- each the first by the index's order, so a much-named actor with no contradiction costs one probe, not a scan.
CREATE INDEX frame_actor_keys_negated ON frame_actor_keys (tenant_id, actor_key, action_type, negated, frame_id);
CREATE INDEX frame_actor_keys_sentiment ON frame_actor_keys (tenant_id, actor_key, action_type, sentiment, frame_id);

CREATE TABLE document_name_keys (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  name_key text NOT NULL,
  PRIMARY KEY (tenant_id, event_id, name_key),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX document_name_keys_key ON document_name_keys (tenant_id, name_key);

-- The documents completed before this migration, whose keys the server writes when it starts (the keys are the
-- gazetteer's and the alias rules', not SQL's); each row goes when its document's keys are written.
CREATE TABLE briefing_keys_backfill (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
INSERT INTO briefing_keys_backfill (tenant_id, event_id) SELECT tenant_id, id FROM events WHERE status = 'completed';
