-- Network map format 2 (docs/network-map.md): a map is handed only to extensions that read its
-- format, and each extension reports which calls of its map failed lately, so the dashboard can
-- show which operations are degraded for which extension version.
ALTER TABLE network_maps ADD COLUMN format int NOT NULL DEFAULT 1;

ALTER TABLE memberships ADD COLUMN network_map_version int;
ALTER TABLE memberships ADD COLUMN network_health jsonb NOT NULL DEFAULT '[]'::jsonb;
