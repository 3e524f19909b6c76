-- Stories, corroboration and source reliability (issue 20; the engine is server/analysis/stories/, the
-- module that keeps these tables server/modules/stories/). Kept as documents arrive, in the transaction
-- that stores a document's frames, so reading a workspace's stories reads rows, never the corpus.
--
-- story_members: one row per analysed document: its story and what placing the next document needs
-- (its fingerprint: content key, MinHash signature, band keys, main claim, claims, time, source, publisher).
-- story_bands: the document's LSH band keys, for finding near-duplicate candidates by index.
-- stories: each story as the wire sends it (src/protocol/stories.ts), rebuilt when a member changes.
-- source_outcomes: each source's corroborated / contradicted claims, one row per (source, story, claim),
-- rewritten when the story is assessed again, so a record never counts one outcome twice.
-- source_grades: the analyst's own grade of a source, which wins over its record.
CREATE TABLE story_members (
  tenant_id text NOT NULL,
  event_id text NOT NULL,
  story_id text NOT NULL,
  content_key text,
  claim_key text,
  event_at timestamptz NOT NULL,
  fingerprint jsonb NOT NULL,
  PRIMARY KEY (tenant_id, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX story_members_story ON story_members (tenant_id, story_id);
CREATE INDEX story_members_content ON story_members (tenant_id, content_key) WHERE content_key IS NOT NULL;
CREATE INDEX story_members_claim ON story_members (tenant_id, claim_key, event_at) WHERE claim_key IS NOT NULL;

CREATE TABLE story_bands (
  tenant_id text NOT NULL,
  band_key text NOT NULL,
  event_id text NOT NULL,
  event_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, band_key, event_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE stories (
  tenant_id text NOT NULL,
  id text NOT NULL,
  body jsonb NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE source_outcomes (
  tenant_id text NOT NULL,
  source_key text NOT NULL,
  story_id text NOT NULL,
  claim_key text NOT NULL,
  outcome text NOT NULL,
  PRIMARY KEY (tenant_id, source_key, story_id, claim_key)
);
CREATE INDEX source_outcomes_story ON source_outcomes (tenant_id, story_id);

CREATE TABLE source_grades (
  tenant_id text NOT NULL,
  source_key text NOT NULL,
  grade text NOT NULL,
  reason text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, source_key)
);
