-- Exact copies are not analysed again (issue 20): a document whose cleaned text has the same hash as one the
-- tenant analysed already reuses that analysis, found by its orchestrator run's content hash.
CREATE INDEX pipeline_stage_runs_analysed ON pipeline_stage_runs (tenant_id, content_hash) WHERE stage = 'Core_EventOrchestrator';
