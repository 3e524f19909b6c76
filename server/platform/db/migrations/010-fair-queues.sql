-- Fair queues (issue 17, server/modules/pipeline/fair-queue.ts): jobs are served fairly across tenants, and across
-- the sources of a tenant, on top of pg-boss's fetch order (priority desc, created_on).
--
-- Across tenants: start-time fair queuing. Each (tenant, queue) lane hands its jobs consecutive tags from
-- max(V, the lane's next tag), V being the queue's virtual time (the tag of the latest job a worker took);
-- a job's pg-boss priority is minus its tag. A tenant that queues 500 jobs takes tags V … V+499; another
-- tenant's job queued next takes V and is served before the flood's second job.
-- Within a tenant: when a worker takes a tenant's job (`pipeline_fair_claim`), the document it runs is the
-- oldest waiting one of the tenant's source served least recently (round robin), swapped into the taken
-- job if need be; the tenant's place in the queue stays what its tags say.
--
-- A job's source is the data source of its event; documents of single-document sources (a pasted text, a
-- web page, a file: the ingest routes make one per document) and of none are one stream per tenant, ''.
-- Each job's data carries `fair`: {tag, source} (its document's own tag, which orders a source's documents
-- oldest first wherever swaps moved them, and its source).
-- Tags are bigint here and shifted down together (`pipeline_fair_rebase`) before they leave the int4 range
-- of pg-boss's priority. Every function takes the queue's advisory lock (shared; the rebase exclusive).

-- The queue's virtual time: the tag of the latest job a worker took.
CREATE TABLE pipeline_fair_queues (
  queue text PRIMARY KEY,
  v bigint NOT NULL
);

-- A tenant's lane in a queue: the next tag it hands out, the source of the last job it queued, and up to
-- which tag its jobs may come from more than one source (beyond it, taking a job needs no round robin).
CREATE TABLE pipeline_fair_lanes (
  tenant_id text NOT NULL,
  queue text NOT NULL,
  next_tag bigint NOT NULL,
  last_source text NOT NULL,
  mixed_until bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, queue)
);

-- When each source of a tenant was last served in a queue (the tag of the job it ran in).
CREATE TABLE pipeline_fair_sources (
  tenant_id text NOT NULL,
  queue text NOT NULL,
  source_id text NOT NULL,
  served_at bigint NOT NULL,
  PRIMARY KEY (tenant_id, queue, source_id)
);

-- Tags for `p_events` (one tenant's jobs for one queue, in order), and the source of each (sources of the
-- kinds `p_single_kinds` count as '').
CREATE FUNCTION pipeline_fair_enqueue(p_queue text, p_tenant text, p_events text[], p_single_kinds text[])
RETURNS TABLE (job_event text, job_tag bigint, job_source text)
LANGUAGE plpgsql AS $$
DECLARE
  v_now bigint;
  v_sources text[];
  v_count int := cardinality(p_events);
  v_mixed boolean;
  v_first bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4242171, hashtext(p_queue));
  SELECT q.v INTO v_now FROM pipeline_fair_queues q WHERE q.queue = p_queue;
  v_now := COALESCE(v_now, 0);
  SELECT array_agg(CASE WHEN ds.kind IS NULL OR ds.kind = ANY(p_single_kinds) THEN '' ELSE ds.id END ORDER BY x.i) INTO v_sources
    FROM unnest(p_events) WITH ORDINALITY AS x(id, i)
    LEFT JOIN events e ON e.tenant_id = p_tenant AND e.id = x.id
    LEFT JOIN data_sources ds ON ds.tenant_id = p_tenant AND ds.id = e.data_source_id;
  v_mixed := (SELECT count(DISTINCT s) FROM unnest(v_sources) AS s) > 1;
  -- The lane's row lock orders concurrent inserters of one tenant; other tenants do not wait.
  INSERT INTO pipeline_fair_lanes AS l (tenant_id, queue, next_tag, last_source, mixed_until, updated_at)
  VALUES (p_tenant, p_queue, v_now + v_count, v_sources[v_count], CASE WHEN v_mixed THEN v_now + v_count - 1 ELSE v_now - 1 END, now())
  ON CONFLICT (tenant_id, queue) DO UPDATE SET
    next_tag = GREATEST(v_now, l.next_tag) + v_count,
    -- Mixed from here on when this batch has two sources, or follows another source's jobs that may still wait.
    mixed_until = CASE WHEN v_mixed OR (l.next_tag > v_now AND l.last_source <> v_sources[1]) THEN GREATEST(v_now, l.next_tag) + v_count - 1 ELSE l.mixed_until END,
    last_source = v_sources[v_count],
    updated_at = now()
  RETURNING l.next_tag - v_count INTO v_first;
  RETURN QUERY SELECT x.id, v_first + x.i - 1, v_sources[x.i] FROM unnest(p_events) WITH ORDINALITY AS x(id, i) ORDER BY x.i;
END $$;

