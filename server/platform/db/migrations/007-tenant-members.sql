-- Tenancy that needs proof (issue 16). verified_at: when a token of this user with a verified e-mail was
-- first seen (the earliest verified member of a corporate tenant may remove the others). removed_at and
-- removed_by: when and by whom the member was removed; a removed member's tokens no longer open the
-- tenant, nor do those of a later account with the same address in it.
ALTER TABLE users ADD COLUMN verified_at timestamptz;
ALTER TABLE users ADD COLUMN removed_at timestamptz;
ALTER TABLE users ADD COLUMN removed_by text;
CREATE INDEX users_tenant_email ON users (tenant_id, email);
