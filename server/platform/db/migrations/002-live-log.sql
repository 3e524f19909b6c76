-- The live log: every live message of a session, in order. `seq` is the message id the client sees;
-- it increases strictly within a session (allocated under the session's row lock in live_log_heads).

CREATE TABLE live_log_heads (
  tenant_id text NOT NULL,
  session_id text NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, session_id)
);

CREATE TABLE live_log (
  tenant_id text NOT NULL,
  session_id text NOT NULL,
  seq bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, session_id, seq)
);