-- A worker took job `p_job` of queue `p_queue`: advances the queue's virtual time and, for a job never run
-- before, puts into it the document its tenant's round robin of sources says is next. Returns the data the
-- worker is to run and the job's tag; nothing when the job is gone.
CREATE FUNCTION pipeline_fair_claim(p_queue text, p_job uuid)
RETURNS TABLE (job_data jsonb, job_tag bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_job record;
  v_tag bigint;
  v_data jsonb;
  v_tenant text;
  v_mixed_until bigint;
  v_pick record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4242171, hashtext(p_queue));
  SELECT -j.priority::bigint AS tag, j.retry_count, j.data INTO v_job FROM pgboss.job j WHERE j.name = p_queue AND j.id = p_job;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_tag := v_job.tag;
  v_data := v_job.data;
  v_tenant := v_data->>'tenantId';
  -- A retry runs what it ran before and keeps its tag; it does not count as a turn of its source.
  IF v_job.retry_count = 0 AND v_tenant IS NOT NULL THEN
    -- The lane's row lock orders the tenant's claims in this queue (several workers, several processes).
    SELECT l.mixed_until INTO v_mixed_until FROM pipeline_fair_lanes l WHERE l.tenant_id = v_tenant AND l.queue = p_queue FOR UPDATE;
    IF FOUND AND v_tag <= v_mixed_until THEN
      -- Candidates: this job's document and, per other source, the oldest of the tenant's waiting documents.
      SELECT c.id, c.data, c.row_tag INTO v_pick
        FROM (
          SELECT p_job AS id, v_data AS data, COALESCE(v_data->'fair'->>'source', '') AS source,
                 COALESCE((v_data->'fair'->>'tag')::bigint, v_tag) AS doc_tag, v_tag AS row_tag
          UNION ALL
          (SELECT DISTINCT ON (COALESCE(j.data->'fair'->>'source', '')) j.id, j.data, COALESCE(j.data->'fair'->>'source', ''),
                  COALESCE((j.data->'fair'->>'tag')::bigint, -j.priority::bigint), -j.priority::bigint
             FROM pgboss.job j
            WHERE j.name = p_queue AND j.state = 'created' AND j.data->>'tenantId' = v_tenant
            ORDER BY COALESCE(j.data->'fair'->>'source', ''), COALESCE((j.data->'fair'->>'tag')::bigint, -j.priority::bigint), j.id)
        ) c
        LEFT JOIN pipeline_fair_sources s ON s.tenant_id = v_tenant AND s.queue = p_queue AND s.source_id = c.source
       ORDER BY s.served_at ASC NULLS FIRST, c.doc_tag, (c.id = p_job) DESC
       LIMIT 1;
      IF v_pick.id <> p_job THEN
        -- Unless another worker took that job meanwhile: then this one runs its own document.
        UPDATE pgboss.job j SET data = v_data WHERE j.name = p_queue AND j.id = v_pick.id AND j.state = 'created' AND j.data = v_pick.data;
        IF FOUND THEN
          UPDATE pgboss.job j SET data = v_pick.data WHERE j.name = p_queue AND j.id = p_job;
          v_data := v_pick.data;
          -- The displaced document may now sit beyond the mixed range: widen it.
          UPDATE pipeline_fair_lanes l SET mixed_until = GREATEST(l.mixed_until, v_pick.row_tag) WHERE l.tenant_id = v_tenant AND l.queue = p_queue;
        END IF;
      END IF;
    END IF;
    INSERT INTO pipeline_fair_sources AS s (tenant_id, queue, source_id, served_at)
    VALUES (v_tenant, p_queue, COALESCE(v_data->'fair'->>'source', ''), v_tag)
    ON CONFLICT (tenant_id, queue, source_id) DO UPDATE SET served_at = GREATEST(s.served_at, EXCLUDED.served_at);
  END IF;
  -- Last, so the queue's row is locked only briefly (every claim of the queue updates it).
  INSERT INTO pipeline_fair_queues AS q (queue, v) VALUES (p_queue, v_tag)
  ON CONFLICT (queue) DO UPDATE SET v = GREATEST(q.v, EXCLUDED.v);
  RETURN QUERY SELECT v_data, v_tag;
END $$;

-- Shifts every tag of the queue down by its virtual time (or the smallest tag of an unfinished job, when
-- lower), keeping all orders. Returns the shift, or NULL when inserters or claims hold the queue right now
-- (the caller tries again later; tags have 2^30 of headroom above the threshold that asks for it).
CREATE FUNCTION pipeline_fair_rebase(p_queue text)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_shift bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(4242171, hashtext(p_queue)) THEN
    RETURN NULL;
  END IF;
  SELECT LEAST(COALESCE((SELECT q.v FROM pipeline_fair_queues q WHERE q.queue = p_queue), 0),
               COALESCE((SELECT min(-j.priority::bigint) FROM pgboss.job j WHERE j.name = p_queue AND j.state < 'completed'), 9223372036854775807))
    INTO v_shift;
  IF v_shift <= 0 THEN
    RETURN 0;
  END IF;
  UPDATE pgboss.job j
     SET priority = j.priority + v_shift,
         data = CASE WHEN j.data->'fair' ? 'tag' THEN jsonb_set(j.data, '{fair,tag}', to_jsonb((j.data->'fair'->>'tag')::bigint - v_shift)) ELSE j.data END
   WHERE j.name = p_queue AND j.state < 'completed';
  UPDATE pipeline_fair_lanes l SET next_tag = l.next_tag - v_shift, mixed_until = l.mixed_until - v_shift WHERE l.queue = p_queue;
  UPDATE pipeline_fair_sources s SET served_at = s.served_at - v_shift WHERE s.queue = p_queue;
  UPDATE pipeline_fair_queues q SET v = q.v - v_shift WHERE q.queue = p_queue;
  RETURN v_shift;
END $$;
