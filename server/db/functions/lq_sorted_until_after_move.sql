-- The end of the span over which the stored order is known sorted, after one entry moved to the end of
-- its group (status and penalty: its new ones): a live penalty ends the span when it lapses (see
-- lq_sorted_from_after_move).
CREATE OR REPLACE FUNCTION lq_sorted_until_after_move(
  sorted_until timestamptz, status text, penalty_until timestamptz, at timestamptz
) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN status <> 'not_interested' AND penalty_until > at
         AND (sorted_until IS NULL OR sorted_until >= penalty_until) THEN penalty_until
    ELSE sorted_until
  END
$$;
