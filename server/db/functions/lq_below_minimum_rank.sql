-- Whether the player is below the item's minimum rank (docs/decisions/018-ranks.md): the item names one and
-- the player holds no rank or one of a greater level (0 is the highest). An award is refused then. Called
-- with the item row already locked (FOR UPDATE: its minimum cannot change meanwhile); it locks, FOR SHARE
-- until the caller's transaction ends, the player's row (a rank change or a rank's delete, which clears the
-- rank of its holders, waits) and the two rank rows (a reorder, which rewrites the levels, waits), so the
-- answer holds until the award commits.
CREATE OR REPLACE FUNCTION lq_below_minimum_rank(p_guild uuid, p_item uuid, p_player uuid)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  min_rank uuid;
  player_rank uuid;
  min_level integer;
  player_level integer;
BEGIN
  SELECT i.min_rank_id INTO min_rank FROM items i WHERE i.guild_id = p_guild AND i.id = p_item;
  IF min_rank IS NULL THEN
    RETURN false;
  END IF;
  SELECT p.rank_id INTO player_rank FROM players p
   WHERE p.guild_id = p_guild AND p.id = p_player FOR SHARE;
  IF player_rank IS NULL THEN
    RETURN true;
  END IF;
  SELECT level INTO min_level FROM guild_ranks WHERE guild_id = p_guild AND id = min_rank FOR SHARE;
  SELECT level INTO player_level FROM guild_ranks WHERE guild_id = p_guild AND id = player_rank FOR SHARE;
  -- A rank deleted meanwhile has cleared its references before this reads them (ON DELETE SET NULL).
  RETURN min_level IS NOT NULL AND (player_level IS NULL OR player_level > min_level);
END $$;
