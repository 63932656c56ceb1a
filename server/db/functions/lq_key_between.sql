-- A key strictly between two neighbours' (null: none on that side), or null when no integer is free
-- there. `extends_group`: the entry before is of the same group, so more of it may follow: a small step,
-- keeping the rest of the gap for them; otherwise the middle.
CREATE OR REPLACE FUNCTION lq_key_between(before bigint, after bigint, extends_group boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN before IS NULL AND after IS NULL THEN 16777216
    WHEN after IS NULL THEN CASE WHEN before + 16777216 <= 9007199254740991 THEN before + 16777216 END
    WHEN before IS NULL THEN CASE WHEN after - 16777216 >= -9007199254740991 THEN after - 16777216 END
    WHEN after - before < 2 THEN NULL
    WHEN extends_group THEN before + least(4096, (after - before) / 2)
    ELSE before + (after - before) / 2
  END
$$;
