-- The start of the span over which the stored order is known sorted, after one entry moved to the end of
-- its group (status and penalty: its new ones): a penalty that lapsed inside the span starts it then.
-- "Not interested" is group 4 whatever its penalty says, so its penalty moves neither bound. A scalar SQL
-- function, inlined into the entry action's assignment (docs/decisions/001-queue-ordering.md).
CREATE OR REPLACE FUNCTION lq_sorted_from_after_move(
  sorted_from timestamptz, status text, penalty_until timestamptz, at timestamptz
) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN status <> 'not_interested' AND penalty_until <= at
         AND (sorted_from IS NULL OR sorted_from <= penalty_until) THEN penalty_until
    ELSE sorted_from
  END
$$;
