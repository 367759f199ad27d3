-- A rollback publishes an older map's content as a new version (an extension keeps the highest
-- version it has seen, so an older number would never arrive): which version it copies.
ALTER TABLE network_maps ADD COLUMN copied_from int;
