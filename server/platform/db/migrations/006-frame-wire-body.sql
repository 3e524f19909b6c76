-- A frame's body holds the frame as the API sends it, as JSON text: the analysis frame with the row's
-- columns over it (server/modules/session-data/queries.ts `toActionFrame`, which `replaceFrames` stores). A session load
-- then sends the stored texts as they are: json is kept as written, where jsonb would be printed anew for
-- every frame of every load (three times the work on PGlite for a 100,000-frame workspace). Frames are
-- written once and never changed, so the columns and the body cannot drift apart.
-- jsonb `||` lets the right side win, as Object.assign does; updatedAt as JavaScript's toISOString writes it.
ALTER TABLE action_frames ALTER COLUMN body TYPE json USING (body || jsonb_build_object(
  'id', id,
  'parentId', event_id,
  'parentEventId', event_id,
  'status', status,
  'actionIndex', action_index,
  'totalActions', total_actions,
  'tenantId', tenant_id,
  'sessionId', session_id,
  'researchId', research_id,
  'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
))::json;
