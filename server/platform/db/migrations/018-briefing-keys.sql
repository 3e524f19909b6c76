-- What a briefing needs from beyond its subject, by index (issue 20, item 8; server/modules/intelligence/actor-keys.ts).
-- A briefing reads its subject's documents only, but a frame's conflicting_sources look across the tenant for a
-- frame of another document with the same action type, a shared actor and the opposite reading. frame_actor_keys
-- holds, for each frame of a completed document, one row per key of each actor name (aliases.ts `nameKeys`) with
-- what the opposite reading is judged by (negated, sentiment), so those frames are found by index instead of by
-- reading the corpus. A document's rows are written again in the transaction that completes it (deleted, then
-- inserted: a retry or a reprocess leaves the same rows) and go with it (the cascade from events).
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
CREATE INDEX frame_actor_keys_key ON frame_actor_keys (tenant_id, actor_key, action_type, frame_id);

-- The documents completed before this migration, whose keys the server writes when it starts (the keys are the
-- gazetteer's and the alias rules', not SQL's); each row goes when its document's keys are written.
CREATE TABLE frame_actor_keys_backfill (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
INSERT INTO frame_actor_keys_backfill (tenant_id, event_id) SELECT tenant_id, id FROM events WHERE status = 'completed';
