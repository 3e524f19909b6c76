-- A document's band keys by the document (issue 20): placing it again (a reprocess) and deleting it (the
-- cascade from events) find its rows by index instead of scanning every band of the tenant.
CREATE INDEX story_bands_event ON story_bands (tenant_id, event_id);
