-- Each story member's source, by index (issue 20, item 5): setting or clearing an analyst's grade of a source
-- assesses again every story with a document from it, found here without reading the tenant's members.
CREATE INDEX story_members_source ON story_members (tenant_id, (fingerprint->>'sourceKey'));
