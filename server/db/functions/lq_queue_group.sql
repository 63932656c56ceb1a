-- The rule's groups (docs/product-rules.md, "Queue ordering"; queue-order.ts, queueGroup): 1 pending, 2
-- other, 3 actively penalised, 4 not interested (even with a penalty).
CREATE OR REPLACE FUNCTION lq_queue_group(status text, penalty_until timestamptz, at timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN status = 'not_interested' THEN 4
    WHEN penalty_until > at THEN 3
    WHEN status = 'pending' THEN 1
    ELSE 2
  END
$$;
